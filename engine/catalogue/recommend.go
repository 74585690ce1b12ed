package catalogue

import (
	"fmt"
	"slices"
	"strings"
)

// Recommend returns the recommendation of a ranked list of candidates (For
// with the same settings): the first within the bounds whose rounds fit the
// board range. When none does it returns nil and says why, in words: the
// rounds the movements within the bounds have, and what the nearest gives.
func Recommend(pairs int, cs []Candidate, set Settings) (*Candidate, string) {
	set = set.withDefaults()
	for i := range cs {
		if cs[i].Excluded == "" && cs[i].InRange() {
			return &cs[i], ""
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "no movement for %d pairs fits %d to %d boards at %d to %d boards a round with at most %d %s of the boards",
		pairs, set.MinBoards, set.MaxBoards, set.MinPerRound, set.MaxPerRound, set.MaxCopies, plural(set.MaxCopies, "copy", "copies"))
	if set.MaxTables > 0 {
		fmt.Fprintf(&b, " and %d tables", set.MaxTables)
	}
	var rounds []int
	var near *Candidate
	for i, c := range cs {
		if c.Excluded != "" {
			continue
		}
		if !slices.Contains(rounds, c.Facts.Rounds) {
			rounds = append(rounds, c.Facts.Rounds)
		}
		if near == nil {
			near = &cs[i]
		}
	}
	slices.Sort(rounds)
	if len(rounds) == 0 {
		b.WriteString(": every movement breaks a bound (the candidates say which)")
		return nil, b.String()
	}
	texts := make([]string, len(rounds))
	for i, r := range rounds {
		texts[i] = fmt.Sprint(r)
	}
	fmt.Fprintf(&b, ": the movements within the bounds have %s rounds, and no number of boards a round from %d to %d gives %d to %d boards in that many rounds",
		joinWords(texts, "or"), set.MinPerRound, set.MaxPerRound, set.MinBoards, set.MaxBoards)
	if pairs >= 2*MinPairs && !set.NoSections {
		fmt.Fprintf(&b, "; played as two sections, no split within %d pairs of halves gives both sections a movement that fits in the same rounds", maxSplitOffset)
	}
	if near.Nearest > 0 {
		fmt.Fprintf(&b, "; the nearest is %s, %d rounds of %d boards (%d in all)", near.Name, near.Facts.Rounds, near.Nearest, near.Facts.Rounds*near.Nearest)
	}
	return nil, b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinWords joins "a, b or c".
func joinWords(items []string, last string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + last + " " + items[len(items)-1]
}

// Within lists the candidates within the bounds whose rounds fit the board
// range, in rank order: those --pick chooses from.
func Within(cs []Candidate) []Candidate {
	var out []Candidate
	for _, c := range cs {
		if c.Excluded == "" && c.InRange() {
			out = append(out, c)
		}
	}
	return out
}

// Pick returns the k-th (1-based) candidate within the bounds that fits
// the board range (Within), or an error that says why there is none: k out
// of range, or no candidate within the bounds (Recommend's reason).
func Pick(pairs int, cs []Candidate, k int, set Settings) (*Candidate, error) {
	within := Within(cs)
	switch {
	case len(within) == 0:
		_, why := Recommend(pairs, cs, set)
		return nil, fmt.Errorf("pick %d: %s", k, why)
	case k < 1 || k > len(within):
		return nil, fmt.Errorf("pick %d: %d pairs have %d candidates within the bounds that fit the session (pick 1 to %d)", k, pairs, len(within), len(within))
	}
	return &within[k-1], nil
}
