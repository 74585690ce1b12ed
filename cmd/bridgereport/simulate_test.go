package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
)

const howell8File = "NBBR/7ronden/8p7rperfectH" // a library movement

// mitchell14File writes the 7-table Mitchell, switched in the given rounds,
// to a temporary file.
func mitchell14File(t *testing.T, rounds ...int) string {
	t.Helper()
	m, err := movement.Mitchell(7)
	if err != nil {
		t.Fatal(err)
	}
	if m, err = m.SwitchRounds(rounds, nil); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mitchell14.asc")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := asc.Write(f, m); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSimulateJSONKeys(t *testing.T) {
	m14 := mitchell14File(t, 2)
	cases := []struct {
		name string
		args []string
		keys []string
	}{
		{"one-strong", []string{"--model", "one-strong", "--strong", "3", "--json", m14}, []string{"strong", "columns"}},
		{"two-strong", []string{"--model", "two-strong", "--json", m14}, []string{"rows"}},
		{"bussemaker-exact", []string{"--model", "bussemaker", "--json", howell8File},
			[]string{"samples", "seed", "exact", "qd", "qb", "pairs", "rank_probability"}},
		{"bussemaker-sampled", []string{"--model", "bussemaker", "--samples", "5000", "--json", m14},
			[]string{"samples", "seed", "exact", "qd", "qb", "pairs", "rank_probability"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := run(t, append([]string{"simulate"}, c.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			var obj map[string]any
			if err := json.Unmarshal([]byte(out), &obj); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			for _, k := range c.keys {
				if _, ok := obj[k]; !ok {
					t.Errorf("no key %q in %s", k, out)
				}
			}
		})
	}
}

// bussemakerJSON is the part of simulate's --json the tests read.
type bussemakerJSON struct {
	Exact    bool                                  `json:"exact"`
	Samples  int64                                 `json:"samples"`
	Pairs    []struct{ Avg, Sd, Min, Max float64 } `json:"pairs"`
	RankProb [][]float64                           `json:"rank_probability"`
}

func TestSimulateBussemakerJSON(t *testing.T) {
	out, _, err := run(t, "simulate", "--model", "bussemaker", "--json", howell8File)
	if err != nil {
		t.Fatal(err)
	}
	var r bussemakerJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.Samples != 40320 || len(r.Pairs) != 8 || len(r.RankProb) != 8 || len(r.RankProb[0]) != 8 {
		t.Fatalf("exact %v, %d samples, %d pairs, %d places", r.Exact, r.Samples, len(r.Pairs), len(r.RankProb))
	}
	// Row = place, column = pair by strength: the strongest pair wins
	// 91.67% of the time and the second strongest 8.33%.
	if int(r.RankProb[0][0]*100+0.5) != 9167 || int(r.RankProb[0][1]*100+0.5) != 833 || r.RankProb[1][0] < 8 {
		t.Errorf("first row %v", r.RankProb[0])
	}
	if int(r.Pairs[0].Avg*10+0.5) != 833 || int(r.Pairs[0].Min*10+0.5) != 762 {
		t.Errorf("strongest pair %+v", r.Pairs[0])
	}
}

// TestSimulateDeterministic: the same seed gives byte-identical JSON
// whatever GOMAXPROCS is.
func TestSimulateDeterministic(t *testing.T) {
	m14 := mitchell14File(t, 2, 3)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var outs []string
	for _, procs := range []int{1, 4} {
		runtime.GOMAXPROCS(procs)
		out, _, err := run(t, "simulate", "--model", "bussemaker", "--samples", "70001", "--seed", "9", "--json", m14)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Error("GOMAXPROCS 1 and 4 give different JSON")
	}
}

// TestSimulateText: simulate prints the blocks of the bussemaker,
// one_strong or two_strong cell with the Text printer.
func TestSimulateText(t *testing.T) {
	out, _, err := run(t, "simulate", "--model", "bussemaker", howell8File)
	if err != nil {
		t.Fatal(err)
	}
	// Seed 000's figures: the first two places, the strongest pair's
	// spread, Qd.
	for _, s := range []string{"\n1                91.7   8.3   0.0", "\n2                 8.3  81.7  10.0",
		"\n1               1     83.3   3.3  76.2  90.5\n", "all 40320 numberings enumerated (exact)", "= 79.6; Qb"} {
		if !strings.Contains(out, s) {
			t.Errorf("text report lacks\n%s\ngot\n%s", s, out)
		}
	}

	out, _, err = run(t, "simulate", "--model", "bussemaker", "--sample", "--samples", "20000", "--groups", "1-7,8-14",
		"--strengths", "1 2 3 4 5 6 7 1 2 3 4 5 6 7", mitchell14File(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"20000 random numberings sampled, seed 1", "finishes j-th in its group", "\n7                "} {
		if !strings.Contains(out, s) {
			t.Errorf("groups report lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "\n8                ") {
		t.Errorf("groups of 7 pairs have 7 places:\n%s", out)
	}

	out, _, err = run(t, "simulate", "--model", "one-strong", mitchell14File(t))
	if err != nil || !regexp.MustCompile(`\npair 2 +41\.67\n`).MatchString(out) || !regexp.MustCompile(`\npair 14 +50\.00\n`).MatchString(out) {
		t.Errorf("one-strong report (%v):\n%s", err, out)
	}
	out, _, err = run(t, "simulate", "--model", "two-strong", mitchell14File(t))
	if err != nil || !regexp.MustCompile(` 33\.33 +50\.00 +42\.86 `).MatchString(out) {
		t.Errorf("two-strong report (%v):\n%s", err, out)
	}
}

func TestSimulateErrors(t *testing.T) {
	m14 := mitchell14File(t)
	cases := []struct {
		name  string
		args  []string
		usage bool   // a usage error, else the kind's error (exit 2 both)
		want  string // in the message
	}{
		{"no-model", []string{m14}, true, "--model is required"},
		{"bad-model", []string{"--model", "three-strong", m14}, true, `"three-strong"`},
		{"no-movement", []string{"--model", "two-strong"}, true, "want 1 argument"},
		{"strong-out-of-range", []string{"--model", "one-strong", "--strong", "15", m14}, true, "pairs 1..14"},
		{"stray-flag", []string{"--model", "two-strong", "--samples", "10", m14}, true, "--samples not used by --model two-strong"},
		{"zero-samples", []string{"--model", "bussemaker", "--samples", "0", m14}, true, "must be positive"},
		{"negative-samples", []string{"--model", "bussemaker", "--samples", "-4", m14}, true, "must be positive"},
		{"exact-and-sample", []string{"--model", "bussemaker", "--exact", "--sample", m14}, true, "exclude each other"},
		{"strengths-count", []string{"--model", "bussemaker", "--strengths", "1 2 3", m14}, true, "3 strengths given, the movement has 14 pairs"},
		{"strengths-text", []string{"--model", "bussemaker", "--strengths", "1 2 x 4 5 6 7 8 9 10 11 12 13 14", m14}, true, `strength 3: "x"`},
		{"strengths-nan", []string{"--model", "bussemaker", "--strengths", "1 2 NaN 4 5 6 7 8 9 10 11 12 13 14", m14}, true, `strength 3: "NaN" is not a number`},
		{"strengths-huge", []string{"--model", "bussemaker", "--strengths", "1 2 1e300 4 5 6 7 8 9 10 11 12 13 14", m14}, true, `strength 3: 1e300 is beyond ±1e+15`},
		{"strengths-infinite", []string{"--model", "bussemaker", "--strengths", "1 2 -Inf 4 5 6 7 8 9 10 11 12 13 14", m14}, true, `strength 3: -Inf is beyond ±1e+15`},
		{"strengths-overflow", []string{"--model", "bussemaker", "--strengths", "1 2 3 4 5 6 7 8 9 10 11 12 13 1e999", m14}, true, `strength 14: 1e999 is beyond ±1e+15`},
		{"groups-syntax", []string{"--model", "bussemaker", "--groups", "1-7,8-x", m14}, true, `--groups: group 2: "8-x"`},
		{"groups-gap", []string{"--model", "bussemaker", "--groups", "1-6,8-14", m14}, true, "--groups: pair 7 is in no group"},
		{"groups-overlap", []string{"--model", "bussemaker", "--groups", "1-8,8-14", m14}, true, "--groups: pair 8 is in groups 1 and 2"},
		{"groups-beyond", []string{"--model", "bussemaker", "--groups", "1-7,8-15", m14}, true, "--groups: pair 15 is outside 1..14"},
		{"exact-too-many", []string{"--model", "bussemaker", "--exact", "howell:14"}, false, "87178291200 numberings, 8.718e+10 scored, about"},
		{"exact-no-reduction", []string{"--model", "bussemaker", "--exact", "mitchell:7,absent=14"}, false, "6227020800 numberings, more than 100000000, and no reduction applies"},
		{"missing-file", []string{"--model", "two-strong", "nonexistent.asc"}, false, "nonexistent.asc"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := run(t, append([]string{"simulate"}, c.args...)...)
			if err == nil {
				t.Fatal("no error")
			}
			var u *usageError
			if errors.As(err, &u) != c.usage {
				t.Errorf("usage error %v, want %v: %v", !c.usage, c.usage, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q lacks %q", err, c.want)
			}
		})
	}
}

func TestSimulateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	err := Run(ctx, []string{"simulate", "--model", "bussemaker", mitchell14File(t)}, &out, &errOut)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}

// TestSimulateAndStudyShareTheDefaultSeed: a study's bussemaker cell and
// simulate, neither given a seed, sample the same numberings (seed 1) and
// so give the same figures.
func TestSimulateAndStudyShareTheDefaultSeed(t *testing.T) {
	dir := t.TempDir()
	writeStudy(t, filepath.Join(dir, "s.yaml"), "title: S\nmovements:\n  h8: {library: "+howell8File+"}\ncells:\n"+
		"  - bussemaker: {id: b, movement: h8, method: sample, samples: 3000}\n")
	out := filepath.Join(dir, "out")
	if _, _, err := run(t, "run", "-o", out, filepath.Join(dir, "s.yaml")); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(out, "s", "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Tables []struct {
			ID      string
			Caption string
			Rows    [][]float64
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	cmdOut, _, err := run(t, "simulate", "--model", "bussemaker", "--sample", "--samples", "3000", "--json", howell8File)
	if err != nil {
		t.Fatal(err)
	}
	var sim struct {
		bussemakerJSON
		Seed uint64 `json:"seed"`
	}
	if err := json.Unmarshal([]byte(cmdOut), &sim); err != nil {
		t.Fatal(err)
	}
	if sim.Seed != 1 || sim.Exact || sim.Samples != 3000 {
		t.Fatalf("simulate: seed %d, exact %v, %d samples; want seed 1, sampled, 3000", sim.Seed, sim.Exact, sim.Samples)
	}
	if len(res.Tables) != 2 || res.Tables[0].ID != "b-spread" || res.Tables[1].ID != "b-ranks" {
		t.Fatalf("study tables %+v", res.Tables)
	}
	if !strings.Contains(res.Tables[0].Caption, "3000 random numberings sampled, seed 1") {
		t.Errorf("study caption %q does not say seed 1", res.Tables[0].Caption)
	}
	spread := res.Tables[0].Rows
	if len(spread) != len(sim.Pairs) {
		t.Fatalf("study %d entrants, simulate %d", len(spread), len(sim.Pairs))
	}
	for i, s := range sim.Pairs {
		// entrant, strength, average, s.d., min, max
		if got := spread[i][2:]; got[0] != s.Avg || got[1] != s.Sd || got[2] != s.Min || got[3] != s.Max {
			t.Errorf("entrant %d: study %v, simulate %+v", i+1, got, s)
		}
	}
	for j, row := range res.Tables[1].Rows {
		for i, x := range row[1:] { // after the place
			if x != sim.RankProb[j][i] {
				t.Errorf("place %d, entrant %d: study %v, simulate %v", j+1, i+1, x, sim.RankProb[j][i])
			}
		}
	}
}
