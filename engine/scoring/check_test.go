package scoring

import (
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
)

func TestParseContract(t *testing.T) {
	for _, c := range []struct {
		in     string
		ok     bool
		want   string
		tricks int
	}{
		{"4S", true, "4S", -1},
		{"3NTx", true, "3NTx", -1},
		{"3ntXX", true, "3NTxx", -1},
		{"4H*", true, "4Hx", -1},
		{"4S=", true, "4S", 10},
		{"3NT+1", true, "3NT", 10},
		{"4Hx-2", true, "4Hx", 8},
		{"2♠", true, "2S", -1},
		{"S2", false, "", 0},
		{"8H", false, "", 0},
		{"4", false, "", 0},
		{"4S+5", false, "", 0},
	} {
		got, ok := ParseContract(c.in)
		if ok != c.ok || ok && (got.Contract.String() != c.want || got.Tricks != c.tricks) {
			t.Errorf("ParseContract(%q) = %v %d, %v; want %s %d, %v", c.in, got.Contract, got.Tricks, ok, c.want, c.tricks, c.ok)
		}
	}
}

// A PBN traveller with the file's own mistakes: 4S by N taking 9 tricks
// recorded as +420 (line 4), a contract S2 (line 5); a correct line 3 and
// a line with A+ for both sides (line 6).
const pbnMistakes = `[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
1 2 4S N 10 420 - 4 2
3 4 4S N 9 420 - 4 2
5 6 S2 N 8 110 - 1 5
7 8 - - - "A+" "A+" 3.6 3.6
`

func TestScoreWarnings(t *testing.T) {
	s, err := ReadPBN("club.pbn", strings.NewReader(pbnMistakes))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range s.Warnings {
		got = append(got, w.String())
	}
	want := []string{
		"club.pbn:5: board 1, pairs 3 v 4: 4S by N taking 9 tricks (nobody vulnerable) scores -50 for NS, the file records +420",
		`club.pbn:6: board 1, pairs 5 v 6: contract "S2" is not a contract (want a level 1–7 and a strain, such as 4S, 3NTx or 2H=)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	a := s.Boards[0].Lines[3].Artificial
	if a == nil || a.NS != 60 || a.EW != 60 {
		t.Errorf("A+ A+ read as %+v, want 60 for each side", a)
	}
}

// Vulnerability by the board number when the file does not state it;
// without the tricks, a score no number of tricks gives.
func TestScoreWarningsUSEBIO(t *testing.T) {
	in := usebioHead + "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n" + // NS vulnerable
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>620</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>420</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT>3H</CONTRACT><PLAYED_BY>E</PLAYED_BY><SCORE>100</SCORE><TRICKS>8</TRICKS></TRAVELLER_LINE>\n" +
		"</BOARD></EVENT></USEBIO>"
	s, err := ReadUSEBIO("u.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 || s.Warnings[0].Line != 5 || !strings.Contains(s.Warnings[0].Text, "cannot score +420 for NS with any number of tricks") ||
		s.Warnings[1].Line != 6 || !strings.Contains(s.Warnings[1].Text, "3H by E taking 8 tricks (NS vulnerable) scores +50 for NS, the file records +100") {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestUSEBIOWellFormed(t *testing.T) {
	good := usebioHead + "<PARTICIPANTS>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>\n<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>North</DIRECTION></PAIR>\n</PARTICIPANTS>\n" +
		"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>\n</BOARD></EVENT></USEBIO>"
	s, err := ReadUSEBIO("g.xml", strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 5 || s.Warnings[0].Kind != "direction" {
		t.Errorf("warnings %v, want the DIRECTION North named on line 5", s.Warnings)
	}
	// A deleted closing tag: </EW_PAIR_NUMBER> on line 8.
	bad := strings.Replace(good, "2</EW_PAIR_NUMBER>", "2", 1)
	_, err = ReadUSEBIO("b.xml", strings.NewReader(bad))
	var pe *engine.ParseError
	if !errors.As(err, &pe) || pe.Line != 8 || !strings.Contains(err.Error(), "element <EW_PAIR_NUMBER> (line 8) closed by </TRAVELLER_LINE>") {
		t.Errorf("error %v, want the unclosed EW_PAIR_NUMBER named at line 8", err)
	}
	// The quirks it tolerates stay tolerated: a bare & and an HTML entity.
	quirky := strings.Replace(good, "<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER><PAIR_NAME>Ann &eacute;lan & Bob</PAIR_NAME>", 1)
	if s, err := ReadUSEBIO("q.xml", strings.NewReader(quirky)); err != nil || s.Pairs[0].Names[0] != "Ann élan" {
		t.Errorf("quirks: %v %+v", err, s)
	}
}

func TestPBNCommentSwallowsTags(t *testing.T) {
	in := "[Board \"1\"]\n{ a note\n[Board \"2\"]\n}\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 420\n"
	s, err := ReadPBN("c.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 2 || s.Warnings[0].Kind != "comment" || !strings.Contains(s.Warnings[0].Text, "hides the tags from line 3") {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestPairLabel(t *testing.T) {
	for _, c := range []struct {
		sec  string
		n    int
		dir  string
		want string
	}{{"", 3, "", "3"}, {"A", 12, "", "A12"}, {"Sect1", 1, "", "Sect1 1"}, {"", 3, "NS", "3 NS"}} {
		if got := PairLabel(c.sec, c.n, c.dir); got != c.want {
			t.Errorf("PairLabel(%q, %d, %q) = %q, want %q", c.sec, c.n, c.dir, got, c.want)
		}
	}
}
