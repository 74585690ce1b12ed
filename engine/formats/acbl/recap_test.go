package acbl

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/session"
)

var twoSections = []sectionPlan{{"A", 7, 2}, {"B", 5, 3}}

// agreement analyses a session read from a recap and counts the pairs
// whose recomputed percentage agrees with the sample's to 0.01 (the
// recap prints two decimals: agreeing means rounding to the same).
func agreement(t *testing.T, s *scoring.Session, sample *sampleSession) (agree, total int, a *session.Analysis) {
	t.Helper()
	a, err := session.Analyse(context.Background(), s, session.Settings{NoLuck: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range a.Pairs {
		want := sample.pair(p.Section, p.Direction, p.Pair)
		if want == nil {
			t.Errorf("pair %s: not in the sample", p.Label)
			continue
		}
		total++
		if math.Abs(p.Percent-want.pct) <= 0.005+1e-9 {
			agree++
		} else {
			t.Logf("pair %s: recomputed %.4f, printed %.2f", p.Label, p.Percent, want.pct)
		}
	}
	return agree, total, a
}

func TestRecapPercentagesAgreeWithTheOracle(t *testing.T) {
	for _, layout := range []string{"travellers", "recaps"} {
		agree, total := 0, 0
		for seed := uint64(1); seed <= 12; seed++ {
			sample := makeSample(seed, twoSections, 3, seed%2 == 0)
			body := sample.travellers()
			if layout == "recaps" {
				body = sample.recaps()
			}
			text := sample.header() + sample.rankings() + body
			s, err := ReadRecap("club.txt", strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s, seed %d: %v", layout, seed, err)
			}
			if s.Scale != scoring.ScaleACBL || s.Club != "Maple Grove Bridge Club" || s.Event != "Tuesday Evening Pairs" || s.Date != "March 4, 2025" {
				t.Errorf("%s: header read as scale %v, club %q, event %q, date %q", layout, s.Scale, s.Club, s.Event, s.Date)
			}
			a, b, an := agreement(t, s, sample)
			agree, total = agree+a, total+b
			m := an.MethodDetail
			if m.Scale != scoring.ScaleACBL || m.LinesReproduced != m.LinesChecked || m.LinesChecked == 0 {
				t.Errorf("%s, seed %d: method %q reproduces %d of %d lines", layout, seed, an.Method, m.LinesReproduced, m.LinesChecked)
			}
			if len(s.Warnings) > 0 {
				t.Errorf("%s, seed %d: warnings on a clean file: %v", layout, seed, s.Warnings)
			}
		}
		if total != 12*24 || agree < total*95/100 {
			t.Errorf("%s: %d of %d pairs agree to 0.01", layout, agree, total)
		}
		t.Logf("%s: %d of %d pairs agree to 0.01", layout, agree, total)
	}
}

// TestRecapReadsWhatClubsPost reads the same session as clubs' websites
// and programs mangle it, and checks it reads as the clean file does.
func TestRecapReadsWhatClubsPost(t *testing.T) {
	sample := makeSample(7, twoSections, 3, true)
	clean := sample.header() + sample.rankings() + sample.travellers()
	latin1, err := charmap.ISO8859_1.NewEncoder().String(clean)
	if err != nil {
		t.Fatal(err)
	}
	var mixed strings.Builder
	for i, line := range strings.Split(clean, "\n") {
		mixed.WriteString(line)
		mixed.WriteString([]string{"\r\n", "\n", "\r"}[i%3])
	}
	nul := strings.ReplaceAll(clean, "RESULTS", "\x00RESULTS")
	// A page break inside the first ranking: the new page's first row
	// starts with the form feed.
	paged := strings.Split(clean, "\n")
	for i, l := range paged {
		if strings.HasPrefix(l, "Pair    Pct") {
			paged[i+4] = "\f" + paged[i+4]
			break
		}
	}
	cases := []struct {
		name, text string
		warn       string // a warning kind the file must get
	}{
		{"latin-1", latin1, ""},
		{"mixed line ends", mixed.String(), ""},
		{"NUL bytes", nul, "nul"},
		{"DOS end-of-file mark", clean + "\x1a", ""},
		{"end-of-file mark and padding", latin1 + "\x1a\x00\x00", "nul"},
		{"printed twice", clean + "\f\n" + clean, "twice"},
		{"html", "<html><body><pre>\n" + strings.ReplaceAll(clean, "&", "&amp;") + "</pre></body></html>\n", ""},
		{"double-spaced", strings.ReplaceAll(clean, "\n", "\n\n"), ""},
		{"page break in a ranking", strings.Join(paged, "\n"), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := ReadRecap("club.txt", strings.NewReader(c.text))
			if err != nil {
				t.Fatal(err)
			}
			agree, total, _ := agreement(t, s, sample)
			if agree != total || total != 24 {
				t.Errorf("%d of %d pairs agree", agree, total)
			}
			kinds := map[string]bool{}
			for _, w := range s.Warnings {
				kinds[w.Kind] = true
			}
			if c.warn != "" && !kinds[c.warn] {
				t.Errorf("no %q warning: %v", c.warn, s.Warnings)
			}
			if c.warn == "" && len(s.Warnings) > 0 {
				t.Errorf("warnings: %v", s.Warnings)
			}
			for _, p := range s.Pairs {
				if !p.HasPercent || len(p.Names) != 2 {
					t.Errorf("pair %s%s%d: not read from its ranking (names %q)", p.Section, p.Direction, p.Number, p.Names)
				}
			}
			names := strings.Join(s.Pairs[0].Names, " ") + strings.Join(s.Pairs[len(s.Pairs)-1].Names, " ")
			if !strings.Contains(clean, s.Pairs[0].Names[0]) || strings.ContainsRune(names, '\uFFFD') {
				t.Errorf("names read as %q", names)
			}
		})
	}
}

func TestRecapCutOffMidBoard(t *testing.T) {
	sample := makeSample(3, twoSections[:1], 0, false)
	text := sample.header() + sample.rankings() + sample.travellers()
	cut := text[:len(text)*2/3]
	s, err := ReadRecap("cut.txt", strings.NewReader(cut))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, w := range s.Warnings {
		found = found || w.Kind == "truncated"
	}
	if !found {
		t.Errorf("no truncated warning: %v", s.Warnings)
	}
	if len(s.Boards) == 0 || len(s.Boards) >= 14 {
		t.Errorf("%d boards read from two thirds of 14", len(s.Boards))
	}
}

func TestRecapDetails(t *testing.T) {
	const text = `                      Friday Afternoon Stratified Pairs
          Lakeshore Duplicate Club            Friday Aft Session
                           June 6, 2025
                  Howell movement, Top: 4

Scores after 3 boards  Average:    6.0      Section  A
Pair    Pct   Score   Section   Rank  MPs
                       A   B   C
  2   66.67    8.00   1   1       0.60(A)   Ada Quint - Basil Rook
  1   50.00    6.00   2/3 2   1   0.25(B)   Cora Smith - Dmitri Vale
  3   50.00    6.00   2/3               
  4   33.33    4.00   4             

                              RESULTS OF BOARD 1

        Scores          Matchpoints        Names
     N-S     E-W       N-S     E-W
     420                 1.00    0.00    1 vs 2
    PASS                 0.00    1.00    3 vs 4

                              RESULTS OF BOARD 2

     AVE+    AVE-        0.60    0.40    2 vs 3
     110                 0.50    0.50    4 vs 1
      NP                                 

                              RESULTS OF BOARD 3

             50          0.00    1.00    1-Smith-Vale vs 3
     100                 1.00    0.00    2-Quint-Van Rook vs 4-Ames-Bell
`
	s, err := ReadRecap("friday.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if s.Club != "Lakeshore Duplicate Club" || s.Movement != "Howell" || s.Top != 4 || s.Average != 2 || s.Date != "June 6, 2025" {
		t.Errorf("header: club %q, movement %q, top %v, average %v, date %q", s.Club, s.Movement, s.Top, s.Average, s.Date)
	}
	if len(s.Pairs) != 4 {
		t.Fatalf("%d pairs", len(s.Pairs))
	}
	p := s.Pairs[1]
	if p.Number != 1 || p.PercentText != "50.00" || p.Place != "2/3" || len(p.Awards) != 1 || p.Awards[0] != (scoring.Award{Points: 0.25, Reason: "B"}) ||
		len(p.StratRanks) != 3 || p.StratRanks[1] != (scoring.StratRank{Strat: "B", Rank: "2"}) || strings.Join(p.Names, "|") != "Cora Smith|Dmitri Vale" {
		t.Errorf("pair 1 read as %+v", p)
	}
	if len(s.Pairs[3].Names) != 0 {
		t.Errorf("pair 4 has names %q", s.Pairs[3].Names)
	}
	b := s.Boards
	if len(b) != 3 || len(b[1].Lines) != 2 {
		t.Fatalf("boards %+v", b)
	}
	if l := b[0].Lines[1]; l.Contract != "PASS" || l.Score != 0 || l.NS != 3 {
		t.Errorf("passed out read as %+v", l)
	}
	if a := b[1].Lines[0].Artificial; a == nil || a.NS != 60 || a.EW != 40 {
		t.Errorf("AVE+/AVE- read as %+v", a)
	}
	if l := b[2].Lines[0]; l.Score != -50 || l.NS != 1 || l.EW != 3 {
		t.Errorf("an E-W score read as %+v", l)
	}
}

func TestRecapErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"empty", "  \n\n", "empty file"},
		{"prose", "Dear members,\nthe club is closed on Friday.\n", "not an ACBLscore report"},
		{"ranking only", "Section A North-South\nPair Pct Score\n 1 55.00 13.20 Ann Ames - Bo Bell\n", "no board-by-board results"},
	} {
		_, err := ReadRecap("x.txt", strings.NewReader(c.text))
		var pe *engine.ParseError
		if !errors.As(err, &pe) || pe.File != "x.txt" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want a ParseError naming x.txt with %q", c.name, err, c.want)
		}
	}
}

