package book

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/render"
)

const sample = `% a comment
@string{wk = "WEKOwijzer"}

@article{moore1992,
  author = {Moore, Ross and {Nederlandse Bridge Bond} and Jan de Vries},
  title = "Too many arrow-switches {spoil} the balance",
  journal = wk # { 12},
  pages = {201--206},
  year = 1992,
  url = {https://example.org/a?b=1&c=2},
}

@book(schema2002,
  author = {Schi\"ereck, F. C. and others},
  title = {Groot Schemaboek~N.B.B.},
  publisher = {NBB \& co},
  year = {2002}
)
`

func TestParse(t *testing.T) {
	b, err := ParseBibliography(strings.NewReader(sample), "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(b.Keys, " ") != "moore1992 schema2002" {
		t.Fatalf("keys %v", b.Keys)
	}
	m := b.Entries["moore1992"]
	if m.Line != 4 || m.FieldLines["title"] != 6 || m.Fields["journal"] != "WEKOwijzer 12" || m.Fields["pages"] != "201–206" || m.Fields["year"] != "1992" {
		t.Errorf("moore1992: line %d, fields %q", m.Line, m.Fields)
	}
	for key, want := range map[string]string{
		"moore1992":  `Ross Moore, Nederlandse Bridge Bond and Jan de Vries (1992). Too many arrow-switches spoil the balance. *WEKOwijzer 12*, 201–206. <https://example.org/a?b=1&c=2>`,
		"schema2002": "F. C. Schiëreck et al. (2002). *Groot Schemaboek\u00a0N.B.B.* NBB \\& co.",
	} {
		if got := b.Entries[key].Markdown(); got != want {
			t.Errorf("%s:\ngot  %s\nwant %s", key, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"text outside", "@misc{a, title={x}}\nhello\n", "refs.bib:2: text outside an entry"},
		{"unknown type", "\n@artcle{a, title={x}}", "refs.bib:2: @artcle: unknown entry type"},
		{"duplicate key", "@misc{a, title={x}}\n@misc{a, title={y}}", `refs.bib:2: the key "a" is used twice (first at line 1)`},
		{"no title", "@misc{a,\n year={1}}", "refs.bib:1: a: no title"},
		{"duplicate field", "@misc{a,\n title={x},\n title={y}}", "refs.bib:3: a: the field title is given twice"},
		{"unclosed brace", "@misc{a,\n title={x,\n}\n", "refs.bib:1: @misc{a: not closed"},
		{"stray brace in quotes", "@misc{a,\n title=\"x} y\"}", "refs.bib:2: an unbalanced } in a quoted value"},
		{"unclosed quote", "@misc{a,\n title=\"x y\n", "refs.bib:2: a \" that is not closed"},
		{"quote inside braces", "@misc{a,\n title={x \"y}, note=\"a {\"} b\"}\n@misc{a, title={z}}", `refs.bib:3: the key "a" is used twice`},
		{"unknown macro", "@misc{a,\n title=xyz}", "refs.bib:2: xyz: not a @string defined above"},
		{"unknown command", "@misc{a,\n\n title={\\foo x}}", `refs.bib:3: a: field title: \foo: unknown LaTeX command`},
		{"missing comma", "@misc{a,\n title={x}\n year={1}}", "refs.bib:3: a: field title: want , or } after the value"},
		{"bad url", "@misc{a, title={x},\n url={javascript:alert(1)}}", `refs.bib:2: a: url "javascript:alert(1)": want an http or https address`},
		{"bad key", "@misc{a/b, title={x}}", "refs.bib:1: @misc: want a key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseBibliography(strings.NewReader(tc.src), "refs.bib")
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s…", err, tc.want)
			}
		})
	}
}

