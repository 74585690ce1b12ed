package season

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/pbn"
	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// readSeason reads every results file of the sample folder.
func readSeason(t testing.TB) []*scoring.Session {
	t.Helper()
	entries, err := os.ReadDir(samplesDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*scoring.Session
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(samplesDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var s *scoring.Session
		if strings.HasSuffix(e.Name(), ".pbn") {
			s, err = pbn.Read(e.Name(), bytes.NewReader(data))
		} else {
			s, err = usebio.Read(e.Name(), bytes.NewReader(data))
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

var testOptions = Options{Resamples: 500, Iterations: 5000, Restarts: 2, LuckSamples: 2000, BestOf: 3}

func analyseSeason(t testing.TB) *Result {
	t.Helper()
	r, err := Analyse(context.Background(), readSeason(t), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every file of the season is read as its scorer wrote it: no
// disagreement, no warning, the method it used.
func TestSeasonSessions(t *testing.T) {
	r := analyseSeason(t)
	want := []struct{ file, date, method string }{
		{"2026-09-03.xml", "2026-09-03", "plain matchpoints"},
		{"2026-09-10.xml", "2026-09-10", "plain matchpoints"},
		{"2026-09-17.pbn", "2026-09-17", "plain matchpoints"},
		{"2026-09-24.xml", "2026-09-24", "across the field"},
		{"2026-10-01.pbn", "2026-10-01", "Neuberg"},
		{"2026-10-08.xml", "2026-10-08", "plain matchpoints"},
	}
	if len(r.Sessions) != len(want) {
		t.Fatalf("%d sessions", len(r.Sessions))
	}
	for i, s := range r.Sessions {
		w := want[i]
		if s.File != w.file || s.Date != w.date || !strings.Contains(s.Method, w.method) {
			t.Errorf("session %d: %s %s %q, want %s %s %q", i, s.File, s.Date, s.Method, w.file, w.date, w.method)
		}
		if s.Disagreements != 0 || len(s.Warnings) != 0 {
			t.Errorf("%s: %d disagreements, warnings %v", s.File, s.Disagreements, s.Warnings)
		}
	}
	// The sit-out session's movement has the rounds of the Mitchell played.
	if m := r.Sessions[2].Movements[0]; m.Rounds != 9 || m.Pairs != 17 {
		t.Errorf("sit-out movement: %d rounds, %d pairs", m.Rounds, m.Pairs)
	}
	// Two sections across the field: each as played, then the union.
	var scopes []string
	for _, m := range r.Sessions[3].Movements {
		scopes = append(scopes, m.Scope+" "+m.Section)
	}
	if strings.Join(scopes, ", ") != "section Sect1, section Sect2, across Sect1+Sect2" {
		t.Errorf("movements %v", scopes)
	}
	if p := r.Sessions[3].Ranking[0].Pair; !strings.HasPrefix(p, "Sect1 ") && !strings.HasPrefix(p, "Sect2 ") {
		t.Errorf("pair label %q", p)
	}
}

// P(first) sums to 1 in every ranking group of every session; P(top 3)
// to at least 3 in groups of three pairs or more.
func TestSeasonProbabilities(t *testing.T) {
	r := analyseSeason(t)
	for _, s := range r.Sessions {
		first := map[string]float64{}
		top3 := map[string]float64{}
		size := map[string]int{}
		for _, p := range s.Ranking {
			first[p.Group] += p.PFirst
			top3[p.Group] += p.PTop3
			size[p.Group]++
			if p.PFirst < 0 || p.PFirst > p.PTop3+1e-12 || p.PTop3 > 1 {
				t.Errorf("%s %s: P(first) %v, P(top 3) %v", s.File, p.Pair, p.PFirst, p.PTop3)
			}
		}
		for g, sum := range first {
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("%s group %s: P(first) sums to %v", s.File, g, sum)
			}
			if top3[g] < float64(min(3, size[g]))-1e-9 {
				t.Errorf("%s group %s: P(top 3) sums to %v", s.File, g, top3[g])
			}
		}
		if !(s.MarginOfError > 1 && s.MarginOfError < 30) {
			t.Errorf("%s: margin of error %v", s.File, s.MarginOfError)
		}
	}
}

// The per-pair table: partnerships matched by numbers (Ada Penrose's
// partner is "B. Quint" in one file) and by names (files without numbers),
// each partnership's sessions counted, its average and standard error
// computed independently from the generator's own results.
func TestSeasonPairs(t *testing.T) {
	r := analyseSeason(t)
	type acc struct {
		sessions int
		pcts     []float64
	}
	want := map[int]*acc{} // by member
	for i, s := range samples() {
		lines := s.play(uint64(i + 1))
		boards := s.boards(lines)
		s.score(lines, boards)
		seen := map[int]bool{}
		for _, idx := range boards {
			top := float64(2 * (len(idx) - 1))
			for _, li := range idx {
				l := lines[li]
				for _, side := range []struct {
					pair int
					mp   float64
				}{{l.ns, l.nsMP}, {l.ew, l.ewMP}} {
					m := s.sections[l.sec].who[side.pair-1]
					if want[m] == nil {
						want[m] = &acc{}
					}
					if !seen[m] {
						seen[m] = true
						want[m].sessions++
					}
					want[m].pcts = append(want[m].pcts, 100*side.mp/top)
				}
			}
		}
	}
	if len(r.Pairs) != len(want) {
		t.Errorf("%d partnerships, want %d", len(r.Pairs), len(want))
	}
	for m, w := range want {
		id := "ids:" + members[m].idA + "+" + members[m].idB
		if m >= 14 { // never in a file with numbers
			id = "names:" + strings.ToLower(members[m].a) + " & " + strings.ToLower(members[m].b)
		}
		var got *Pair
		for i := range r.Pairs {
			if r.Pairs[i].ID == id {
				got = &r.Pairs[i]
			}
		}
		if got == nil {
			t.Errorf("member %d (%s): no partnership %s", m, members[m].a, id)
			continue
		}
		// Mean and standard error by a second method: sums of squares.
		n := float64(len(w.pcts))
		sum, sq := 0.0, 0.0
		for _, x := range w.pcts {
			sum += x
			sq += x * x
		}
		mean := sum / n
		se := math.Sqrt((sq-n*mean*mean)/(n-1)) / math.Sqrt(n)
		if got.Sessions != w.sessions || got.Boards != len(w.pcts) || math.Abs(got.Percent-mean) > 1e-6 || math.Abs(got.SE-se) > 1e-6 {
			t.Errorf("%s: %d sessions %d boards %.4f%% ± %.4f, want %d %d %.4f%% ± %.4f", id, got.Sessions, got.Boards, got.Percent, got.SE, w.sessions, len(w.pcts), mean, se)
		}
		if math.Abs(got.Low95-(mean-1.959964*se)) > 1e-6 {
			t.Errorf("%s: interval from %v", id, got.Low95)
		}
		if (got.Best != nil) != (w.sessions >= 3) {
			t.Errorf("%s: best of 3 over %d sessions: %v", id, w.sessions, got.Best)
		}
	}
}

// The movements' figures: Qf of the movements played as the engine computes
// them from the generator's movements, and a better movement for the
// Mitchell with round 3 switched.
func TestSeasonMovements(t *testing.T) {
	r := analyseSeason(t)
	ss := samples()
	for i, s := range r.Sessions {
		sec := ss[i].sections[0]
		m := sec.m
		if sec.absent != 0 {
			var err error
			if m, err = m.WithoutPair(sec.absent); err != nil {
				t.Fatal(err)
			}
		}
		want := movement.ComputeBalance(m).Qf
		if got := s.Movements[0].Qf; math.Abs(got-want) > 0.005 {
			t.Errorf("%s: Qf %.2f, the movement played has %.2f", s.File, got, want)
		}
		if s.Movements[0].Qd <= 0 || s.Movements[0].Qd > 100 {
			t.Errorf("%s: Qd %v", s.File, s.Movements[0].Qd)
		}
	}
	b := r.Sessions[5].Movements[0].Better
	played := r.Sessions[5].Movements[0].Qf
	if b == nil || len(b.Played) != 2 || b.Played[0].Round != 2 || b.Played[1].Round != 3 || b.Played[0].Tables != nil {
		t.Fatalf("better movement %+v", b)
	}
	// One switched round of a 7-table Mitchell gives Qf 92, two 49.64
	// (movement.ComputeBalance, checked against seed 004's table in that
	// package).
	if math.Abs(played-49.64) > 0.005 || math.Abs(b.Qf-92) > 0.005 || len(b.Switches) != 1 || b.Switches[0].Tables != nil {
		t.Errorf("better movement: Qf %.2f → %.2f, %+v", played, b.Qf, b.Switches)
	}
	if want := "switch round " + strconv.Itoa(b.Switches[0].Round) + " instead of rounds 2 and 3: Qf 50 → 92"; b.Text != want {
		t.Errorf("better movement in words: %q, want %q", b.Text, want)
	}
}

// Fairness: one-winner sessions counted, NS and EW averages adding to 100
// (no split artificial scores in those), the stationary pairs known.
func TestSeasonFairness(t *testing.T) {
	r := analyseSeason(t)
	f := r.Fairness
	// Howell 8, Howell 10 (the A+/A+ line gives both 60 %) and the
	// switched Mitchell are one-winner sessions.
	if f.OneWinnerSessions != 3 {
		t.Errorf("%d one-winner sessions, want 3", f.OneWinnerSessions)
	}
	if f.NS.Results != f.EW.Results || f.NS.Results == 0 {
		t.Errorf("NS %d results, EW %d", f.NS.Results, f.EW.Results)
	}
	// Each result's two sides add to 100 but for the A+/A+ line (120).
	if got := f.NS.Percent + f.EW.Percent; math.Abs(got-100-20/float64(f.NS.Results)) > 1e-9 {
		t.Errorf("NS %.4f + EW %.4f = %.6f", f.NS.Percent, f.EW.Percent, got)
	}
	if f.Stationary.Results == 0 || f.Moving.Results == 0 || len(f.StationaryFrom) != 4 {
		t.Errorf("stationary %d, moving %d, from %v", f.Stationary.Results, f.Moving.Results, f.StationaryFrom)
	}
}

// The same result, to the byte, on one core and on two.
func TestSeasonReproducible(t *testing.T) {
	run := func(procs int) []byte {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		data, err := json.Marshal(analyseSeason(t))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	one, two := run(1), run(2)
	if !bytes.Equal(one, two) {
		t.Error("the season differs between GOMAXPROCS 1 and 2")
	}
}

func TestIsoDate(t *testing.T) {
	for in, want := range map[string]string{"03/09/2026": "2026-09-03", "2026.09.17": "2026-09-17", "2026-10-01": "2026-10-01", "2026.??.??": "", "": "", "13/13/2026": "",
		"March 4, 2025": "2025-03-04", "Tuesday, Mar 4 2025": "2025-03-04", "4th March 2025": "2025-03-04", "Mayday 2025": ""} {
		if got := isoDate(in); got != want {
			t.Errorf("isoDate(%q) = %q, want %q", in, got, want)
		}
	}
	if got := sessionDate(&scoring.Session{Date: "3/4/2025", Scale: scoring.ScaleACBL}); got != "2025-03-04" {
		t.Errorf("an ACBLscore file's 3/4/2025 read as %s, want March 4", got)
	}
}
