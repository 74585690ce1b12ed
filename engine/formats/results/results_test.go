package results

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/pbn"
	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// readSample reads a sample of testdata through Read, which tells its
// format by its name.
func readSample(t *testing.T, file string) *scoring.Session {
	t.Helper()
	data, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	s, ok, err := Read(file, data)
	if err != nil || !ok {
		t.Fatalf("%s: %v (a results file: %v)", file, err, ok)
	}
	return s
}

func board(s *scoring.Session, n int) *scoring.SessionBoard {
	for i := range s.Boards {
		if s.Boards[i].Number == n {
			return &s.Boards[i]
		}
	}
	return nil
}

func TestReadUSEBIOThursday(t *testing.T) {
	s := readSample(t, "thursday.xml")
	if s.Format != "usebio 1.0" || s.Event != "Thursday Pairs" {
		t.Errorf("format %q event %q", s.Format, s.Event)
	}
	if len(s.Pairs) != 10 || len(s.Boards) != 15 {
		t.Fatalf("%d pairs, %d boards; want 10 and 15", len(s.Pairs), len(s.Boards))
	}
	p := s.Pairs[0]
	if p.Number != 1 || len(p.Names) != 2 || p.Names[0] != "Margaret Ashdown" || !p.HasPercent || !p.HasTotal || p.Direction != "NS" {
		t.Errorf("pair 1: %+v", p)
	}
	if n := len(board(s, 15).Lines); n != 4 {
		t.Errorf("board 15 has %d lines, want 4 (played four times)", n)
	}
	arts := 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if !l.HasMP {
				t.Errorf("board %d line %d: no matchpoints", b.Number, l.Line)
			}
			if l.Artificial != nil {
				arts++
				if b.Number != 7 || l.Artificial.NS != 60 || l.Artificial.EW != 40 || l.Artificial.Text != "A6040" {
					t.Errorf("artificial on board %d: %+v", b.Number, *l.Artificial)
				}
			}
		}
	}
	if arts != 1 {
		t.Errorf("%d artificial scores, want 1", arts)
	}
}

func TestReadUSEBIOSections(t *testing.T) {
	s := readSample(t, "autumn-sections.xml")
	if s.Format != "usebio 1.2" || len(s.Pairs) != 12 || len(s.Boards) != 6 {
		t.Fatalf("format %q, %d pairs, %d boards; want usebio 1.2, 12, 6", s.Format, len(s.Pairs), len(s.Boards))
	}
	if p := s.Pairs[0]; p.Section != "A" || p.Names[0] != "Zoë Brontë" || p.PercentText != "72.66666412" {
		t.Errorf("pair A1 (ISO-8859-1, float32 percentage): %+v", p)
	}
	secs := map[string]int{}
	for _, p := range s.Pairs {
		secs[p.Section]++
	}
	if secs["A"] != 6 || secs["B"] != 6 {
		t.Errorf("sections %v, want 6 pairs in A and B", secs)
	}
	if b := board(s, 6); len(b.Lines) != 5 {
		t.Errorf("board 6 has %d lines across the field, want 5", len(b.Lines))
	}
	if board(s, 7) != nil {
		t.Errorf("the hand record (board 7, no traveller) became a board")
	}
	if l := board(s, 1).Lines[0]; l.Section != "A" || l.Score != 400 {
		t.Errorf("board 1 first line (score written 400.0): %+v", l)
	}
}

func TestReadPBNMonday(t *testing.T) {
	s := readSample(t, "monday.pbn")
	if s.Format != "pbn" || len(s.Pairs) != 6 || len(s.Boards) != 9 {
		t.Fatalf("format %q, %d pairs, %d boards", s.Format, len(s.Pairs), len(s.Boards))
	}
	if p := s.Pairs[0]; p.Number != 2 || p.Place != "1" || len(p.Names) != 2 || p.Names[1] != "Jack Tapp" || p.Total != 24.5 {
		t.Errorf("first total row: %+v", p)
	}
	var art *scoring.TravellerLine
	for _, b := range s.Boards {
		for i, l := range b.Lines {
			if l.Round < 1 || l.Table < 1 {
				t.Errorf("board %d: round %d table %d", b.Number, l.Round, l.Table)
			}
			if l.Artificial != nil {
				art = &b.Lines[i]
			}
		}
	}
	if art == nil || art.Artificial.NS != 60 || art.NSMP != 2.4 {
		t.Errorf("artificial A+ on board 5: %+v", art)
	}
	// Score_NS "-" with Score_EW 50 is NS -50.
	for _, l := range board(s, 3).Lines {
		if l.NS == 3 && l.Score != -50 {
			t.Errorf("board 3 pair 3: score %d, want -50", l.Score)
		}
	}
}

