package nzscorer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/session"
)

// An invented Scorer session: a Mitchell of 7 tables whose EW pair 7 is a
// phantom (its NS opponents sit out, written as -9999), scored by the
// test's own oracle: 2 a result beaten, Neuberg on a board with fewer
// results, rounded to 0.1 a board and stored in tenths, percentages to
// two decimals.

type nzLine struct {
	board, round, table, ns, ew, score int
	phantom                            bool
	nsMP, ewMP                         float64 // in matchpoints, rounded to 0.1
}

type nzPair struct {
	dir         string
	number      int
	names       string
	total, top  float64
	pct         float64
	handicap    float64
	hasHandicap bool
}

type nzSample struct {
	lines []*nzLine
	pairs []*nzPair
	date  string
}

var nzNames = []string{"Aroha Ngata", "Wiremu Tane", "Mere Parata", "Hēmi Walker", "Kiri Solomon", "Rangi Hōhepa", "Tui Marsden", "Pita Sharples",
	"Anahera Wood", "Tama Rēweti", "Ngaio Marsh", "Hine Kāwhia", "Rewi Alley", "Moana Jackson", "Keri Hulme", "Witi Ihimaera", "Janet Frame",
	"Ernest Rutherford", "Kate Sheppard", "Edmund Hillary", "Jean Batten", "Katherine Mansfield", "Rua Kenana", "Apirana Ngata", "Te Puea Hērangi", "Whina Cooper"}

func makeNZ(seed uint64, tables, perRound int, latin bool) *nzSample {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := &nzSample{date: "14/05/2025"}
	// The club's partnerships (consecutive names), seated anew each
	// session.
	seats := rng.Perm(len(nzNames) / 2)
	k := 0
	partnership := func() string {
		i := seats[k%len(seats)]
		k++
		n := nzNames[2*i] + " & " + nzNames[2*i+1]
		if latin {
			n = strings.NewReplacer("ē", "é", "ā", "à", "ō", "ö").Replace(n)
		}
		return n
	}
	for _, dir := range []string{"NS", "EW"} {
		for n := 1; n <= tables; n++ {
			if dir == "EW" && n == tables {
				continue // the phantom
			}
			p := &nzPair{dir: dir, number: n, names: partnership()}
			if n%3 == 0 {
				p.handicap, p.hasHandicap = float64(n)/2, true
			}
			s.pairs = append(s.pairs, p)
		}
	}
	menu := []int{420, 450, -50, 170, 140, -100, 110, 620, -620, 0, -200, 300}
	for r := 0; r < tables; r++ {
		for t := 0; t < tables; t++ {
			ew := ((t-r)%tables+tables)%tables + 1
			g := (t + r) % tables
			for b := 0; b < perRound; b++ {
				l := &nzLine{board: g*perRound + b + 1, round: r + 1, table: t + 1, ns: t + 1, ew: ew, score: menu[rng.IntN(len(menu))]}
				l.phantom = ew == tables
				s.lines = append(s.lines, l)
			}
		}
	}
	// One table misses a board: a board with fewer results, Neuberg.
	for i, l := range s.lines {
		if !l.phantom {
			s.lines = append(s.lines[:i], s.lines[i+1:]...)
			break
		}
	}
	s.score()
	return s
}

// score is the oracle.
func (s *nzSample) score() {
	byBoard := map[int][]*nzLine{}
	most := 0
	for _, l := range s.lines {
		if !l.phantom {
			byBoard[l.board] = append(byBoard[l.board], l)
			most = max(most, len(byBoard[l.board]))
		}
	}
	for _, ls := range byBoard {
		a := len(ls)
		for _, l := range ls {
			mp := 0.0
			for _, o := range ls {
				if o != l {
					if l.score > o.score {
						mp += 2
					} else if l.score == o.score {
						mp++
					}
				}
			}
			ew := float64(2*(a-1)) - mp
			if a != most {
				mp = (mp+1)*float64(most)/float64(a) - 1
				ew = (ew+1)*float64(most)/float64(a) - 1
			}
			l.nsMP, l.ewMP = math.Round(mp*10)/10, math.Round(ew*10)/10
			for _, p := range s.pairs {
				if p.dir == "NS" && p.number == l.ns {
					p.total += l.nsMP
					p.top += float64(2 * (most - 1))
				}
				if p.dir == "EW" && p.number == l.ew {
					p.total += l.ewMP
					p.top += float64(2 * (most - 1))
				}
			}
		}
	}
	for _, p := range s.pairs {
		p.pct = math.Round(10000*p.total/p.top) / 100
	}
}

