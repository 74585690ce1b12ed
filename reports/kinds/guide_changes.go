package kinds

import (
	"slices"
	"strings"
)

// CardChanges are the cards of a movement as played (a plan for a pair
// joining or leaving) that differ from the cards printed for the movement
// planned, compared card by card under the room's numbering (labels): the
// cards to replace, and the new cards that replace none (a newcomer, an
// added table).
type CardChanges struct {
	Tables    []string `json:"tables"`
	Pairs     []string `json:"pairs"`
	NewTables []string `json:"new_tables"`
	NewPairs  []string `json:"new_pairs"`
}

// Empty reports whether no card changes.
func (c CardChanges) Empty() bool {
	return len(c.Tables)+len(c.Pairs)+len(c.NewTables)+len(c.NewPairs) == 0
}

// changedCards compares the cards of played with those of printed: a card
// changes when anything printed on it differs (a seat, the boards, where a
// pair or the boards go next, an idle round or a sit-out).
func changedCards(printed, played *GuideResult) CardChanges {
	out := CardChanges{}
	tableLabel := func(c TableCard) string { return c.Label }
	pairLabel := func(c PairCard) string { return c.Label }
	out.Tables, out.NewTables = compareCards(printed.TableCards, played.TableCards, tableLabel, tableCardText)
	out.Pairs, out.NewPairs = compareCards(printed.PairCards, played.PairCards, pairLabel, pairCardText)
	return out
}

// compareCards lists the labels of the cards of played whose text differs
// from the printed card of the same label, and of those with none.
func compareCards[C any](printed, played []C, label, text func(C) string) (changed, added []string) {
	changed, added = []string{}, []string{}
	was := map[string]string{}
	for _, c := range printed {
		was[label(c)] = text(c)
	}
	for _, c := range played {
		switch old, ok := was[label(c)]; {
		case !ok:
			added = append(added, label(c))
		case old != text(c):
			changed = append(changed, label(c))
		}
	}
	return changed, added
}

// onlyChanged is played with only the cards ch names, each marked as
// replacing the printed card or as new.
func onlyChanged(played *GuideResult, ch CardChanges) *GuideResult {
	v := *played
	v.TableCards, v.PairCards = nil, nil
	for _, c := range played.TableCards {
		if slices.Contains(ch.Tables, c.Label) || slices.Contains(ch.NewTables, c.Label) {
			c.Replaces = slices.Contains(ch.Tables, c.Label)
			c.New = !c.Replaces
			v.TableCards = append(v.TableCards, c)
		}
	}
	for _, c := range played.PairCards {
		if slices.Contains(ch.Pairs, c.Label) || slices.Contains(ch.NewPairs, c.Label) {
			c.Replaces = slices.Contains(ch.Pairs, c.Label)
			c.New = !c.Replaces
			v.PairCards = append(v.PairCards, c)
		}
	}
	return &v
}

// ChangesText lists the changed cards in words: "tables 1-9, pairs 1-8;
// new: pair 18".
func ChangesText(ch CardChanges) string {
	if ch.Empty() {
		return "no card changes"
	}
	list := func(one, many string, labels []string) string {
		switch len(labels) {
		case 0:
			return ""
		case 1:
			return one + " " + labels[0]
		}
		return many + " " + labelRanges(labels)
	}
	var parts, added []string
	for _, p := range []string{list("table", "tables", ch.Tables), list("pair", "pairs", ch.Pairs)} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	for _, p := range []string{list("table", "tables", ch.NewTables), list("pair", "pairs", ch.NewPairs)} {
		if p != "" {
			added = append(added, p)
		}
	}
	text := strings.Join(parts, ", ")
	if len(added) > 0 {
		if text != "" {
			text += "; "
		}
		text += "new: " + strings.Join(added, ", ")
	}
	return text
}
