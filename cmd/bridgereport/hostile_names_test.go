package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// hostileResults writes a USEBIO file whose event and a player's name
// carry a line break, a code fence and raw HTML, and a PBN file whose
// event carries terminal escapes, from the Thursday and Monday samples.
func hostileResults(t *testing.T, dir string) (xml, pbn string) {
	t.Helper()
	data, err := os.ReadFile("../../engine/formats/results/testdata/thursday.xml")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), "Margaret Ashdown", "Ann&#10;```&#10;&lt;script&gt;alert(1)&lt;/script&gt;&#10;&lt;img src=x onerror=alert(1)&gt;", 1)
	s = strings.Replace(s, "Thursday Pairs", "Thursday&#10;```&#10;&lt;script&gt;alert(2)&lt;/script&gt;", 1)
	xml = filepath.Join(dir, "hostile.xml")
	if err := os.WriteFile(xml, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err = os.ReadFile("../../engine/formats/results/testdata/monday.pbn")
	if err != nil {
		t.Fatal(err)
	}
	p := strings.ReplaceAll(string(data), `[Event "Monday Afternoon Pairs"]`, "[Event \"Mon\x1b[31mday\x1b]0;owned\x07 Pairs\"]")
	pbn = filepath.Join(dir, "hostile.pbn")
	if err := os.WriteFile(pbn, []byte(p), 0o644); err != nil {
		t.Fatal(err)
	}
	return xml, pbn
}

// TestHostileNamesFromResults: names from a results file are data in
// every printer. The study's index.md keeps its structure (no raw HTML but
// the figures' folds), and score's terminal text carries no escape.
// printerAnchor is an anchor the Markdown printer writes before a table or
// figure: its id a slug, never data.
var printerAnchor = regexp.MustCompile(`^(<a id="[a-z0-9-]+">|</a>)$`)

func TestHostileNamesFromResults(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	xml, pbn := hostileResults(t, dir)
	for _, file := range []string{xml, pbn} {
		out, _, err := run(t, "score", file)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range out {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 && c < 0xa0 {
				t.Fatalf("score %s: control character %U in the output:\n%q", filepath.Base(file), c, out)
			}
		}
		if strings.Contains(out, "owned") {
			t.Errorf("score %s: an escape sequence's text is left:\n%s", filepath.Base(file), out)
		}
	}
	study := filepath.Join(dir, "study.yaml")
	if err := os.WriteFile(study, []byte("title: Hostile names\ncells:\n  - session:\n      id: s\n      caption: \"S\"\n      file: hostile.xml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outdir := filepath.Join(dir, "out")
	if _, stderr, err := run(t, "run", "-o", outdir, study); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	md, err := os.ReadFile(filepath.Join(outdir, "study", "index.md"))
	if err != nil {
		matches, _ := filepath.Glob(filepath.Join(outdir, "*", "index.md"))
		if len(matches) != 1 {
			t.Fatal(err)
		}
		if md, err = os.ReadFile(matches[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(string(md), "Ann \\`\\`\\` &lt;script&gt;") {
		t.Errorf("the name is not in the table as escaped text:\n%s", md)
	}
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(md))
	var fences int
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var raw strings.Builder
		switch n := n.(type) {
		case *ast.FencedCodeBlock:
			fences++
		case *ast.HTMLBlock:
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				raw.Write(seg.Value(md))
			}
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				raw.Write(seg.Value(md))
			}
		}
		// The printer's own HTML: the data fold and the anchors of tables
		// and figures (ids are slugs; anything else is data).
		if r := raw.String(); r != "" && !strings.HasPrefix(r, "<details>") && !strings.HasPrefix(r, "</details>") && !strings.HasPrefix(r, "<summary>") && !strings.HasPrefix(r, "</summary>") && !printerAnchor.MatchString(r) {
			t.Errorf("raw HTML from the data in index.md: %q", r)
		}
		return ast.WalkContinue, nil
	})
	// The one fenced block is the movement's .ASC layout.
	if fences != 1 {
		t.Errorf("%d fenced blocks in index.md, want 1 (the .ASC layout):\n%s", fences, md)
	}
}
