package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
)

// TestResultIsTheContract: for every command that runs a cell kind, its
// --json is, byte for byte (compacted), the "result" that results.json
// carries for a study cell of that kind with the same settings. Each case
// takes its arguments and input files from a --json archive of
// testdata/cli, and gives the study cell that does the same.
func TestResultIsTheContract(t *testing.T) {
	const perfect8 = "NBBR/7ronden/8p7rperfectH"
	cases := []struct {
		archive  string // testdata/cli/ARCHIVE.txtar: args and input files
		movement string // the movement the cell names, defined under its own name
		cell     string // the study cell, with the command's settings
		// args, when set, replace the archive's (which lacks --json).
		args []string
	}{
		{archive: "balance-json", movement: perfect8, cell: "check: {movement: " + perfect8 + "}"},
		{archive: "simulate-one-strong-json", movement: perfect8, cell: "one_strong: {strong: 2, columns: [{movement: " + perfect8 + "}]}"},
		{archive: "simulate-two-strong-json", movement: perfect8, cell: "two_strong: {rows: [{movement: " + perfect8 + "}]}"},
		{archive: "simulate-bussemaker-json", movement: perfect8, cell: "bussemaker: {movement: " + perfect8 + "}"},
		{archive: "simulate-bussemaker-sampled-json", movement: perfect8, cell: `bussemaker: {samples: 2000, seed: 3, groups: "1-4,5-8", movement: ` + perfect8 + "}"},
		{archive: "instant-json", cell: "instant: {file: board1.txt, vul: none}"},
		{archive: "score-json", cell: "session: {file: session.csv}"},
		{archive: "score-usebio-json", cell: "session: {file: thursday.xml}"},
		{archive: "handicap-json", cell: "handicap: {file: league.yaml}"},
		{archive: "score-season", args: []string{"score", "--json", "--resamples", "200", "2026-09-17.pbn", "2026-10-01.pbn"},
			cell: `season: {files: "*.pbn", resamples: 200}`},
		{archive: "movement-json", movement: "howell:6,rounds=4", cell: `guide: {movement: "howell:6,rounds=4"}`},
		{archive: "optimize-json", movement: "NBBR/7ronden/8p7rTeamH",
			cell: "optimize: {iterations: 20000, restarts: 2, seed: 1, rows: [{movement: NBBR/7ronden/8p7rTeamH}]}"},
		{archive: "movements-json", cell: "library: {pairs: 4}"},
		{archive: "catalogue-13-json", cell: "catalogue: {pairs: 13}"},
		{archive: "catalogue-13-leave-json", cell: "catalogue: {pairs: 13, minutes: 150, leave: 6}"},
	}
	for _, c := range cases {
		t.Run(c.archive, func(t *testing.T) {
			a, err := txtar.ParseFile(filepath.Join("testdata", "cli", c.archive+".txtar"))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var args []string
			for _, f := range a.Files {
				switch f.Name {
				case "args":
					args = strings.Fields(strings.ReplaceAll(string(f.Data), "\n", " "))
				case "stdout", "stderr", "exit":
				default:
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			var out archiveOutput
			if c.args == nil {
				out = runArchive(t, c.archive) // the run TestCLI checks
			}
			// The command of other args and the cell read the archive's
			// files from the working folder.
			t.Chdir(dir)
			if c.args != nil {
				args = c.args
				var stdout, stderr bytes.Buffer
				out.err = Run(context.Background(), args, &stdout, &stderr)
				out.stdout, out.stderr = stdout.String(), stderr.String()
			}
			if out.err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(args, " "), out.err, out.stderr)
			}
			got, want := cellResult(t, c.movement, c.cell), []byte(out.stdout)
			if want := compact(t, want); !bytes.Equal(compact(t, got), want) {
				t.Errorf("%s --json and the %s cell's result differ:\n--json: %.600s\nresult: %.600s",
					strings.Join(args, " "), c.cell, want, compact(t, got))
			}
		})
	}
}

// cellResult runs a study of one cell in the working folder and returns
// the cell's result as results.json carries it.
func cellResult(t *testing.T, mv, cell string) []byte {
	t.Helper()
	src := "title: contract\n"
	if mv != "" {
		src += "movements:\n  " + quote(mv) + ": " + quote(mv) + "\n"
	}
	src += "cells:\n  - " + cell + "\n"
	s, err := study.ParseStudy("contract.yaml", []byte(src), nil)
	if err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	r, err := study.Run(context.Background(), s, study.RunOptions{})
	if err != nil {
		t.Fatalf("%s\n%v", src, err)
	}
	var js bytes.Buffer
	if err := new(render.Renderer).JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sections []struct {
			Result json.RawMessage `json:"result"`
		} `json:"sections"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Sections) != 1 || len(doc.Sections[0].Result) == 0 {
		t.Fatalf("results.json has %d sections, want one with a result", len(doc.Sections))
	}
	return doc.Sections[0].Result
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func compact(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatalf("%v: %.200s", err, data)
	}
	return b.Bytes()
}