const usebioHead = `<?xml version="1.0"?>
<USEBIO Version="1.0"><EVENT EVENT_TYPE="PAIRS">
`

func TestReadErrors(t *testing.T) {
	line := func(ns, ew, score string) string {
		return "<TRAVELLER_LINE><NS_PAIR_NUMBER>" + ns + "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>" + ew + "</EW_PAIR_NUMBER><SCORE>" + score + "</SCORE></TRAVELLER_LINE>\n"
	}
	for _, c := range []struct {
		name, format, in string
		line             int
		want             string
	}{
		{"html", "xml", "<html>\n<body>hi</body></html>", 1, "not a USEBIO results file"},
		{"not xml", "xml", "board,ns,ew,score\n1,1,2,420\n", 1, "not XML"},
		{"empty", "xml", "", 0, "empty file"},
		{"teams", "xml", "<USEBIO>\n<EVENT EVENT_TYPE=\"TEAMS\">\n</EVENT></USEBIO>", 2, "only pairs events"},
		{"imps", "xml", "<USEBIO>\n<EVENT>\n<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD></EVENT></USEBIO>", 3, "only matchpointed"},
		{"no event", "xml", "<USEBIO>\n</USEBIO>", 1, "no <EVENT>"},
		{"unclosed", "xml", usebioHead + "<BOARD>\n", 4, ""},
		{"bad score", "xml", usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + line("1", "2", "abc") + "</BOARD></EVENT></USEBIO>", 4, `score "abc"`},
		{"no score", "xml", usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + line("1", "2", "") + "</BOARD></EVENT></USEBIO>", 4, "no <SCORE>"},
		{"twice", "xml", usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + line("1", "2", "420") + line("3", "1", "50") + "</BOARD></EVENT></USEBIO>", 5, "pair 1 already played it"},
		{"same pair", "xml", usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + line("2", "2", "420") + "</BOARD></EVENT></USEBIO>", 4, "both NS and EW"},
		{"unknown pair", "xml", usebioHead + "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR><PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" + line("1", "9", "420") + "</BOARD></EVENT></USEBIO>", 5, "pair 9 is not among"},
		{"pair number", "xml", usebioHead + "<PARTICIPANTS>\n<PAIR><PAIR_NUMBER>x</PAIR_NUMBER></PAIR></PARTICIPANTS></EVENT></USEBIO>", 4, "PAIR_NUMBER"},
		{"hand record only", "xml", usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>", 0, "no traveller lines"},
		{"pbn not pbn", "pbn", "<?xml version=\"1.0\"?>\n<USEBIO/>", 1, "not a PBN file"},
		{"pbn no table", "pbn", "% PBN 2.1\n[Event \"x\"]\n[Board \"1\"]\n", 0, "no [ScoreTable] rows"},
		{"pbn columns", "pbn", "[Board \"1\"]\n[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Score_NS\"]\n1 2 420 9\n", 3, "4 entries for the 3 columns"},
		{"pbn ranks", "pbn", "[Board \"1\"]\n[ScoreTable \"Rank\\2R;Score_NS\"]\n1 420\n", 2, "without PairId_NS"},
		{"pbn quote", "pbn", "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 \"420\n", 3, "not closed"},
		{"pbn no score", "pbn", "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2 - -\n", 3, "no score"},
		{"pbn imps", "pbn", "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;IMP_NS\"]\n1 2 420 3.5\n", 2, "only matchpointed"},
		{"pbn tag", "pbn", "[Board 1]\n", 1, "want [Name"},
		{"pbn comment", "pbn", "[Board \"1\"]\n{ never closed\n", 2, "inside the { comment }"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.format == "xml" {
				_, err = usebio.Read("f", strings.NewReader(c.in))
			} else {
				_, err = pbn.Read("f", strings.NewReader(c.in))
			}
			var pe *engine.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *engine.ParseError", err)
			}
			if pe.Line != c.line || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q (line %d), want line %d and %q", err, pe.Line, c.line, c.want)
			}
		})
	}
}

