package site

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// testSite is three small reports; only beta holds the word "zebrafinch".
func testSite() []*reports.Report {
	mk := func(name, title, prose string) *reports.Report {
		return &reports.Report{Name: name, Title: title, Summary: "A study of " + name + ".",
			Provenance: reports.Provenance{SourceName: name + ".yaml", Source: []byte("title: " + title)},
			Sections: []reports.Section{{ID: "a", Blocks: []reports.Block{
				{Prose: "## Movements\n\n" + prose},
				{Callout: &reports.Callout{Kind: "note", Body: "Every study has a *note*."}},
				{Table: &reports.Table{ID: "t", Number: 1, Caption: "Scores of " + title + ".", Columns: []reports.Column{{Name: "movement"}, {Name: "qf", Decimals: 1}},
					Rows: [][]any{{"Howell-" + name, 92.0}, {"Mitchell", 84.5}}}},
			}}}}
	}
	return []*reports.Report{
		mk("alpha", "Alpha", "The balance of a Mitchell."),
		mk("beta", "Beta <&> \"quoted\"", "A zebrafinch sits on the relay stand."),
		mk("gamma", "Gamma", "Luck, and the [Bussemaker model](#x)."),
	}
}

func TestSearchIndex(t *testing.T) {
	js, err := SearchIndex(testSite())
	if err != nil {
		t.Fatal(err)
	}
	s := string(js)
	if !strings.HasPrefix(s, "window.bridgereportSearch = {\"pages\":[") || !strings.HasSuffix(s, "};\n") {
		t.Errorf("not an assignment of the index: %.80s…", s)
	}
	for _, want := range []string{
		`"title":"Beta \u003c\u0026\u003e \"quoted\"","link":"beta/index.html"`, // data, escaped
		`A zebrafinch sits on the relay stand.`,
		`Luck, and the Bussemaker model .`, // markup and link targets gone
		`Howell-gamma`,                     // words of table cells
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the index has no %s", want)
		}
	}
	if strings.Contains(s, "84.5") || strings.Contains(s, "(#x)") {
		t.Error("the index holds numbers of tables or link targets")
	}
}

func TestNavigate(t *testing.T) {
	reps := testSite()
	Navigate("Site", reps)
	n := reps[1].Nav
	if n.Prev == nil || n.Prev.Link != "../alpha/index.html" || n.Next == nil || n.Next.Title != "Gamma" || !n.Pages[1].Current || n.Pages[0].Current {
		t.Errorf("beta's navigation: %+v", n)
	}
	if reps[0].Nav.Prev != nil || reps[2].Nav.Next != nil {
		t.Error("the first page has a previous or the last a next")
	}
}

func TestParseConfig(t *testing.T) {
	c, err := ParseConfig(strings.NewReader("title: Luck\nstudies:\n  - a.yaml\n  - sub/b.yaml\n"), "site.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Title != "Luck" || strings.Join(c.Studies, ",") != "a.yaml,sub/b.yaml" || c.Lines[1] != 4 {
		t.Errorf("%+v", c)
	}
	for _, tc := range []struct{ src, want string }{
		// In a study's words, not yaml.v3's Go type names ("field study
		// not found in type site.Config", "cannot unmarshal !!str into
		// []string").
		{"title: x\nstudy: [a.yaml]\n", `site.yaml:2: unknown key "study" (known here: bibliography, studies, title)`},
		{"title: x\nstudies: a.yaml\n", `site.yaml:2: studies: want a list of text, got "a.yaml"`},
		{"title: [x]\nstudies: [a.yaml]\n", "site.yaml:1: title: want text, got a list"},
		{"a.yaml\n", "site.yaml:1: a site.yaml is a mapping with title, studies and bibliography"},
		{"title: x\nstudies:\n  - a.yaml\n  - b/a.yaml\n", "site.yaml:4: b/a.yaml: a study named a is already at line 3"},
		{"title: x\nstudies:\n  - a.yml\n", "site.yaml:3: a.yml: a study is a .yaml file"},
		{"studies: [a.yaml]\n", "site.yaml:1: title: missing"},
		{"title: x\nstudies: [a.yaml\n", "site.yaml:1: did not find expected"},
	} {
		if _, err := ParseConfig(strings.NewReader(tc.src), "site.yaml"); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s…", tc.src, err, tc.want)
		}
	}
}
