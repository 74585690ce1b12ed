package kinds

import (
	"testing"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// The same session read from its USEBIO file (section A, lines by table)
// and from the PBN exported beside it (no section, lines by round) is one
// session: it was counted twice in a season. Two sections stay apart.
func TestResultsKeyOneSection(t *testing.T) {
	session := func(sections [2]string, lines ...scoring.TravellerLine) *scoring.Session {
		bd := scoring.SessionBoard{Number: 1}
		for i, l := range lines {
			l.Section = sections[i]
			bd.Lines = append(bd.Lines, l)
		}
		return &scoring.Session{Boards: []scoring.SessionBoard{bd}}
	}
	a := scoring.TravellerLine{NS: 1, EW: 4, Score: 420}
	b := scoring.TravellerLine{NS: 2, EW: 5, Score: -50}
	xml := session([2]string{"A", "A"}, a, b)
	pbn := session([2]string{"", ""}, b, a)
	if resultsKey(xml) != resultsKey(pbn) {
		t.Errorf("one section named or not, lines in another order: two keys\n%s\n--\n%s", resultsKey(xml), resultsKey(pbn))
	}
	if resultsKey(session([2]string{"A", "B"}, a, b)) == resultsKey(session([2]string{"B", "A"}, a, b)) {
		t.Error("sections A and B swapped: one key")
	}
}
