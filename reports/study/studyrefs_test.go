package study

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/book"
)

// TestStudiesReferencesResolve resolves the cross-references and
// citations of every study's prose without running it: its tables and
// figures are those of its golden results.json, with their numbers. A
// reference to an id the study does not have, or a key refs.bib lacks,
// fails here in a second rather than at the end of a long run.
func TestStudiesReferencesResolve(t *testing.T) {
	paths, err := filepath.Glob("../../studies/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no studies found: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			s, err := LoadStudy(filepath.Join("../../studies", name+".yaml"), nil)
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join("../../studies/golden", name+".results.json"))
			if err != nil {
				t.Skipf("no golden results: %v", err)
			}
			var golden struct {
				Tables  []*reports.Table `json:"tables"`
				Figures []*reports.Chart `json:"figures"`
			}
			if err := json.Unmarshal(data, &golden); err != nil {
				t.Fatal(err)
			}
			r := &reports.Report{Name: s.Name, Title: s.Title, Provenance: reports.Provenance{SourceName: filepath.Base(s.Path)}}
			for _, c := range s.Cells {
				if c.kind == "markdown" {
					out, err := c.body.Run(nil)
					if err != nil {
						t.Fatal(err)
					}
					out.Blocks[0].Line = c.proseLine
					r.Sections = append(r.Sections, reports.Section{ID: c.ID, Blocks: out.Blocks})
				}
			}
			var blocks []reports.Block
			for _, tb := range golden.Tables {
				blocks = append(blocks, reports.Block{Table: tb})
			}
			for _, f := range golden.Figures {
				blocks = append(blocks, reports.Block{Chart: f})
			}
			r.Sections = append(r.Sections, reports.Section{ID: "results", Blocks: blocks})
			bib, _, err := s.LoadBibliography(false)
			if err != nil {
				t.Fatal(err)
			}
			if err := Finish([]*Study{s}, []*reports.Report{r}, []*book.Bibliography{bib})[0]; err != nil {
				t.Error(err)
			}
			for _, w := range r.Warnings {
				t.Error(w)
			}
		})
	}
}