func FuzzReadRecap(f *testing.F) {
	sample := makeSample(1, twoSections[:1], 2, true)
	f.Add([]byte(sample.header() + sample.rankings() + sample.travellers()))
	f.Add([]byte(sample.header() + sample.rankings() + sample.recaps()))
	f.Add([]byte("RESULTS OF BOARD 1\n 420 1.00 0.00 1 vs 2\nPair 3\nBoard 1 2\nScore AVE+ -\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadRecap("f.txt", bytes.NewReader(data))
		if err != nil {
			var pe *engine.ParseError
			if !errors.As(err, &pe) || pe.File != "f.txt" {
				t.Fatalf("error %v is not a ParseError naming the file", err)
			}
			return
		}
		if len(s.Boards) == 0 {
			t.Fatal("a session without boards")
		}
	})
}

// TestRecapMisprintedAwards: an award printed otherwise than 1.20(A) is
// read when it is one (.80A), and otherwise left out with a warning; it
// never becomes the start of a player's name.
func TestRecapMisprintedAwards(t *testing.T) {
	sample := makeSample(5, twoSections, 0, false)
	clean := sample.header() + sample.rankings() + sample.travellers()
	text := strings.ReplaceAll(strings.ReplaceAll(clean, "1.20(A)", "1,20(A)"), "0.80(A)", ".80A   ")
	s, err := ReadRecap("awards.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	read, bad := 0, 0
	for _, p := range s.Pairs {
		if len(p.Names) == 0 || strings.ContainsAny(p.Names[0][:1], "0123456789.(") {
			t.Errorf("pair %s%s%d: names %q", p.Section, p.Direction, p.Number, p.Names)
		}
		for _, a := range p.Awards {
			if a == (scoring.Award{Points: 0.8, Reason: "A"}) {
				read++
			}
		}
	}
	for _, w := range s.Warnings {
		if w.Kind == "award" && strings.Contains(w.Text, `"1,20(A)"`) && w.Line > 0 {
			bad++
		}
	}
	if want := strings.Count(clean, "0.80(A)"); read != want {
		t.Errorf("%d awards .80A read, want %d", read, want)
	}
	if want := strings.Count(clean, "1.20(A)"); bad != want {
		t.Errorf("%d award warnings, want %d: %v", bad, want, s.Warnings)
	}
}

// TestRecapSectionHeaderStatesMoreBoards: a section whose ranking says
// it was scored on more boards than the report gives it is warned of,
// though a later section's header is the report's last.
func TestRecapSectionHeaderStatesMoreBoards(t *testing.T) {
	sample := makeSample(2, twoSections, 0, false)
	clean := sample.header() + sample.rankings() + sample.travellers()
	if !strings.Contains(clean, "Scores after 14 boards") || !strings.Contains(clean, "Scores after 15 boards") {
		t.Fatal("the sample's sections are not of 14 and 15 boards")
	}
	s, err := ReadRecap("lies.txt", strings.NewReader(strings.ReplaceAll(clean, "Scores after 14 boards", "Scores after 20 boards")))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		if w.Kind == "truncated" {
			got = append(got, w.Text)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "section A: the report gives results for 14 of the 20 boards") {
		t.Errorf("truncated warnings %q, want section A's 14 of 20", got)
	}
}

// TestRecapSectionHeaderStatesFewerBoards: a section whose ranking says it
// was scored on fewer boards than the report gives it results for (a
// ranking printed before the last rounds) is warned of: its figures will
// not be those recomputed from every board.
func TestRecapSectionHeaderStatesFewerBoards(t *testing.T) {
	sample := makeSample(2, twoSections, 0, false)
	clean := sample.header() + sample.rankings() + sample.travellers()
	if !strings.Contains(clean, "Scores after 14 boards") {
		t.Fatal("the sample's section A is not of 14 boards")
	}
	s, err := ReadRecap("early.txt", strings.NewReader(strings.ReplaceAll(clean, "Scores after 14 boards", "Scores after 12 boards")))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		if w.Kind == "boards" {
			got = append(got, w.Text)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "section A: the report gives results for 14 boards, and its ranking was scored on 12") {
		t.Errorf("boards warnings %q, want section A's 14 against 12", got)
	}
}