func (s *nzSample) xml(decl string) string {
	var b strings.Builder
	b.WriteString(decl)
	fmt.Fprintf(&b, `<session club="Kōwhai Bridge Club" date="%s" name="Wednesday Evening Pairs" scoring_type="MP" movement="Mitchell">`+"\n", s.date)
	b.WriteString(`  <section name="A">` + "\n    <pairs>\n")
	for _, p := range s.pairs {
		h := ""
		if p.hasHandicap {
			h = fmt.Sprintf(` handicap="%.1f"`, p.handicap)
		}
		fmt.Fprintf(&b, `      <pair no="%d" dir="%s" names="%s" pct="%.2f"%s/>`+"\n", p.number, p.dir, p.names, p.pct, h)
	}
	b.WriteString("    </pairs>\n    <board_results>\n")
	for _, l := range s.lines {
		if l.phantom {
			fmt.Fprintf(&b, `      <result tab="%d" bd="%d" rnd="%d" ns="%d" ew="%d" score="-9999"/>`+"\n", l.table, l.board, l.round, l.ns, l.ew)
			continue
		}
		fmt.Fprintf(&b, `      <result tab="%d" bd="%d" rnd="%d" ns="%d" ew="%d" score="%d" nsmp="%d" ewmp="%d"/>`+"\n",
			l.table, l.board, l.round, l.ns, l.ew, l.score, int(math.Round(l.nsMP*10)), int(math.Round(l.ewMP*10)))
	}
	b.WriteString("    </board_results>\n  </section>\n</session>\n")
	return b.String()
}

func (s *nzSample) pct(dir string, n int) (float64, bool) {
	for _, p := range s.pairs {
		if p.dir == dir && p.number == n {
			return p.pct, true
		}
	}
	return 0, false
}

func TestScorerPercentagesAgreeWithTheOracle(t *testing.T) {
	agree, total := 0, 0
	for seed := uint64(1); seed <= 8; seed++ {
		sample := makeNZ(seed, 7, 3, false)
		s, err := Read("kowhai.xml", strings.NewReader(sample.xml(`<?xml version="1.0" encoding="UTF-8"?>`+"\n")))
		if err != nil {
			t.Fatal(err)
		}
		if s.Club != "Kōwhai Bridge Club" || s.Date != "14/05/2025" || s.Event != "Wednesday Evening Pairs" {
			t.Errorf("header read as %q, %q, %q", s.Club, s.Date, s.Event)
		}
		a, err := session.Analyse(context.Background(), s, session.Settings{NoLuck: true})
		if err != nil {
			t.Fatal(err)
		}
		m := a.MethodDetail
		if m.LinesReproduced != m.LinesChecked || m.LinesChecked == 0 || !m.Neuberg {
			t.Errorf("seed %d: %s reproduces %d of %d lines (matchpoints in tenths read wrong?)", seed, a.Method, m.LinesReproduced, m.LinesChecked)
		}
		for _, p := range a.Pairs {
			want, ok := sample.pct(p.Direction, p.Pair)
			if !ok {
				t.Errorf("pair %s is not in the sample (a phantom read as a pair?)", p.Label)
				continue
			}
			total++
			if math.Abs(p.Percent-want) <= 0.005+1e-9 {
				agree++
			}
		}
	}
	if total != 8*13 || agree != total {
		t.Errorf("%d of %d pairs agree to 0.01", agree, total)
	}
}

func TestScorerDetails(t *testing.T) {
	sample := makeNZ(3, 7, 2, true)
	text := strings.ReplaceAll(sample.xml(`<?xml version="1.0" encoding="ISO-8859-1"?>`+"\n"), "Kōwhai", "Kowhai")
	latin, err := charmap.ISO8859_1.NewEncoder().String(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, text string }{
		{"declared Latin-1", latin},
		{"undeclared Latin-1", strings.Replace(latin, ` encoding="ISO-8859-1"`, "", 1)},
		{"Latin-1 declared UTF-8", strings.Replace(latin, "ISO-8859-1", "UTF-8", 1)},
		{"NUL bytes and CRLF", strings.ReplaceAll(strings.ReplaceAll(text, "\n", "\r\n"), "<result", "\x00<result")},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Read("k.xml", strings.NewReader(c.text))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Pairs) != 13 {
				t.Fatalf("%d pairs", len(s.Pairs))
			}
			for i, p := range s.Pairs {
				if got := strings.Join(p.Names, " & "); got != strings.ReplaceAll(sample.pairs[i].names, "Kōwhai", "Kowhai") {
					t.Errorf("pair %d: names %q, want %q", p.Number, got, sample.pairs[i].names)
				}
			}
			h := 0
			for _, p := range s.Pairs {
				if p.HasHandicap {
					h++
				}
			}
			if h != 4 {
				t.Errorf("%d handicaps read, want 4", h)
			}
			lines := 0
			for _, b := range s.Boards {
				lines += len(b.Lines)
			}
			if want := len(sample.lines) - 7*2; lines != want {
				t.Errorf("%d lines, want %d (the phantom's -9999 left out)", lines, want)
			}
		})
	}
}

func TestScorerErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "empty file"},
		{"usebio", `<?xml version="1.0"?><USEBIO Version="1.2"></USEBIO>`, "not a Scorer results file"},
		{"imps", `<session scoring_type="IMP"></session>`, "only matchpointed"},
		{"no results", `<session scoring_type="MP"><section name="A"></section></session>`, "no <result> lines"},
		{"bad board", `<session><result bd="x" ns="1" ew="2" score="420"/></session>`, ":1: <result> board"},
		{"not xml", "Pair 1 2 3", "XML"},
		// Pairs numbered by direction: NS 1 and EW 1 are two pairs, but
		// NS 1 plays board 2 once (a line entered twice was scored as a
		// third result, and 100,000 of them took minutes).
		{"entered twice", `<session scoring_type="MP"><section name="A"><pairs>` + "\n" +
			`<pair no="1" dir="NS"/><pair no="2" dir="NS"/><pair no="1" dir="EW"/><pair no="2" dir="EW"/></pairs><board_results>` + "\n" +
			`<result bd="2" ns="1" ew="1" score="420"/>` + "\n" + `<result bd="2" ns="2" ew="2" score="450"/>` + "\n" +
			`<result bd="2" ns="1" ew="1" score="420"/>` + "\n</board_results></section></session>", "n.xml:5: board 2: pair A1 NS already played it (line 3)"},
	} {
		_, err := Read("n.xml", strings.NewReader(c.text))
		var pe *engine.ParseError
		if !errors.As(err, &pe) || pe.File != "n.xml" || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	if !IsSession([]byte(`<?xml version="1.0"?>`+"\n<!-- Scorer -->\n<session club='x'>")) || IsSession([]byte("<USEBIO>")) {
		t.Error("IsSession tells the root wrong")
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(makeNZ(1, 5, 2, false).xml("")))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Read("f.xml", bytes.NewReader(data))
		var pe *engine.ParseError
		if err != nil && (!errors.As(err, &pe) || pe.File != "f.xml") {
			t.Fatalf("error %v is not a ParseError naming the file", err)
		}
	})
}

// Old Mac line ends (a lone CR): a warning names its line, not line 1.
func TestReadOldMacLineEnds(t *testing.T) {
	in := "<?xml version=\"1.0\"?>\r<session club=\"C\" date=\"07/05/2025\" name=\"E\" scoring_type=\"MP\">\r<section name=\"A\"><board_results>\r" +
		"<result bd=\"1\" ns=\"1\" ew=\"3\" score=\"100\"/>\r<result bd=\"1\" ns=\"2\" ew=\"4\" score=\"-50\" tricks=\"x\"/>\r</board_results></section></session>\r"
	s, err := Read("mac.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 5 || s.Warnings[0].Kind != "tricks" {
		t.Errorf("warnings %v, want the tricks at line 5", s.Warnings)
	}
}

// A score no deal can give is refused at its line, 1e300 too (which
// int() would have made a large negative number); -9999 stays a phantom.
func TestReadBounds(t *testing.T) {
	for score, want := range map[string]string{
		"98765432": "n.xml:3: board 1: score 98765432: no bridge score is beyond ±7600",
		"1e300":    "n.xml:3: board 1: score \"1e300\" is not a whole number",
	} {
		in := "<session scoring_type=\"MP\"><section name=\"A\"><board_results>\n<result bd=\"1\" ns=\"2\" ew=\"4\" score=\"-50\"/>\n" +
			"<result bd=\"1\" ns=\"1\" ew=\"3\" score=\"" + score + "\"/>\n</board_results></section></session>\n"
		if _, err := Read("n.xml", strings.NewReader(in)); err == nil || err.Error() != want {
			t.Errorf("score %s: error %v, want %q", score, err, want)
		}
	}
}

// Empty nsadj="" ewadj="" on every line (a writer that puts every
// attribute on every line) adjust nothing: each line keeps its score. They
// made every line an artificial 50/50.
func TestReadEmptyAdjustments(t *testing.T) {
	text := strings.ReplaceAll(makeNZ(2, 5, 2, false).xml(""), "<result ", `<result nsadj="" ewadj="" `)
	s, err := Read("n.xml", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if l.Artificial != nil {
				t.Fatalf("board %d, line %d: read as an artificial score %+v", b.Number, l.Line, *l.Artificial)
			}
		}
	}
	in := "<session scoring_type=\"MP\"><section name=\"A\"><board_results>\n<result bd=\"1\" ns=\"2\" ew=\"4\" score=\"-50\"/>\n" +
		"<result bd=\"1\" ns=\"1\" ew=\"3\" nsadj=\"60\" ewadj=\"\"/>\n</board_results></section></session>\n"
	s, err = Read("n.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if a := s.Boards[0].Lines[1].Artificial; a == nil || a.NS != 60 || a.EW != 40 {
		t.Errorf("nsadj=60 ewadj=\"\": artificial %+v, want 60 and 40", a)
	}
}

// A DOS end-of-file mark (Ctrl-Z) after the XML is no part of it: the
// file reads without a warning. It was "the XML breaks off here (illegal
// character code U+001A): what follows is missing".
func TestReadDOSEndOfFile(t *testing.T) {
	text := makeNZ(4, 5, 2, false).xml(`<?xml version="1.0" encoding="UTF-8"?>` + "\r\n")
	for _, in := range []string{text + "\x1a", strings.ReplaceAll(text, "\n", "\r\n") + "\x1a"} {
		s, err := Read("n.xml", strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) > 0 {
			t.Errorf("warnings %v", s.Warnings)
		}
	}
}
