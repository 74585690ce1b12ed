package book

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

// study is a report with prose at line 10 of s.yaml, two tables, a figure
// and headings.
func study(prose string) *reports.Report {
	return &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml"},
		Sections: []reports.Section{
			{ID: "intro", Blocks: []reports.Block{{Prose: "## The model\n\nText.\n\n### Details\n\n#### Deep\n", Line: 3}}},
			{ID: "tables", Blocks: []reports.Block{
				{Table: &reports.Table{ID: "scores", Number: 1}},
				{Table: &reports.Table{ID: "ranks", Number: 2}},
				{Chart: &reports.Chart{ID: "ranks", Number: 1, Kind: "bar", XLabels: []string{"a"}, Series: []reports.Series{{Name: "s", Values: []float64{1}}}}},
				{Table: &reports.Table{ID: "twice", Number: 3}},
				{Table: &reports.Table{ID: "twice", Number: 4}},
			}},
			{ID: "more", Blocks: []reports.Block{{Prose: "## Results\n\n" + prose, Line: 8}}},
		}}
}

func TestResolveRefs(t *testing.T) {
	for _, tc := range []struct{ name, prose, want string }{
		{"table", "See @tbl-ranks.", "See [Table 2](#table-ranks)."},
		{"figure and table of one id", "@fig-ranks and @tbl-ranks", "[Figure 1](#figure-ranks) and [Table 2](#table-ranks)"},
		{"sections", "(@sec-the-model, @sec-details)", "([Section 1](#the-model), [Section 1.1](#details))"},
		{"own study qualified", "@s:tbl-scores", "[Table 1](#table-scores)"},
		{"e-mail and escape", "mail a@tbl-scores.org, write \\@tbl-x", "mail a@tbl-scores.org, write \\@tbl-x"},
		{"code", "`@tbl-nothing` and\n\n```\n@fig-nothing\n```\n", "`@tbl-nothing` and\n\n```\n@fig-nothing\n```\n"},
		{"in brackets", "[@tbl-scores]", "[[Table 1](#table-scores)]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := study(tc.prose)
			l, err := CollectLabels(r)
			if err != nil {
				t.Fatal(err)
			}
			if err := ResolveRefs(r, l, nil); err != nil {
				t.Fatal(err)
			}
			got := strings.TrimPrefix(r.Sections[2].Blocks[0].Prose, "## Results\n\n")
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			if r.NumberSections != strings.Contains(tc.prose, "@sec-") {
				t.Errorf("NumberSections = %v", r.NumberSections)
			}
		})
	}
}

func TestResolveRefsErrors(t *testing.T) {
	for _, tc := range []struct{ name, prose, want string }{
		{"unknown", "Text.\n\nSee @tbl-score.", `s.yaml:12: @tbl-score: no table has the id "score" (did you mean tbl-scores?)`},
		{"ambiguous", "@tbl-twice", `s.yaml:10: @tbl-twice: 2 tables have the id "twice": the reference is ambiguous`},
		{"unnumbered heading", "\n@sec-deep", `s.yaml:11: @sec-deep: the heading "deep" has no number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := study(tc.prose)
			l, err := CollectLabels(r)
			if err != nil {
				t.Fatal(err)
			}
			err = ResolveRefs(r, l, nil)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s…", err, tc.want)
			}
		})
	}
	// Without a site, another study's table is linked by name, with a
	// warning.
	r := study("See @catalogue:tbl-best.")
	l, _ := CollectLabels(r)
	if err := ResolveRefs(r, l, nil); err != nil {
		t.Fatal(err)
	}
	if got := r.Sections[2].Blocks[0].Prose; got != "## Results\n\nSee [Table best of catalogue](../catalogue/index.html#table-best)." {
		t.Errorf("got %q", got)
	}
	if len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0], "s.yaml:10: warning: @catalogue:tbl-best: another study's table is numbered only when the studies run together") {
		t.Errorf("warnings %q", r.Warnings)
	}
	// A block without a line is named by its cell.
	r = study("@fig-none")
	r.Sections[2].Blocks[0].Line = 0
	l, _ = CollectLabels(r)
	if err := ResolveRefs(r, l, nil); err == nil || err.Error() != `s.yaml: cell more: @fig-none: no figure has the id "none"` {
		t.Errorf("got %v", err)
	}
}

func TestResolveRefsAcrossSite(t *testing.T) {
	cat := &reports.Report{Name: "catalogue", Title: "The *best* movements", Sections: []reports.Section{{Blocks: []reports.Block{
		{Prose: "## Ranking\n"}, {Table: &reports.Table{ID: "best", Number: 4}}}}}}
	r := study("As @catalogue:tbl-best shows (@catalogue:sec-ranking).")
	site := Site{}
	for _, rep := range []*reports.Report{r, cat} {
		l, err := CollectLabels(rep)
		if err != nil {
			t.Fatal(err)
		}
		site[rep.Name] = l
	}
	if err := ResolveRefs(r, site["s"], site); err != nil {
		t.Fatal(err)
	}
	want := `As [Table 4 of *The \*best\* movements*](../catalogue/index.html#table-best) shows ([Section 1 of *The \*best\* movements*](../catalogue/index.html#ranking)).`
	if got := strings.TrimPrefix(r.Sections[2].Blocks[0].Prose, "## Results\n\n"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if !cat.NumberSections {
		t.Error("the catalogue's sections are referred to by number but not numbered")
	}
	r = study("@neuberg:tbl-x")
	if err := ResolveRefs(r, site["s"], site); err == nil || !strings.Contains(err.Error(), `no study "neuberg" in this site (studies: catalogue, s)`) {
		t.Errorf("got %v", err)
	}
}

// TestResolvedLinksInHTML checks that the rewritten references are links
// to the anchors the HTML page gives, and that sections are numbered.
func TestResolvedLinksInHTML(t *testing.T) {
	r := study("See @tbl-scores and @sec-details.")
	l, _ := CollectLabels(r)
	if err := ResolveRefs(r, l, nil); err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := render.NewRenderer().HTML(&page, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`See <a href="#table-scores">Table 1</a> and <a href="#details">Section 1.1</a>.`,
		`id="table-scores"`, `<h3 id="details">`, `<main class="numbered">`,
	} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page has no %s", want)
		}
	}
}
