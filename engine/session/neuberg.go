package session

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// NeubergResult is seed 001's criticism measured on the session: each
// pair's percentage with Neuberg rounded per board, with Neuberg exact and
// the total rounded, with Neuberg exact and nothing rounded, and without
// Neuberg (each board on its own top), with the ranks under each.
type NeubergResult struct {
	Step float64 `json:"step"`
	// Adjusted is the number of board-fields Neuberg scales; with none,
	// the four columns agree.
	Adjusted int           `json:"boards_adjusted"`
	Pairs    []NeubergPair `json:"pairs"`
	// RankChanges are the pairs whose rank is not the same under all four.
	RankChanges []RankChange `json:"rank_changes"`
}

// NeubergPair is one pair under the four ways of scoring.
type NeubergPair struct {
	Pair      int      `json:"pair"`
	Section   string   `json:"section"`
	Label     string   `json:"label"`
	Direction string   `json:"direction,omitempty"`
	Group     string   `json:"group"`
	Names     []string `json:"names"`
	PerBoard  float64  `json:"per_board"`
	Total     float64  `json:"total_rounded"`
	Unrounded float64  `json:"unrounded"`
	Raw       float64  `json:"no_neuberg"`
	// Ranks under per-board, total, unrounded and no Neuberg, in that order.
	Ranks [4]int `json:"ranks"`
}

// RankChange names a pair whose rank depends on the rounding or on Neuberg.
type RankChange struct {
	Pair      int      `json:"pair"`
	Section   string   `json:"section"`
	Label     string   `json:"label"`
	Direction string   `json:"direction,omitempty"`
	Names     []string `json:"names"`
	Group     string   `json:"group"`
	Ranks     [4]int   `json:"ranks"`
	Text      string   `json:"text"`
}

// neubergResult scores the session four ways in the identified field
// arrangement.
func neubergResult(s *scoring.Session, best *candidate, set Settings) NeubergResult {
	step := set.Step
	if step == 0 {
		step = best.method.BoardStep
	}
	if step == 0 {
		step = 0.1
	}
	across, scale := best.method.Across, best.method.Scale
	perBoard := score(s, Method{Across: across, Scale: scale, Neuberg: true, BoardStep: step})
	exact := score(s, Method{Across: across, Scale: scale, Neuberg: true})
	raw := score(s, Method{Across: across, Scale: scale, Neuberg: false})
	res := NeubergResult{Step: step, Adjusted: exact.method.Adjusted, Pairs: []NeubergPair{}, RankChanges: []RankChange{}}
	var keys []scoring.PairKey
	names := map[scoring.PairKey][]string{}
	for _, p := range s.Pairs {
		if _, ok := exact.pairs[p.Key()]; ok {
			keys = append(keys, p.Key())
			names[p.Key()] = p.Names
		}
	}
	values := [4]func(scoring.PairKey) float64{
		func(k scoring.PairKey) float64 { _, p := perBoard.percent(k, 0); return p },
		func(k scoring.PairKey) float64 { _, p := exact.percent(k, step); return p },
		func(k scoring.PairKey) float64 { _, p := exact.percent(k, 0); return p },
		func(k scoring.PairKey) float64 { _, p := raw.percent(k, 0); return p },
	}
	var ranks [4]map[scoring.PairKey]int
	for i, v := range values {
		ranks[i] = rank(keys, exact.group, v)
	}
	for _, k := range keys {
		np := NeubergPair{Pair: k.Number, Section: k.Section, Label: k.String(), Direction: k.Dir, Group: exact.group(k), Names: nonNil(names[k]),
			PerBoard: values[0](k), Total: values[1](k), Unrounded: values[2](k), Raw: values[3](k)}
		for i := range ranks {
			np.Ranks[i] = ranks[i][k]
		}
		res.Pairs = append(res.Pairs, np)
		r := np.Ranks
		if r[0] != r[1] || r[1] != r[2] || r[2] != r[3] {
			res.RankChanges = append(res.RankChanges, RankChange{Pair: k.Number, Section: k.Section, Label: k.String(), Direction: k.Dir, Names: np.Names, Group: exact.group(k), Ranks: r,
				Text: fmt.Sprintf("pair %s (%s): rank %d with per-board rounding, %d with total rounding, %d unrounded, %d without Neuberg",
					k, joinNames(np.Names), r[0], r[1], r[2], r[3])})
		}
	}
	slices.SortStableFunc(res.Pairs, func(a, b NeubergPair) int {
		return cmp.Or(compareGroups(a.Group, b.Group), cmp.Compare(a.Ranks[2], b.Ranks[2]))
	})
	return res
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func joinNames(n []string) string {
	if len(n) == 0 {
		return "no names"
	}
	out := n[0]
	for _, x := range n[1:] {
		out += " & " + x
	}
	return out
}