// endless yields spaces forever.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestReadLimit(t *testing.T) {
	for name, read := range map[string]func(string, io.Reader) (*scoring.Session, error){"usebio": usebio.Read, "pbn": pbn.Read} {
		_, err := read("big", endless{})
		if err == nil || !strings.Contains(err.Error(), "larger than 16777216 bytes") {
			t.Errorf("%s: %v, want the size limit named", name, err)
		}
	}
}

// checkReadError is what the fuzz targets hold every reader to: no panic,
// every error a *engine.ParseError with a line inside the file.
func checkReadError(t *testing.T, data []byte, err error) {
	if err == nil {
		return
	}
	var pe *engine.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is not a *engine.ParseError", err)
	}
	if n := bytes.Count(data, []byte("\n")) + 1; pe.Line < 0 || pe.Line > n {
		t.Fatalf("error %v: line %d outside the file's %d lines", err, pe.Line, n)
	}
}

func fuzzSeeds(f *testing.F, files ...string) {
	for _, file := range files {
		data, err := os.ReadFile("testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func FuzzReadUSEBIO(f *testing.F) {
	fuzzSeeds(f, "thursday.xml", "autumn-sections.xml", "thursday-bydirection.xml")
	f.Add([]byte(usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>A+</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := usebio.Read("fuzz.xml", bytes.NewReader(data))
		checkReadError(t, data, err)
		if err == nil && len(s.Boards) == 0 {
			t.Fatal("a session without boards was accepted")
		}
	})
}

func FuzzReadPBN(f *testing.F) {
	fuzzSeeds(f, "monday.pbn")
	f.Add([]byte("[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW\"]\n1 2 \"420\" 2 0\n2 1 A5050 - -\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := pbn.Read("fuzz.pbn", bytes.NewReader(data))
		checkReadError(t, data, err)
		if err == nil && len(s.Boards) == 0 {
			t.Fatal("a session without boards was accepted")
		}
	})
}

// Format: the first bytes decide where they can (an XML declaration is
// XML whatever the name), else the extension; a session CSV and
// anything else is no results file.
func TestFormat(t *testing.T) {
	for _, c := range []struct {
		name, head, want string
	}{
		{"club.xml", "", "usebio"},
		{"club.XML", "[Board", "pbn"}, // a PBN saved as .xml
		{"club.xml", "% PBN 2.1", "pbn"},
		{"club.xml", "board,ns,ew", "usebio"}, // refused as not XML, with USEBIO's words
		{"club.pbn", "<?xml", "usebio"},
		{"club.txt", "<html><body>no recap", ""},
		{"club.csv", "<?xml", ""},
		{"club.txt", "\uFEFF  <?xml version", "usebio"},
		{"club", "% PBN 2.1", "pbn"},
		{"club", "\n[Event \"x\"]", "pbn"},
		{"club", "board,ns,ew,score", ""},
		{"250304.ACA", "", "acbl-game"},
		{"250304.aca", "\x00\x00\x00\x00", "acbl-game"},
		{"250304.ACA", "  Tuesday Pairs\n", "acbl-game"},
	} {
		if got := Format(c.name, []byte(c.head)); got != c.want {
			t.Errorf("Format(%q, %q) = %q, want %q", c.name, c.head, got, c.want)
		}
	}
	// An empty or cut .ACA was read as a session CSV: "empty file: want
	// the header board,ns,ew,score", "a binary file, not text".
	for _, data := range []string{"", "\x0a\x14\x03AC", "\x07\xff\x13\x00garbage"} {
		if _, ok, err := Read("250304.ACA", []byte(data)); !ok || err == nil || !strings.Contains(err.Error(), "250304.ACA: not an ACBLscore game file") {
			t.Errorf("%q as a .ACA: %v, %v; want it refused as no game file", data, ok, err)
		}
	}
	if s, ok, err := Read("s.csv", []byte("board,ns,ew,score\n")); s != nil || ok || err != nil {
		t.Errorf("a session CSV read as a results file: %v %v %v", s, ok, err)
	}
	for name, want := range map[string]bool{"a.xml": true, "b.PBN": true, "c.csv": false, "d": false, "e.ACA": true, "f.txt": true} {
		if Named(name) != want {
			t.Errorf("Named(%q) = %v", name, !want)
		}
	}
}
