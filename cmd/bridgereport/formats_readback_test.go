package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// testGuid is the session GUID the tests write, so that their records are
// the same on every run.
const testGuid = "0123456789ABCDEF0123456789ABCDEF"

// TestRecommendationsReadBack: the movement command reads the files it
// writes, and its cards and its Bridgemate export number the field alike.
// For the recommendation of every field of 6 to 60 pairs (-short: six, the
// two sections of 31 and 46 among them), the cards (movement SPEC --json) and the
// Data Connector's records name the same section, table, pairs and boards
// for every round, seat for seat; read back as a MOVEMENT, the records give
// the same cards and the spec's Qf, and so does the bridgescorer file
// (refused for two sections: the format has none).
func TestRecommendationsReadBack(t *testing.T) {
	t.Parallel()
	for n := 6; n <= 60; n++ {
		if testing.Short() && n != 7 && n != 13 && n != 17 && n != 29 && n != 31 && n != 46 {
			continue
		}
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			t.Parallel()
			c := catalogueOf(t, n)[0].Candidates[0]
			perRound := c.NearestBoardsPerRound
			if len(c.BoardsPerRound) > 0 {
				perRound = c.BoardsPerRound[0]
			}
			b := strconv.Itoa(perRound)
			var want struct {
				Qf float64 `json:"qf"`
			}
			runJSON(t, &want, "balance", "--json", c.Spec)
			var cards kinds.GuideResult
			runJSON(t, &cards, "movement", c.Spec, "--boards-per-round", b, "--json")
			dir := t.TempDir()
			for _, format := range []string{"bridgemate", "bridgescorer"} {
				file := filepath.Join(dir, "movement-"+format)
				args := []string{"movement", c.Spec, "--boards-per-round", b, "--format", format, "-o", file}
				if format == "bridgemate" {
					args = append(args, "--session-guid", testGuid)
				}
				_, stderr, err := run(t, args...)
				if format == "bridgescorer" && len(c.Sections) > 1 {
					// The format has no sections: refused, by name.
					if err == nil || !strings.Contains(err.Error(), "the format has none") {
						t.Errorf("bridgescorer of %d sections: err = %v, want a refusal", len(c.Sections), err)
					}
					continue
				}
				if format == "bridgescorer" && err != nil && strings.Contains(err.Error(), "mid-round") {
					continue // the format cannot say it, and the writer says so
				}
				if err != nil {
					t.Fatalf("%s: %v\n%s", format, err, stderr)
				}
				if format == "bridgemate" {
					data, err := os.ReadFile(file)
					if err != nil {
						t.Fatal(err)
					}
					var secs []bridgemate.Section
					if err := json.Unmarshal(data, &secs); err != nil {
						t.Fatal(err)
					}
					exportAgrees(t, c.Spec, &cards, secs)
				}
				var got struct {
					Qf float64 `json:"qf"`
				}
				runJSON(t, &got, "balance", "--json", file)
				if got.Qf != want.Qf {
					t.Errorf("%s of %s read back: Qf %v, the spec's %v", format, c.Spec, got.Qf, want.Qf)
				}
				var back kinds.GuideResult
				runJSON(t, &back, "movement", file, "--boards-per-round", b, "--json")
				a, b := seats(&cards), seats(&back)
				if format == "bridgescorer" && cards.GroupsPerRound > 1 {
					// The file numbers a split table's two sets one after
					// the other and reads them back as one set: the seats
					// are the same, the sets not.
					a, b = tablesOnly(a), tablesOnly(b)
				}
				if !maps.Equal(a, b) {
					t.Errorf("%s of %s read back: its cards differ from the spec's", format, c.Spec)
				}
			}
		})
	}
}

// seats is every seat of the cards: table label, round and board set → the
// pairs (as labelled) and the boards; and pair label and round → "sits
// out" for each pair card's sit-out.
func seats(g *kinds.GuideResult) map[string]string {
	out := map[string]string{}
	for _, card := range g.TableCards {
		for _, turn := range card.Rounds {
			for i, grp := range turn.Groups {
				out[fmt.Sprintf("table %s round %d set %d", card.Label, turn.Round, i+1)] = fmt.Sprintf("%s-%s boards %s", grp.NSLabel, grp.EWLabel, grp.Boards)
			}
		}
	}
	for _, card := range g.PairCards {
		for _, turn := range card.Rounds {
			if turn.SitsOut {
				out[fmt.Sprintf("pair %s round %d", card.Label, turn.Round)] = "sits out"
			}
		}
	}
	return out
}

