package session

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// FieldLuck is the Bussemaker model (DOMAIN.md §4) run on the movement a
// field played, with each pair's strength estimated from the session.
//
// The estimator is the simplest one: a pair's strength is its own
// recomputed percentage (the higher, the stronger), and every board is
// scored by the difference of strengths, as the model does. The model knows
// nothing of the deals, and a pair's percentage already contains whatever
// luck the movement gave it, so these figures say what the movement could
// do to pairs of these strengths, not what it did to this session.
type FieldLuck struct {
	Section string `json:"section"`
	// Estimator says how strengths were estimated.
	Estimator string `json:"estimator"`
	// Exact is true when every numbering was enumerated; else Samples
	// numberings were drawn with Seed.
	Exact   bool   `json:"exact"`
	Samples int64  `json:"samples"`
	Seed    uint64 `json:"seed"`
	// ByDirection is true when numbers were drawn within each direction (a
	// field with two winners).
	ByDirection bool         `json:"by_direction"`
	Pairs       []LuckPair   `json:"pairs"`
	Winners     []LuckMargin `json:"winners"`
}

// LuckPair is one pair in the luck model.
type LuckPair struct {
	Pair      int      `json:"pair"`
	Section   string   `json:"section"`
	Label     string   `json:"label"`
	Direction string   `json:"direction,omitempty"`
	Names     []string `json:"names"`
	Group     string   `json:"group"`
	// Percent is the recomputed percentage, also the strength.
	Percent float64 `json:"percent"`
	// Seated is the model's percentage at the pair number it had;
	// Expected the mean over all numberings (what strength alone gives),
	// with Sd, Min and Max. SeatEffect = Seated − Expected is what the
	// movement gave the pair under the model.
	Seated     float64 `json:"seated_percent"`
	Expected   float64 `json:"expected_percent"`
	Sd         float64 `json:"sd"`
	Min        float64 `json:"min"`
	Max        float64 `json:"max"`
	SeatEffect float64 `json:"seat_effect"`
	// Places[j] is the probability in percent of finishing (j+1)-th in
	// its group over the numberings; PlaceMin and PlaceMax the extremes met.
	Places   []float64 `json:"places"`
	PlaceMin int       `json:"place_min"`
	PlaceMax int       `json:"place_max"`
}

// LuckMargin compares a group's winner with the runner-up: whether the
// winner's margin is larger than what the movement gave the two under the
// model (the winner's seat effect minus the runner-up's).
type LuckMargin struct {
	Group  string `json:"group"`
	Winner int    `json:"winner"`
	Second int    `json:"second"`
	// WinnerSection and SecondSection qualify the numbers.
	WinnerSection string `json:"winner_section"`
	SecondSection string `json:"second_section"`
	// WinnerDirection and SecondDirection qualify the numbers in a file
	// numbered by direction.
	WinnerDirection string  `json:"winner_direction,omitempty"`
	SecondDirection string  `json:"second_direction,omitempty"`
	Margin          float64 `json:"margin"`
	MovementGave    float64 `json:"movement_gave"`
	Exceeds         bool    `json:"exceeds"`
	// WinnerFirst is the probability in percent that the winner finishes
	// first over all numberings.
	WinnerFirst float64 `json:"winner_first"`
}

// maxLuckWork bounds the comparisons of two results on a board the luck
// model makes over all its default draws (about a second); MinSamples is
// the fewest draws it makes.
const (
	maxLuckWork = 500_000_000
	MinSamples  = 2_000
)

