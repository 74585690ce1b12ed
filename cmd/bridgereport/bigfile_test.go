package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// bigSession writes a USEBIO results file of pairs pairs (even) in one of
// several shapes, every name invented: "mitchell" (one section, NS
// stationary, EW moving, 5 rounds of 4 boards), "sections" (sections of 100
// pairs, each such a Mitchell with its own pair numbers), "boards" (each
// board played at two tables only, 10 rounds of 2 boards). With
// impossible, every traveller line records a score of +10, which no
// contract makes.
func bigSession(pairs int, shape string, impossible bool) []byte {
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<USEBIO Version=\"1.2\">\n<CLUB><CLUB_NAME>Invented Congress</CLUB_NAME></CLUB>\n")
	b.WriteString("<EVENT EVENT_TYPE=\"PAIRS\"><EVENT_DESCRIPTION>Invented Pairs</EVENT_DESCRIPTION><DATE>2026-11-19</DATE><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n<SESSION><SESSION_NUMBER>1</SESSION_NUMBER>\n")
	sections, per := 1, pairs
	if shape == "sections" {
		sections, per = pairs/100, 100
	}
	T := per / 2
	scores := []int{90, 120, -50, 110, 140, -100, 420, 450}
	for sec := range sections {
		fmt.Fprintf(&b, "<SECTION SECTION_ID=\"%c%d\">\n<PARTICIPANTS>\n", 'A'+sec%26, sec/26)
		for p := 1; p <= per; p++ {
			dir := "NS"
			if p > T {
				dir = "EW"
			}
			fmt.Fprintf(&b, "<PAIR><PAIR_NUMBER>%d</PAIR_NUMBER><DIRECTION>%s</DIRECTION><PLACE>1</PLACE><PERCENTAGE>50.00</PERCENTAGE><PLAYER><PLAYER_NAME>Player %d-%da</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player %d-%db</PLAYER_NAME></PLAYER></PAIR>\n", p, dir, sec, p, sec, p)
		}
		b.WriteString("</PARTICIPANTS>\n")
		type seat struct{ ns, ew int }
		boards := map[int][]seat{}
		var order []int
		play := func(board int, s seat) {
			if _, ok := boards[board]; !ok {
				order = append(order, board)
			}
			boards[board] = append(boards[board], s)
		}
		for r := range map[bool]int{true: 10, false: 5}[shape == "boards"] {
			for t := range T {
				if shape == "boards" {
					// Tables 2k and 2k+1 share their boards; a new set each round.
					for k := range 2 {
						play((r*T+t)/2*2+k+1, seat{t + 1, T + 1 + (t+r)%T})
					}
					continue
				}
				// A Mitchell of 5 rounds and 5 groups of 4 boards.
				for k := range 4 {
					play((t+r)%5*4+k+1, seat{t + 1, T + 1 + ((t-r)%T+T)%T})
				}
			}
		}
		for _, n := range order {
			fmt.Fprintf(&b, "<BOARD><BOARD_NUMBER>%d</BOARD_NUMBER>\n", n)
			for i, s := range boards[n] {
				score := scores[(i*7+n)%len(scores)]
				if impossible {
					score = 10
				}
				fmt.Fprintf(&b, "<TRAVELLER_LINE><NS_PAIR_NUMBER>%d</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%d</EW_PAIR_NUMBER><CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>7</TRICKS><SCORE>%d</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS></TRAVELLER_LINE>\n",
					s.ns, s.ew, score)
			}
			b.WriteString("</BOARD>\n")
		}
		b.WriteString("</SECTION>\n")
	}
	b.WriteString("</SESSION></EVENT></USEBIO>\n")
	return b.Bytes()
}

