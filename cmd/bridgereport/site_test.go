package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunSite runs a site.yaml: the pages carry the site's navigation, a
// study's reference to another's table and its citation are resolved, and
// the index and the search index are written.
func TestRunSite(t *testing.T) {
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "site.yaml"), "title: Mitchells\nbibliography: refs.bib\nstudies: [seven.yaml, nine.yaml]\n")
	writeStudy(t, filepath.Join(dir, "refs.bib"), "@article{manning1979, author = {Manning, John}, title = {The Mathematics of Duplicate Bridge Tournaments}, year = {1979}}\n")
	writeStudy(t, filepath.Join(dir, "seven.yaml"), strings.ReplaceAll(goodStudy, "%s", "Seven"))
	writeStudy(t, filepath.Join(dir, "nine.yaml"), "title: Nine\nmovements:\n  m: {mitchell: 9}\ncells:\n  - markdown: |\n      Compare @seven:tbl-b [@manning1979].\n  - balance: {id: b, rows: [{movement: m}]}\n")
	out := t.TempDir()
	if _, stderr, err := run(t, "run", "--no-cache", "-o", out, dir); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, c := range []struct{ file, want string }{
		{"nine/index.md", "Compare [Table 1 of *Seven*](../seven/index.html#table-b) [[1](#ref-manning1979)]."},
		{"nine/index.md", `1. <a id="ref-manning1979"></a>John Manning (1979).`},
		{"nine/index.html", `<li aria-current="page"><a href="../nine/index.html">Nine</a></li>`},
		{"seven/index.html", `<a rel="next" href="../nine/index.html">`},
		{"index.html", "<title>Mitchells</title>"},
		{"search-index.js", `"title":"Nine","link":"nine/index.html"`},
	} {
		if !strings.Contains(read(c.file), c.want) {
			t.Errorf("%s has no %s", c.file, c.want)
		}
	}
}

// TestRunSweep runs a study over three values of a parameter: three pages
// and an index, and a second run takes every value's cells from the cache.
func TestRunSweep(t *testing.T) {
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "m.yaml"), `title: Mitchell
parameters:
  - {name: tables, type: int, default: "7"}
movements:
  m: {mitchell: "${tables}"}
cells:
  - markdown: |
      The ${tables}-table Mitchell: @tbl-qf.
  - balance: {id: qf, rows: [{movement: m}]}
  - bussemaker: {id: luck, movement: m, method: sample, samples: 500}
`)
	out := t.TempDir()
	for pass := range 2 {
		stdout, stderr, err := run(t, "run", "-o", out, "-p", "tables=5..9/2", filepath.Join(dir, "m.yaml"))
		if err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		for _, v := range []string{"5", "7", "9"} {
			if _, err := os.Stat(filepath.Join(out, "m-tables-"+v, "index.html")); err != nil {
				t.Errorf("no page for tables=%s: %v", v, err)
			}
			if want := "m.yaml (tables=" + v + "): no published figures to check (from the cache: 1 cells"; pass == 1 && !strings.Contains(stdout, want) {
				t.Errorf("the rerun of tables=%s does not come from the cache:\n%s", v, stdout)
			}
		}
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(index), "<title>Mitchell, tables 5, 7, 9</title>") || !strings.Contains(string(index), `href="m-tables-9/index.html"`) {
		t.Error("the index does not list the sweep")
	}
}

// TestSiteOmitsAStudy: a study beside a site.yaml that the site does not
// list is an error naming it, at the line of studies:, and nothing runs.
func TestSiteOmitsAStudy(t *testing.T) {
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "site.yaml"), "title: Mitchells\nstudies:\n  - seven.yaml\n")
	writeStudy(t, filepath.Join(dir, "seven.yaml"), strings.ReplaceAll(goodStudy, "%s", "Seven"))
	writeStudy(t, filepath.Join(dir, "broken.yaml"), "title: [\n")
	writeStudy(t, filepath.Join(dir, "failing.yaml"), strings.ReplaceAll(goodStudy, "%s", "Failing"))
	out := filepath.Join(t.TempDir(), "out")
	_, stderr, err := run(t, "run", "--no-cache", "-o", out, dir)
	if err == nil || exitCode(err, io.Discard) != exitBad {
		t.Fatalf("err = %v, want a bad-input error", err)
	}
	if want := "site.yaml:2: studies: broken.yaml, failing.yaml of this folder are not listed"; !strings.Contains(err.Error()+stderr, want) {
		t.Errorf("the error does not say %q:\n%v\n%s", want, err, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the run wrote its output folder anyway")
	}
}

// TestSiteFolderRunAlone: a site's folder named beside another study is
// refused, naming its site.yaml, as the site.yaml itself is: it was run as
// loose studies, the site's title and order unread, without a word.
func TestSiteFolderRunAlone(t *testing.T) {
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	writeStudy(t, filepath.Join(site, "site.yaml"), "title: Mitchells\nstudies:\n  - seven.yaml\n")
	writeStudy(t, filepath.Join(site, "seven.yaml"), strings.ReplaceAll(goodStudy, "%s", "Seven"))
	other := filepath.Join(dir, "other.yaml")
	writeStudy(t, other, strings.ReplaceAll(goodStudy, "%s", "Other"))
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{{site, other}, {other, site}} {
		_, _, err := run(t, append([]string{"run", "--no-cache", "-o", out}, args...)...)
		if want := filepath.Join(site, "site.yaml") + ": a site.yaml is run on its own, or its folder alone"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("run %v: err = %v, want %q", args, err, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Error("the run wrote its output folder anyway")
		}
	}
}

// TestUnwritableOutputRefusedFirst: an output folder that cannot be made or
// written is refused before any study runs, by its own name.
func TestUnwritableOutputRefusedFirst(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "seven.yaml")
	writeStudy(t, study, strings.ReplaceAll(goodStudy, "%s", "Seven"))
	file := filepath.Join(dir, "a file")
	writeStudy(t, file, "not a folder\n")
	cases := []struct{ out, want string }{{filepath.Join(file, "out"), "OUTDIR " + filepath.Join(file, "out") + " cannot be made: " + file + " is a file, not a folder"}}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "read-only")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, struct{ out, want string }{ro, "OUTDIR " + ro + " cannot be written"})
	}
	for _, c := range cases {
		stdout, stderr, err := run(t, "run", "--no-cache", "-o", c.out, study)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("-o %s: err = %v, want %q", c.out, err, c.want)
		}
		if stdout != "" || strings.Contains(stderr, "cell") {
			t.Errorf("-o %s: the study ran anyway:\n%s%s", c.out, stdout, stderr)
		}
	}
}
