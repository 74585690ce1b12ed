package render

import (
	"encoding/json"
	"io"

	"github.com/bridgereport/bridgereport/reports"
)

// ResultsJSON is the schema of results.json: every table and figure as data,
// and every check. It holds nothing that varies between runs.
type ResultsJSON struct {
	Study       string           `json:"study"`
	Title       string           `json:"title"`
	Version     string           `json:"version"`
	StudySHA256 string           `json:"study_sha256"`
	Inputs      []reports.Input  `json:"inputs"`
	Parameters  []reports.Param  `json:"parameters"`
	Tables      []*reports.Table `json:"tables"`
	Figures     []*reports.Chart `json:"figures"`
	// Preformatted holds the text layouts (none in most studies).
	Preformatted []*reports.Preformatted `json:"preformatted,omitempty"`
	Checks       []reports.Check         `json:"checks"`
	Summary      summaryJSON             `json:"summary"`
	// Sections are the cells in order, each with its Result: the same
	// object the --json of the command that runs the kind prints.
	Sections []sectionJSON `json:"sections"`
}

// sectionJSON is one cell of results.json.
type sectionJSON struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Result any    `json:"result,omitempty"`
}

type summaryJSON struct {
	OK      int `json:"ok"`
	Erratum int `json:"erratum"`
	Fail    int `json:"fail"`
}

// JSON writes results.json: every table, figure and check as data, and
// nothing that varies between runs.
func (rd *Renderer) JSON(w io.Writer, r *reports.Report) error {
	out := ResultsJSON{
		Study: r.Name, Title: r.Title, Version: r.Provenance.Version, StudySHA256: r.SourceHash(),
		Inputs: r.Provenance.Inputs, Parameters: []reports.Param{}, Tables: []*reports.Table{}, Figures: []*reports.Chart{}, Checks: r.Checks,
	}
	if out.Inputs == nil {
		out.Inputs = []reports.Input{}
	}
	if out.Checks == nil {
		out.Checks = []reports.Check{}
	}
	out.Parameters = append(out.Parameters, r.Provenance.Parameters...)
	out.Sections = []sectionJSON{}
	for _, c := range r.Sections {
		if c.Kind != "" { // a cell; not the references a study's end lists
			out.Sections = append(out.Sections, sectionJSON{ID: c.ID, Kind: c.Kind, Result: c.Result})
		}
		for _, b := range c.Blocks {
			if b.Table != nil {
				out.Tables = append(out.Tables, b.Table)
			}
			if b.Chart != nil {
				out.Figures = append(out.Figures, b.Chart)
			}
			if b.Pre != nil {
				out.Preformatted = append(out.Preformatted, b.Pre)
			}
		}
	}
	out.Summary.OK, out.Summary.Erratum, out.Summary.Fail = r.Tally()
	return WriteJSON(w, out)
}

// WriteJSON writes v as JSON indented by two spaces, then a newline: the
// form of results.json and of every command's --json.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