// TestLargeFileBoundedOutput: a 2,000-pair file of each shape whose every
// traveller line has an impossible score is scored with at most 1 MB of
// text, each kind of problem reported once with its count however many
// lines repeat it, and JSON that grows with the field, not with its
// square (20 sections of 100 pairs: about 7 MB, indented).
func TestLargeFileBoundedOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("scores three files of 2,000 pairs")
	}
	for _, shape := range []string{"mitchell", "sections", "boards"} {
		t.Run(shape, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(t.TempDir(), shape+".xml")
			if err := os.WriteFile(file, bigSession(2000, shape, true), 0o644); err != nil {
				t.Fatal(err)
			}
			text, stderr, err := run(t, "score", file)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			if len(text) > 1<<20 {
				t.Errorf("%d bytes of text, want at most 1 MB", len(text))
			}
			if n := strings.Count(text, "the file records +10"); n != 10 {
				t.Errorf("%d impossible scores listed, want the first 10", n)
			}
			if !strings.Contains(text, "more of the kind \"score\"") {
				t.Error("the text does not count the impossible scores it does not list")
			}
			js, _, err := run(t, "score", "--json", file)
			if err != nil {
				t.Fatal(err)
			}
			if len(js) > 10<<20 {
				t.Errorf("%d bytes of JSON, want at most 10 MB", len(js))
			}
			if !strings.Contains(js, `"kind": "score",`+"\n      \"count\": ") {
				t.Error("--json has no count of the impossible scores")
			}
		})
	}
}

// BenchmarkScoreLargeFile scores a 2,000-pair file of each shape, with an
// impossible score on every line, as the score command does: time, memory
// and the bytes of text it prints.
func BenchmarkScoreLargeFile(b *testing.B) {
	for _, shape := range []string{"mitchell", "sections", "boards"} {
		b.Run(shape, func(b *testing.B) {
			file := filepath.Join(b.TempDir(), shape+".xml")
			if err := os.WriteFile(file, bigSession(2000, shape, true), 0o644); err != nil {
				b.Fatal(err)
			}
			var out countingWriter
			b.ReportAllocs()
			for b.Loop() {
				out = 0
				if err := Run(context.Background(), []string{"score", file}, &out, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(out), "text-bytes")
		})
	}
}

type countingWriter int

func (w *countingWriter) Write(p []byte) (int, error) {
	*w += countingWriter(len(p))
	return len(p), nil
}

// TestRepeatedKeysAreCheap: a key repeated 2,000 times in a study, a
// league, a site.yaml or a movement file is refused at its second line
// in one short message, with little memory; yaml.v3 compared every pair of
// keys and kept a message per pair (600 MB here, 1.3 GB for 3,000; the
// movement file printed 2 million lines). A mapping of 20,000 keys is
// refused at once, before yaml.v3's comparisons.
func TestRepeatedKeysAreCheap(t *testing.T) {
	repeat := func(line string, n int) string { return strings.Repeat(line, n) }
	league, err := os.ReadFile(filepath.Join("testdata", "league-with-matches.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	many := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "  m%d: {mitchell: 7}\n", i)
		}
		return b.String()
	}
	for _, c := range []struct {
		name, file, text string
		args             []string
		want             string
	}{
		{"study", "s.yaml", "title: T\nmovements:\n" + repeat("  m: {mitchell: 7}\n", 2000) + "cells:\n  - markdown: x\n",
			[]string{"run", "-o", "out"}, `s.yaml:4: mapping key "m" already defined at line 3`},
		{"league", "l.yaml", string(league) + repeat("settings: {}\n", 2000),
			[]string{"handicap"}, `already defined at line`},
		{"site", "site.yaml", "title: T\nstudies: [s.yaml]\n" + repeat("title: T\n", 2000),
			[]string{"run", "-o", "out"}, `site.yaml:3: mapping key "title" already defined at line 1`},
		{"movement", "m.json", "{" + strings.TrimSuffix(repeat(`"name": "x", `, 900), ", ") + "}",
			[]string{"balance"}, `m.json: bridgescorer: line 1: mapping key "name" already defined at line 1`},
		{"wide", "w.yaml", "title: T\nmovements:\n" + many(20000) + "cells:\n  - markdown: x\n",
			[]string{"run", "-o", "out"}, `w.yaml:3: a mapping of 20000 keys, more than 10000`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			if err := os.WriteFile(c.file, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, _, err := run(t, append(c.args, c.file)...)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 {
				t.Errorf("err = %.500v, want one short message with %q", err, c.want)
			}
			if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 100 {
				t.Errorf("%d MB allocated to refuse it", mb)
			}
			if _, err := os.Stat("out"); err == nil {
				if entries, _ := os.ReadDir("out"); len(entries) > 0 {
					t.Errorf("the refused input wrote %d files", len(entries))
				}
			}
		})
	}
}
