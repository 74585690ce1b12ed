package usebio

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
)

// usebioHead starts a USEBIO 1.0 pairs event.
const usebioHead = `<?xml version="1.0"?>
<USEBIO Version="1.0"><EVENT EVENT_TYPE="PAIRS">
`

func TestReadQuirks(t *testing.T) {
	in := "<?xml version=\"1.0\"?>\r\n<!DOCTYPE USEBIO SYSTEM \"usebio_v1_0.dtd\">\r\n<USEBIO Version=\"1.0\">\r\n" +
		" <EVENT EVENT_TYPE=\"MP_PAIRS\"><BOARD_SCORING_METHOD>MATCHPOINTS</BOARD_SCORING_METHOD>\r\n" +
		"  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\r\n" +
		"   <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT><SCORE>PASS</SCORE></TRAVELLER_LINE>\r\n" +
		"   <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>-50.0</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>\r\n" +
		"   <TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>AVE+</SCORE></TRAVELLER_LINE>\r\n" +
		"  </BOARD>\r\n </EVENT>\r\n</USEBIO>\r\n"
	s, err := Read("q.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ls := s.Boards[0].Lines
	if len(s.Pairs) != 6 || ls[0].Score != 0 || ls[1].Score != -50 || ls[1].Line != 7 || ls[2].Artificial == nil || ls[2].Artificial.NS != 60 {
		t.Errorf("pairs %d, lines %+v", len(s.Pairs), ls)
	}
}

// Vulnerability by the board number when the file does not state it;
// without the tricks, a score no number of tricks gives.
func TestScoreWarnings(t *testing.T) {
	in := usebioHead + "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n" + // NS vulnerable
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>620</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>420</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT>3H</CONTRACT><PLAYED_BY>E</PLAYED_BY><SCORE>100</SCORE><TRICKS>8</TRICKS></TRAVELLER_LINE>\n" +
		"</BOARD></EVENT></USEBIO>"
	s, err := Read("u.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 2 || s.Warnings[0].Line != 5 || !strings.Contains(s.Warnings[0].Text, "cannot score +420 for NS with any number of tricks") ||
		s.Warnings[1].Line != 6 || !strings.Contains(s.Warnings[1].Text, "3H by E taking 8 tricks (NS vulnerable) scores +50 for NS, the file records +100") {
		t.Errorf("warnings %v", s.Warnings)
	}
}

func TestWellFormed(t *testing.T) {
	good := usebioHead + "<PARTICIPANTS>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>\n<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>North</DIRECTION></PAIR>\n</PARTICIPANTS>\n" +
		"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>\n</BOARD></EVENT></USEBIO>"
	s, err := Read("g.xml", strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 5 || s.Warnings[0].Kind != "direction" {
		t.Errorf("warnings %v, want the DIRECTION North named on line 5", s.Warnings)
	}
	// A deleted closing tag: </EW_PAIR_NUMBER> on line 8.
	bad := strings.Replace(good, "2</EW_PAIR_NUMBER>", "2", 1)
	_, err = Read("b.xml", strings.NewReader(bad))
	var pe *engine.ParseError
	if !errors.As(err, &pe) || pe.Line != 8 || !strings.Contains(err.Error(), "element <EW_PAIR_NUMBER> (line 8) closed by </TRAVELLER_LINE>") {
		t.Errorf("error %v, want the unclosed EW_PAIR_NUMBER named at line 8", err)
	}
	// The quirks it tolerates stay tolerated: a bare & and an HTML entity.
	quirky := strings.Replace(good, "<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER><PAIR_NAME>Ann &eacute;lan & Bob</PAIR_NAME>", 1)
	if s, err := Read("q.xml", strings.NewReader(quirky)); err != nil || s.Pairs[0].Names[0] != "Ann élan" {
		t.Errorf("quirks: %v %+v", err, s)
	}
}

// Old Mac line ends (a lone CR): warnings and errors name their lines,
// not line 1 for all.
func TestReadOldMacLineEnds(t *testing.T) {
	in := usebioHead + "<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>620</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><SCORE>420</SCORE></TRAVELLER_LINE>\n" +
		"</BOARD></EVENT></USEBIO>"
	s, err := Read("mac.xml", strings.NewReader(strings.ReplaceAll(in, "\n", "\r")))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 1 || s.Warnings[0].Line != 5 {
		t.Errorf("warnings %v, want one at line 5", s.Warnings)
	}
}

// A score no deal can give is refused at its line; an element's name, of
// any length, is quoted clipped.
func TestReadBounds(t *testing.T) {
	in := usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>42000</SCORE></TRAVELLER_LINE>\n" +
		"</BOARD></EVENT></USEBIO>"
	if _, err := Read("u.xml", strings.NewReader(in)); err == nil || !strings.HasPrefix(err.Error(), "u.xml:4: board 1: score 42000: no bridge score is beyond ±7600") {
		t.Errorf("error %v", err)
	}
	long := strings.Repeat("E", 100000)
	for _, in := range []string{"<?xml version=\"1.0\"?>\n<" + long + "/>", usebioHead + "<" + long + "></EVENT></USEBIO>", "<USEBIO></" + long + ">"} {
		if _, err := Read("u.xml", strings.NewReader(in)); err == nil || len(err.Error()) > 200 {
			t.Errorf("error of %d bytes, want a short one", len(fmt.Sprint(err)))
		}
	}
}

// An adjusted score in percent: SCORE 40% is NS's 40 %, EW's 60 %, and an
// EW_SCORE beside it is EW's own; it was refused as not a whole number.
func TestReadPercentAdjusted(t *testing.T) {
	in := usebioHead + "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>40%</SCORE></TRAVELLER_LINE>\n" +
		"<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><SCORE>60%</SCORE><EW_SCORE>60%</EW_SCORE></TRAVELLER_LINE>\n" +
		"</BOARD></EVENT></USEBIO>\n"
	s, err := Read("p.xml", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	ls := s.Boards[0].Lines
	if a := ls[1].Artificial; a == nil || a.NS != 40 || a.EW != 60 {
		t.Errorf("40%%: %+v", a)
	}
	if a := ls[2].Artificial; a == nil || a.NS != 60 || a.EW != 60 {
		t.Errorf("60%% 60%%: %+v", a)
	}
}
