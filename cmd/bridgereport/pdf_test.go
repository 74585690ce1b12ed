package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/browser"
)

func TestRunPDFWithoutBrowser(t *testing.T) {
	t.Setenv("BRIDGEREPORT_CHROMIUM", filepath.Join(t.TempDir(), "no-such-browser"))
	s := filepath.Join(t.TempDir(), "s.yaml")
	writeStudy(t, s, strings.ReplaceAll(goodStudy, "%s", "S"))
	out := t.TempDir()
	_, _, err := run(t, "run", "--pdf", "--no-cache", "-o", out, s)
	if code := exitCode(err, io.Discard); code != exitBad || !strings.Contains(err.Error(), "no-such-browser") {
		t.Errorf("exit %d, err %v: want %d and the browser named", code, err, exitBad)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("run --pdf without a browser wrote %d files", len(entries))
	}
}

// TestRunPDF prints a study of the repository (neuberg: tables, a layout,
// prose over four pages); with pdftoppm at hand it also checks that no page
// but the last is less than a third full (the break rules leave no
// half-empty pages).
func TestRunPDF(t *testing.T) {
	if _, err := browser.Find(); err != nil {
		t.Skip(err)
	}
	if testing.Short() {
		t.Skip("prints through Chromium")
	}
	s := filepath.Join("..", "..", "studies", "neuberg.yaml")
	out := t.TempDir()
	stdout, stderr, err := run(t, "run", "--pdf", "--json", "--no-cache", "-o", out, s)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	pdf := filepath.Join(out, "neuberg", "index.pdf")
	data, err := os.ReadFile(pdf)
	if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("no PDF at %s: %v", pdf, err)
	}
	if !strings.Contains(stdout, "index.pdf") {
		t.Errorf("the --json outputs do not list the PDF:\n%s", stdout)
	}
	fill := pageFill(t, pdf)
	for i, f := range fill[:len(fill)-1] {
		if f < 1.0/3 {
			t.Errorf("page %d of %d is %.0f%% full", i+1, len(fill), 100*f)
		}
	}
}

// pageFill renders a PDF's pages with pdftoppm and returns, for each, the
// share of the printable height down to its last ink.
func pageFill(t *testing.T, pdf string) []float64 {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed")
	}
	dir := t.TempDir()
	if out, err := exec.Command("pdftoppm", "-r", "20", "-gray", pdf, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "p*.pgm"))
	var fill []float64
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parts := bytes.SplitN(data, []byte("\n"), 4)
		var w, h int
		if _, err := fmt.Sscan(string(parts[1]), &w, &h); err != nil {
			t.Fatal(err)
		}
		px := parts[3]
		margin := h*16/297 + 1 // the @page margins, 16 mm of 297
		top, bottom, last := margin, h-margin, margin
		for y := top; y < bottom; y++ {
			for _, v := range px[y*w : (y+1)*w] {
				if v < 200 {
					last = y
					break
				}
			}
		}
		fill = append(fill, float64(last-top)/float64(bottom-top))
	}
	return fill
}
