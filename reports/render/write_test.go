package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
)

// figuresReport is a small report with a heatmap and a bar chart.
func figuresReport() *reports.Report {
	one, two := 1.0, 2.0
	return &reports.Report{Name: "figs", Title: "Figures", Sections: []reports.Section{{ID: "s", Blocks: []reports.Block{
		{Prose: "Two figures."},
		{Chart: &reports.Chart{ID: "m x", Caption: "matrix", Kind: "heatmap", XName: "pair", YName: "pair",
			XLabels: []string{"1", "2"}, YLabels: []string{"1", "2"}, Grid: [][]*float64{{nil, &one}, {&two, nil}}}},
		{Chart: &reports.Chart{ID: "qf", Caption: "Qf", Kind: "bar", XName: "movement", YName: "Qf",
			XLabels: []string{"plain", "switched"}, Series: []reports.Series{{Name: "Qf", Values: []float64{46.94, 92}}}}},
	}}}}
}

func TestWriteWritesFigures(t *testing.T) {
	rd := NewRenderer()
	res := figuresReport()
	out := t.TempDir()
	stale := filepath.Join(out, "figs", "figures", "gone.svg")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(stale, []byte("<svg/>"), 0o644)

	w, err := rd.Write(out, res)
	dir := w.Dir
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, "index.md"))
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`!\[Figure \d+\. [^\]]*\]\(([^)]+)\)`).FindAllSubmatch(md, -1)
	if len(refs) != 2 {
		t.Fatalf("index.md links %d figures, want 2:\n%s", len(refs), md)
	}
	for _, ref := range refs {
		svg, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(string(ref[1]))))
		if err != nil {
			t.Errorf("index.md links a figure that was not written: %v", err)
			continue
		}
		if err := charts.CheckSVG(svg); err != nil {
			t.Errorf("a figure is not a plain SVG drawing: %v", err)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "figures", "*")); len(files) != 2 {
		t.Errorf("figures/ holds %v, want exactly the 2 linked figures", files)
	}
}

func TestWriteWritesNothingWhenAFigureFails(t *testing.T) {
	rd := newRenderer("/* no chart library */")
	res := figuresReport()
	out := t.TempDir()
	_, err := rd.Write(out, res)
	if err == nil || !strings.Contains(err.Error(), "chart m x") {
		t.Errorf("err = %v, want one naming the chart", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("a failed figure still wrote %d files", len(entries))
	}
}

// TestFigureCacheChecksItself draws figures into a cache, tampers with every
// entry, and checks that the next render redraws them: the Markdown and the
// figures equal a clean render's.
func TestFigureCacheChecksItself(t *testing.T) {
	res := figuresReport()
	clean := NewRenderer()
	var want bytes.Buffer
	wantFigs, err := clean.Markdown(&want, res)
	if err != nil {
		t.Fatal(err)
	}
	for _, tamper := range []struct {
		name string
		data string
	}{
		{"script", `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`},
		{"edited", "<svg/>"},
		{"garbage", "\x00\x01"},
		{"empty", ""},
	} {
		t.Run(tamper.name, func(t *testing.T) {
			rd := NewRenderer()
			rd.CacheDir = t.TempDir()
			if _, err := rd.Markdown(new(bytes.Buffer), res); err != nil {
				t.Fatal(err)
			}
			if _, cached, err := rd.markdown(new(bytes.Buffer), res); err != nil || cached != len(wantFigs) {
				t.Fatalf("a warm render took %d of %d figures from the cache (%v)", cached, len(wantFigs), err)
			}
			entries, _ := filepath.Glob(filepath.Join(rd.CacheDir, res.Name, "figures", "*.svg"))
			if len(entries) == 0 {
				t.Fatal("nothing cached")
			}
			for _, p := range entries {
				os.WriteFile(p, []byte(tamper.data), 0o644)
			}
			var got bytes.Buffer
			figs, cached, err := rd.markdown(&got, res)
			if err != nil {
				t.Fatal(err)
			}
			if cached != 0 {
				t.Errorf("%d tampered figures taken from the cache", cached)
			}
			if got.String() != want.String() {
				t.Error("the Markdown differs from a clean render")
			}
			for name, svg := range wantFigs {
				if !bytes.Equal(figs[name], svg) {
					t.Errorf("%s differs from a clean render", name)
				}
			}
		})
	}
}