// fieldLuck runs the model on field f's movement m.
func fieldLuck(ctx context.Context, f *field, m *movement.Movement, best *candidate, set Settings) (*FieldLuck, error) {
	P := len(f.pairs)
	if P > maxMatrixPairs {
		// Its table of places would hold P² figures.
		return nil, fmt.Errorf("left out for a field of %d pairs (more than %d): its table of places would hold %d figures", P, maxMatrixPairs, P*P)
	}
	strengths := make([]float64, P)
	pct := make([]float64, P)
	for i, k := range f.pairs {
		_, pct[i] = best.percent(k, best.method.TotalStep)
		strengths[i] = 100 - pct[i] // lower is stronger
	}
	var groups [][]int
	if f.twoWinners {
		var ns, ew []int
		for i, k := range f.pairs {
			if f.seats[k] == "NS" {
				ns = append(ns, i+1)
			} else {
				ew = append(ew, i+1)
			}
		}
		if len(ns) > 0 && len(ew) > 0 {
			groups = [][]int{ns, ew}
		}
	}
	count := big.NewInt(1)
	sizes := []int{P}
	if groups != nil {
		sizes = []int{len(groups[0]), len(groups[1])}
	}
	for _, n := range sizes {
		count.Mul(count, new(big.Int).MulRange(1, int64(n)))
	}
	ls := luck.Settings{Strengths: strengths, Groups: groups, Seed: set.Seed, Method: luck.Sample, Samples: set.Samples}
	if ls.Samples == 0 {
		// The model compares every two results of a board in every draw:
		// a congress scored across the field (hundreds of results a
		// board) would take minutes. Its draws are capped, and above a
		// size the model is left out, with a note; an explicit
		// Settings.Samples runs it whatever the size.
		var work int64
		for _, b := range f.boards {
			work += int64(len(b.lines)) * int64(len(b.lines))
		}
		if work*MinSamples > maxLuckWork {
			return nil, fmt.Errorf("left out: %d pairs with up to %d results a board are too many for the model's default draws (set the samples to run it)", P, f.expected)
		}
		ls.Samples = min(DefaultSamples, max(MinSamples, maxLuckWork/max(1, work)))
	}
	if count.IsInt64() && count.Int64() <= MaxEnumerate {
		ls.Method = luck.Exact
	}
	res, err := luck.Bussemaker(ctx, m, ls)
	if err != nil {
		return nil, err
	}
	seated, err := luck.Percentages(m, strengths)
	if err != nil {
		return nil, err
	}
	fl := &FieldLuck{Section: strings.Join(f.sections, "+"), Estimator: "each pair's recomputed percentage is its strength; boards scored by strength difference",
		Exact: res.Exact, Samples: res.Samples, Seed: res.Seed, ByDirection: groups != nil}
	for i, k := range f.pairs {
		sp := res.Spread[i]
		lp := LuckPair{Pair: k.Number, Section: k.Section, Label: k.String(), Direction: k.Dir, Names: nonNil(f.names[k]), Group: best.group(k), Percent: pct[i],
			Seated: seated[i], Expected: sp.Avg, Sd: sp.Sd, Min: sp.Min, Max: sp.Max, SeatEffect: clean(seated[i] - sp.Avg), PlaceMin: math.MaxInt}
		for j := range res.RankProbability {
			p := res.RankProbability[j][i]
			lp.Places = append(lp.Places, p)
			if p > 0 {
				lp.PlaceMin = min(lp.PlaceMin, j+1)
				lp.PlaceMax = max(lp.PlaceMax, j+1)
			}
		}
		// Trim the places beyond the group's size.
		for len(lp.Places) > 0 && lp.Places[len(lp.Places)-1] == 0 && len(lp.Places) > lp.PlaceMax {
			lp.Places = lp.Places[:len(lp.Places)-1]
		}
		fl.Pairs = append(fl.Pairs, lp)
	}
	fl.Winners = margins(fl.Pairs)
	return fl, nil
}

// margins finds each group's winner and runner-up by percentage.
func margins(ps []LuckPair) []LuckMargin {
	byGroup := map[string][]int{}
	var order []string
	for i, p := range ps {
		if _, ok := byGroup[p.Group]; !ok {
			order = append(order, p.Group)
		}
		byGroup[p.Group] = append(byGroup[p.Group], i)
	}
	var out []LuckMargin
	for _, g := range order {
		idx := byGroup[g]
		if len(idx) < 2 {
			continue
		}
		w, s := -1, -1
		for _, i := range idx {
			switch {
			case w < 0 || ps[i].Percent > ps[w].Percent:
				w, s = i, w
			case s < 0 || ps[i].Percent > ps[s].Percent:
				s = i
			}
		}
		m := LuckMargin{Group: g, Winner: ps[w].Pair, Second: ps[s].Pair, WinnerSection: ps[w].Section, SecondSection: ps[s].Section,
			WinnerDirection: ps[w].Direction, SecondDirection: ps[s].Direction,
			Margin: ps[w].Percent - ps[s].Percent, MovementGave: clean(ps[w].SeatEffect - ps[s].SeatEffect)}
		m.Exceeds = m.Margin > m.MovementGave
		if len(ps[w].Places) > 0 {
			m.WinnerFirst = ps[w].Places[0]
		}
		out = append(out, m)
	}
	return out
}

// clean removes the noise of averaging: a difference of two equal figures
// computed in different orders is 0, not ±1e-13.
func clean(x float64) float64 {
	if math.Abs(x) < 1e-9 {
		return 0
	}
	return x
}