func TestDetex(t *testing.T) {
	for in, want := range map[string]string{
		`G\'erard {Neuberg}`:     "Gérard Neuberg",
		`\"{o} \c{c} \c c \v{s}`: "ö ç ç š",
		`Stra\ss e, \O{}re`:      "Straße, Øre",
		"a  --- b -- c\n d":      "a — b – c d",
		`\emph{Balance} 100\%`:   "Balance 100%",
		`\"{\i}`:                 "ï",
	} {
		got, err := detex(in)
		if err != nil || got != want {
			t.Errorf("detex(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

// FuzzParse: the reader never panics, and every error names a line.
func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("@misc{a, title={\\\"")
	f.Fuzz(func(t *testing.T, src string) {
		_, err := ParseBibliography(strings.NewReader(src), "f.bib")
		if err != nil && !strings.HasPrefix(err.Error(), "f.bib:") {
			t.Errorf("error without a line: %v", err)
		}
	})
}

func report(prose string) *reports.Report {
	return &reports.Report{Name: "s", Title: "S", Provenance: reports.Provenance{SourceName: "s.yaml"},
		Sections: []reports.Section{{ID: "intro", Blocks: []reports.Block{{Prose: prose, Line: 20}}}},
		Checks:   []reports.Check{{Name: "qf", Published: "92", Line: 40}}}
}

func TestResolveCitations(t *testing.T) {
	bib, err := ParseBibliography(strings.NewReader(sample), "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	r := report("As shown [@schema2002, p. 3; see @moore1992]\nand [@moore1992]: so. Not [a link](http://x/@moore1992), `[@nokey]`, [@tbl-x], me@moore1992.")
	r.Checks[0].Source = "moore1992, table 2"
	if err := ResolveCitations(r, bib); err != nil {
		t.Fatal(err)
	}
	want := "As shown [[1](#ref-schema2002), p. 3; see [2](#ref-moore1992)]\nand [[2](#ref-moore1992)]: so. Not [a link](http://x/@moore1992), `[@nokey]`, [@tbl-x], me@moore1992."
	if got := r.Sections[0].Blocks[0].Prose; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if c := r.Checks[0].Cited; c == nil || c.Text() != "[2, table 2]" || c.Anchor() != "ref-moore1992" {
		t.Errorf("check cites %+v", c)
	}
	last := r.Sections[len(r.Sections)-1]
	if last.ID != "references" || len(last.Blocks[0].References.Entries) != 2 || last.Blocks[0].References.Entries[0].Key != "schema2002" {
		t.Fatalf("reference list %+v", last)
	}
	var page bytes.Buffer
	if err := render.NewRenderer().HTML(&page, r); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"As shown [<a href=\"#ref-schema2002\">1</a>, p. 3; see <a href=\"#ref-moore1992\">2</a>]\nand [<a href=\"#ref-moore1992\">2</a>]: so.",
		`<li id="ref-moore1992" value="2">Ross Moore, Nederlandse Bridge Bond and Jan de Vries (1992). Too many arrow-switches spoil the balance. <em>WEKOwijzer 12</em>, 201–206. <a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a></li>`,
		`<td>92 <a href="#ref-moore1992">[2, table 2]</a></td>`,
	} {
		if !strings.Contains(page.String(), s) {
			t.Errorf("the page has no %s", s)
		}
	}
	var md bytes.Buffer
	if _, err := render.NewRenderer().Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"[[1](#ref-schema2002), p. 3;", `| qf | 92 \[2, table 2\] |`, `2. <a id="ref-moore1992"></a>Ross Moore`} {
		if !strings.Contains(md.String(), s) {
			t.Errorf("the Markdown has no %s", s)
		}
	}
}

func TestResolveCitationsErrors(t *testing.T) {
	bib, _ := ParseBibliography(strings.NewReader(sample), "refs.bib")
	for _, tc := range []struct {
		name, prose, source string
		bib                 *Bibliography
		want                string
	}{
		{"unknown key", "One.\nTwo [@moore1993].", "", bib, `s.yaml:21: [@moore1993]: no entry "moore1993" in refs.bib (did you mean @moore1992?)`},
		{"no bibliography", "[@moore1992]", "", nil, "s.yaml:20: [@moore1992]: a citation, but the study names no bibliography"},
		{"mixed", "[@moore1992; @tbl-x]", "", bib, "s.yaml:20: [@moore1992; @tbl-x]: cross-references and citations in one bracket"},
		{"unknown source", "", "manning", bib, `s.yaml:40: published figure qf: source manning: no entry "manning" in refs.bib`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := report(tc.prose)
			r.Checks[0].Source = tc.source
			err := ResolveCitations(r, tc.bib)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got  %v\nwant %s…", err, tc.want)
			}
		})
	}
}

// TestStudiesBibliography reads studies/refs.bib: every entry parses and
// prints.
func TestStudiesBibliography(t *testing.T) {
	f, err := os.Open("../../studies/refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := ParseBibliography(f, "refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"bussemaker-model", "neuberg-formula", "rdbl-handicap", "pavlicek-8ua6", "balance", "wekowijzer58", "wekowijzer68", "manning1979", "moore1992"} {
		if b.Entries[key] == nil {
			t.Errorf("no entry %s", key)
		}
	}
	if got, want := b.Entries["manning1979"].Markdown(), "John Manning (1979). The Mathematics of Duplicate Bridge Tournaments. *Bulletin of the Institute of Mathematics and its Applications* 15(8/9), 201–206. <https://www.ebu.co.uk/documents/media/bridge-movements-the-maths.pdf>"; got != want {
		t.Errorf("manning1979:\ngot  %s\nwant %s", got, want)
	}
}