// tablesOnly keeps of seats who sits where: the pairs at each table in
// each round, and the sit-outs.
func tablesOnly(seats map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range seats {
		if table, _, ok := strings.Cut(k, " set "); ok {
			pairs, _, _ := strings.Cut(v, " boards ")
			out[table] = pairs
			continue
		}
		out[k] = v
	}
	return out
}

// exportAgrees checks the Data Connector's records against the cards:
// every record that seats two pairs is a seat of the cards (the section
// letter and table number its label, its pairs the section's pairs by
// their labels, its boards the cards'), a record of one pair is a sit-out
// on that pair's card, and every seat of the cards has its record. A
// section written in half rounds has its round r's two sets in rounds
// 2r-1 and 2r.
func exportAgrees(t *testing.T, spec string, cards *kinds.GuideResult, secs []bridgemate.Section) {
	t.Helper()
	want := seats(cards)
	got := map[string]string{}
	sectioned := len(secs) > 1
	label := func(letters string, n int) string {
		if sectioned {
			return letters + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	}
	for _, sec := range secs {
		halves := false
		for _, tb := range sec.Tables {
			for _, rd := range tb.Rounds {
				halves = halves || rd.RoundNumber > cards.Rounds
			}
		}
		for _, tb := range sec.Tables {
			for _, rd := range tb.Rounds {
				if rd.SessionGuid != testGuid || tb.SessionGuid != testGuid || sec.SessionGuid != testGuid {
					t.Fatalf("%s: section %s table %d round %d: session %q, want %s", spec, sec.Letters, tb.TableNumber, rd.RoundNumber, rd.SessionGuid, testGuid)
				}
				round, set := rd.RoundNumber, 1
				if halves {
					round, set = (rd.RoundNumber+1)/2, 2-rd.RoundNumber%2
				}
				switch {
				case rd.PairNS > 0 && rd.PairEW > 0:
					boards := strconv.Itoa(rd.LowBoardNumber)
					if rd.HighBoardNumber > rd.LowBoardNumber {
						boards += "-" + strconv.Itoa(rd.HighBoardNumber)
					}
					got[fmt.Sprintf("table %s round %d set %d", label(sec.Letters, tb.TableNumber), round, set)] =
						fmt.Sprintf("%s-%s boards %s", label(sec.Letters, rd.PairNS), label(sec.Letters, rd.PairEW), boards)
				case rd.PairNS > 0 || rd.PairEW > 0:
					got[fmt.Sprintf("pair %s round %d", label(sec.Letters, rd.PairNS+rd.PairEW), round)] = "sits out"
				}
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		switch g, ok := got[k]; {
		case !ok && strings.HasPrefix(k, "pair "):
			// A sit-out the records cannot place: no empty table that
			// round (the records list sit-outs at empty tables only).
		case g != want[k]:
			t.Errorf("%s: %s: the export says %q, the cards %q", spec, k, g, want[k])
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s: the export says %q, the cards nothing", spec, k, got[k])
		}
	}
}

// TestASCReadBack: the .ASC file the movement command writes reads back
// as the movement written (the spec's Qf, the same cards), phantom and
// half table included; for a field of two sections, which the format
// cannot hold, -o FILE.asc is refused and nothing is written (it was
// written, and read back as one field of 27 pairs: Qf 43.38 for 88.85,
// the sections' numbering gone).
func TestASCReadBack(t *testing.T) {
	for _, spec := range []string{
		"mitchell:9,switch=r1t4+r2t6,absent=18", // 17 pairs: a phantom
		"howell:13,rounds=10,switch=r2t1",       // a half table
	} {
		var want struct {
			Qf float64 `json:"qf"`
		}
		runJSON(t, &want, "balance", "--json", spec)
		var cards kinds.GuideResult
		runJSON(t, &cards, "movement", spec, "--boards-per-round", "2", "--json")
		file := filepath.Join(t.TempDir(), "m.asc")
		if _, stderr, err := run(t, "movement", spec, "--boards-per-round", "2", "-o", file); err != nil {
			t.Fatalf("%s: %v\n%s", spec, err, stderr)
		}
		var got struct {
			Qf float64 `json:"qf"`
		}
		runJSON(t, &got, "balance", "--json", file)
		if got.Qf != want.Qf {
			t.Errorf("%s: the .ASC read back has Qf %v, the spec %v", spec, got.Qf, want.Qf)
		}
		var back kinds.GuideResult
		runJSON(t, &back, "movement", file, "--boards-per-round", "2", "--json")
		if !maps.Equal(seats(&cards), seats(&back)) {
			t.Errorf("%s: the .ASC read back gives other cards", spec)
		}
	}
	spec := "sections:howell:15,rounds=10/howell:12,rounds=10"
	dir := t.TempDir()
	_, _, err := run(t, "movement", spec, "--boards-per-round", "2", "-o", filepath.Join(dir, "m.asc"), "--cards", filepath.Join(dir, "cards.html"))
	if code := exitCode(err, io.Discard); code != exitBad || !strings.Contains(err.Error(), "the .ASC format has none") {
		t.Errorf("-o m.asc of two sections: exit %d, %v; want %d and the refusal", code, err, exitBad)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("-o m.asc of two sections refused, yet %d files written", len(entries))
	}
	// optimize -o writes the same .ASC form: refused alike, before the search.
	_, _, err = run(t, "optimize", "--iterations", "1000", "-o", filepath.Join(dir, "o.asc"), spec)
	if code := exitCode(err, io.Discard); code != exitBad || !strings.Contains(err.Error(), "the .ASC format has none") {
		t.Errorf("optimize -o o.asc of two sections: exit %d, %v; want %d and the refusal", code, err, exitBad)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("optimize -o o.asc of two sections refused, yet %d files written", len(entries))
	}
}

// TestOptimizeSectionsApart: a field of sections scored apart is shown as
// balance shows it, each section on its own and pooled (before, the whole
// field's formula: Qf 24.49 for two Mitchells of 7, where balance says
// 46.94), and sections on shared boards scored apart are refused: the
// search would balance comparisons across them that are never scored.
func TestOptimizeSectionsApart(t *testing.T) {
	bal := func(spec string) (qf float64) {
		out, _, err := run(t, "balance", "--json", spec)
		if err != nil {
			t.Fatal(err)
		}
		var b struct{ Qf float64 }
		if err := json.Unmarshal([]byte(out), &b); err != nil {
			t.Fatal(err)
		}
		return b.Qf
	}
	spec := "sections:mitchell:7/mitchell:7"
	out, _, err := run(t, "optimize", "--iterations", "20000", "--json", spec)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Rows []struct {
			QfBefore float64 `json:"qf_before"`
			Qf       float64 `json:"qf"`
			Switched []struct{ Round, Table int }
		}
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || len(o.Rows) != 1 {
		t.Fatalf("optimize --json: %v\n%s", err, out)
	}
	r := o.Rows[0]
	if want := bal(spec); math.Abs(r.QfBefore-want) > 1e-9 {
		t.Errorf("qf_before %.2f, want balance's %.2f", r.QfBefore, want)
	}
	// The switches it found, given to each section in the spec: balance's
	// Qf of that field is the Qf after.
	var parts [2][]string
	for _, p := range r.Switched {
		sec, table := (p.Table-1)/7, (p.Table-1)%7+1
		parts[sec] = append(parts[sec], fmt.Sprintf("r%dt%d", p.Round, table))
	}
	switched := "sections:mitchell:7"
	for i, p := range parts {
		if i > 0 {
			switched += "/mitchell:7"
		}
		if len(p) > 0 {
			switched += ",switch=" + strings.Join(p, "+")
		}
	}
	if want := bal(switched); math.Abs(r.Qf-want) > 1e-9 || r.Qf < 90 {
		t.Errorf("qf %.2f, want balance's %.2f of %s (above 90)", r.Qf, want, switched)
	}
	_, _, err = run(t, "optimize", "--iterations", "1000", spec+"/boards=shared")
	if code := exitCode(err, io.Discard); code != exitBad || !strings.Contains(err.Error(), "scored apart") {
		t.Errorf("shared boards scored apart: exit %d, %v; want %d and the refusal", code, err, exitBad)
	}
}

// TestBoardsPerRoundReadBack: at the most boards a round the command
// takes, the files it writes read back; one more is refused, nothing
// written. --boards-per-round 1000 wrote Bridgemate and bridgescorer files
// of boards up to 7000 that balance and movement refused.
func TestBoardsPerRoundReadBack(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"bridgemate", "bridgescorer"} {
		file := filepath.Join(dir, format)
		if _, stderr, err := run(t, "movement", "mitchell:7", "--boards-per-round", "714", "--format", format, "-o", file); err != nil {
			t.Fatalf("%s: %v\n%s", format, err, stderr)
		}
		var got struct {
			Qf float64 `json:"qf"`
		}
		runJSON(t, &got, "balance", "--json", file)
		over := filepath.Join(dir, "over-"+format)
		_, _, err := run(t, "movement", "mitchell:7", "--boards-per-round", "715", "--format", format, "-o", over)
		if code := exitCode(err, io.Discard); code != exitBad || !strings.Contains(err.Error(), "at most 714 boards a round") {
			t.Errorf("%s at 715 boards a round: exit %d, %v", format, code, err)
		}
		if _, err := os.Stat(over); err == nil {
			t.Errorf("%s at 715 boards a round: refused, yet written", format)
		}
	}
}
