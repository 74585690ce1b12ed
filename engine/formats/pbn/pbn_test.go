package pbn

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// Names with spaces, unquoted, read by the width hints.
func TestReadByWidth(t *testing.T) {
	in := "[Board \"1\"]\n" +
		"[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Score_NS\\5R;Names_NS\\13L;Names_EW\"]\n" +
		" 1  4 4S     420 Ann Archer    Bob Baker\n" +
		" 2  5 3NT    400 Cat Cole      Dan Dyer\n"
	s, err := Read("w.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ls := s.Boards[0].Lines
	if len(ls) != 2 || ls[0].Score != 420 || ls[1].NS != 2 || ls[1].EW != 5 || ls[1].Contract != "3NT" {
		t.Errorf("lines %+v", ls)
	}
}

func TestReadSectionedIDs(t *testing.T) {
	in := "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\nA1 A4 420\nB1 B4 400\n" +
		"[TotalScoreTable \"Rank;PairId;TotalPercentage\"]\n1 A1 60\n2 A4 40\n1 B1 60\n2 B4 40\n"
	s, err := Read("s.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Boards[0].Lines[1]; l.Section != "B" || l.NS != 1 || l.EW != 4 {
		t.Errorf("line %+v", l)
	}
	if p := s.Pairs[2]; p.Section != "B" || p.Number != 1 {
		t.Errorf("pair %+v", p)
	}
	_, err = Read("s.pbn", strings.NewReader("[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\nA1 B4 420\n"))
	if err == nil || !strings.Contains(err.Error(), "s.pbn:3: board 1: PairId_NS A1 and PairId_EW B4 are in different sections") {
		t.Errorf("error %v", err)
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
	s, err := Read("club.pbn", strings.NewReader(pbnMistakes))
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

func TestCommentSwallowsTags(t *testing.T) {
	in := "[Board \"1\"]\n{ a note\n[Board \"2\"]\n}\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 420\n"
	s, err := Read("c.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 2 || s.Warnings[0].Kind != "comment" || !strings.Contains(s.Warnings[0].Text, "hides the tags from line 3") {
		t.Errorf("warnings %v", s.Warnings)
	}
}

// A file saved with old Mac line ends (a lone CR) is read line by line,
// and its errors name their line.
func TestReadOldMacLineEnds(t *testing.T) {
	in := "% PBN 2.1\r[Board \"1\"]\r[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\r1 4 420\r2 5 400\r"
	s, err := Read("mac.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if ls := s.Boards[0].Lines; len(ls) != 2 || ls[1].Line != 5 || ls[1].Score != 400 {
		t.Errorf("lines %+v", ls)
	}
	_, err = Read("mac.pbn", strings.NewReader(strings.Replace(in, "400", "x", 1)))
	if err == nil || !strings.HasPrefix(err.Error(), "mac.pbn:5: board 1: score \"x\"") {
		t.Errorf("error %v, want it at line 5", err)
	}
}

// The width hints count characters: an accented name (UTF-8, or Latin-1
// read as such) does not shift the columns after it.
func TestReadByWidthAccents(t *testing.T) {
	in := "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 3 420\n2 4 400\n" +
		"[TotalScoreTable \"Rank\\2R;PairId\\2R;Names\\24L;TotalScoreMP\\4R;TotalPercentage\\6R\"]\n" +
		" 1  1 Zoë Brontë - Ánne Ølsen     2 100.00\n" +
		" 2  2 Bea Lister - Cyril Pole     0   0.00\n" +
		" 1  3 José Núñez - Fred Smith     2 100.00\n" +
		" 2  4 Vera Nunn - Otto Kray       0   0.00\n"
	for _, enc := range []string{"utf-8", "latin-1"} {
		text := in
		if enc == "latin-1" {
			b, _ := charmap.ISO8859_1.NewEncoder().String(in)
			text = b
		}
		s, err := Read("w.pbn", strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", enc, err)
		}
		if p := s.Pairs[0]; p.Number != 1 || p.Total != 2 || p.Percent != 100 || strings.Join(p.Names, "|") != "Zoë Brontë|Ánne Ølsen" {
			t.Errorf("%s: pair %+v", enc, p)
		}
	}
}

// A score no deal can give is refused at its line, and a message quotes a
// clip of what the file wrote, however long the entry.
func TestReadBounds(t *testing.T) {
	head := "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n"
	long := strings.Repeat("7", 100000)
	for in, want := range map[string]string{
		head + "1 4 99999999\n2 5 -50\n": "b.pbn:3: board 1: score 99999999: no bridge score is beyond ±7600",
		head + long + " 4 420\n":         "b.pbn:3: board 1: PairId_NS \"7777",
		head + "1 4 " + long + "\n":      "b.pbn:3: board 1: score \"7777",
		head + "A" + long + " B4 420\n":  "b.pbn:3: board 1: PairId_NS A777",
		"[Board \"" + long + "\"]\n":     "b.pbn:1: Board \"7777",
		"[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;" + long + "\"]\n1 4\n": "b.pbn:3: ScoreTable row has 2 entries for the 4 columns of line 2",
	} {
		_, err := Read("b.pbn", strings.NewReader(in))
		if err == nil || !strings.HasPrefix(err.Error(), want) || len(err.Error()) > 200 {
			t.Errorf("error %.300v (%d bytes), want a short one starting %q", err, len(fmt.Sprint(err)), want)
		}
	}
}

// A JSON array (a movement's Bridgemate records) is named as JSON, not
// reported as a PBN tag gone wrong.
func TestReadJSON(t *testing.T) {
	_, err := Read("m.json", strings.NewReader("[\n  {\"Letters\": \"A\"}\n]\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "m.json:1: JSON, not a PBN file") {
		t.Errorf("error %v", err)
	}
}

// PBN's comments may stand anywhere between tokens (PBN 2.1 §3.8): a ;
// or a { } after a tag, a { } that opens after a tag and closes lines
// later, a line of comment between a table's rows (which ends no table:
// the rows after it were dropped), and a ; or { inside a quoted name,
// which is text.
func TestReadCommentsAnywhere(t *testing.T) {
	in := "% PBN 2.1\n" +
		"[Event \"Tuesday [club] pairs\"] ; the [main] hall\n" +
		"[Board \"1\"] { dealt by\n" +
		"   the computer } [Vulnerable \"NS\"]\n" +
		"[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"] {columns}\n" +
		"1 4 420 \"Ann {Nan} Archer; Jr\"\n" +
		"{ late arrival at table 2 }\n" +
		"2 5 400 \"Cat Cole\" ; corrected by the TD\n" +
		"; a comment line\n" +
		"3 6 -100 \"Dan Dyer\" {adjusted} \n"
	s, err := Read("c.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Event != "Tuesday [club] pairs" {
		t.Errorf("event %q", s.Event)
	}
	if len(s.Boards) != 1 {
		t.Fatalf("%d boards", len(s.Boards))
	}
	b := s.Boards[0]
	if len(b.Lines) != 3 || b.Lines[1].Score != 400 || b.Lines[2].Score != -100 || b.Lines[2].Line != 10 {
		t.Errorf("lines %+v, want 3 (the comment lines end no table)", b.Lines)
	}
	if !b.HasVul || b.Vul != scoring.VulNS {
		t.Errorf("vulnerability %v %v: the tag after the comment was lost", b.Vul, b.HasVul)
	}
	if len(s.Warnings) != 0 {
		t.Errorf("warnings %v", s.Warnings)
	}
}

// Import files may write several tags on a line; a value may hold \", \\
// and a ]. "[Dealer "N"][Vulnerable "NS"]" was read as one Dealer tag
// whose value ran to the last quote, the vulnerability lost.
func TestReadTagsSideBySide(t *testing.T) {
	in := "[Event \"The \\\"A\\\" [open] \\\\ pairs\"]\n" +
		"[Board \"1\"][Dealer \"N\"] [Vulnerable \"NS\"]\n" +
		"[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 4 420\n2 5 400\n"
	s, err := Read("t.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Event != `The "A" [open] \ pairs` {
		t.Errorf("event %q", s.Event)
	}
	if b := s.Boards[0]; b.Number != 1 || !b.HasVul || b.Vul != scoring.VulNS || len(b.Lines) != 2 {
		t.Errorf("board %d, vulnerability %v %v, %d lines", b.Number, b.Vul, b.HasVul, len(b.Lines))
	}
	for text, want := range map[string]string{
		"[Board \"1\"] [Dealer N]\n":       `t.pbn:1: tag "Dealer": want [Name "value"]`,
		"[Board \"1\"] x\n":                `t.pbn:1: "x" after the tag Board: want another [Name "value"] or nothing`,
		"[Board \"1\n":                     `t.pbn:1: tag "Board": its value's closing quote is missing: want [Name "value"]`,
		"[Board \"1\" [Dealer \"N\"]\n":    `t.pbn:1: tag "Board": want [Name "value"], with a ] after the value`,
		"[Event \"x\"]\n[Board \"1\"] ]\n": `t.pbn:2: "]" after the tag Board: want another [Name "value"] or nothing`,
	} {
		if _, err := Read("t.pbn", strings.NewReader(text)); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %s", text, err, want)
		}
	}
}

// An adjusted score written as percentages, each column its own side's
// ("40%" "60%"), or one side's with the rest to the other; it was refused
// as "score "40%": want a whole number".
func TestReadPercentAdjusted(t *testing.T) {
	in := "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n" +
		"1 4 420 -\n2 5 40% 60%\n3 6 - 30%\n"
	s, err := Read("p.pbn", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ls := s.Boards[0].Lines
	if a := ls[1].Artificial; a == nil || a.NS != 40 || a.EW != 60 {
		t.Errorf("40%% 60%%: %+v", a)
	}
	if a := ls[2].Artificial; a == nil || a.NS != 70 || a.EW != 30 {
		t.Errorf("- 30%%: %+v", a)
	}
}
