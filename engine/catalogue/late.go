package catalogue

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Plan is one way to play on when the field changes during the session: an
// extra pair joins after round After, or a pair leaves after it. Every plan
// is a movement as played, built exactly by Spec (Movement when Spec is
// ""), in which every pair, the newcomer included, has a seat or a sit-out
// in every round: the guide cards follow from it.
type Plan struct {
	// Kind is "fill" (the newcomer takes the half table's empty seat),
	// "rover" (it takes a displaced pair's seat each round), "appendix"
	// (it sits at an added table and plays there a pair taken from its
	// table, whose opponent sits out), "restart" (the field restarts as
	// another movement) or "leave".
	Kind string `json:"kind"`
	// Spec builds Movement exactly (movement.ParseSpec); "" when only
	// Movement gives it.
	Spec     string             `json:"spec"`
	Movement *movement.Movement `json:"-"`
	After    int                `json:"after"`
	// Pair is the newcomer's pair number, or the pair that leaves.
	Pair int `json:"pair"`
	// Order is the rover's or the appendix table's order: in each round
	// the pair displaced (rover) or met (appendix).
	Order []movement.RoundPair `json:"order"`
	// SitOut lists, round by round, the pairs that are not seated.
	SitOut [][]int `json:"sit_out"`
	// Source says where the order comes from: a published rule (cited)
	// or "own order (unverified)".
	Source    string `json:"source"`
	Published bool   `json:"published"`
	// Qf and Qf1av are the figures of Movement as played (Measure); Uniform
	// is false when its board groups are played unequal numbers of times
	// (the figures then use each group's own number of plays).
	Qf      float64 `json:"qf"`
	Qf1av   float64 `json:"qf1_av"`
	Uniform bool    `json:"uniform"`
}

// Published rover orders. Each gives, for the round r (2 or later) of an
// extra pair that sits out round 1, the table whose NS pair (or, where
// marked, EW pair) it displaces, in the generators' conventions (NS pair t
// at table t; EW up one table, boards down one).
var (
	// sweetSource: the rover ("replacement") Mitchell of D.A. Sweet, for
	// an odd number of tables prime to 3: round 2 at table 2, then up two
	// tables a round (bridgecentral.com/MvtHTML/rovermitchell.htm; the
	// same schedule, for 5½ and 7½ tables, in the Tbb director notes,
	// "NS6: sit out → Table 2 → Table 4 → Table 1 → Table 3").
	sweetSource = "published: D.A. Sweet's rover Mitchell, round 2 at table 2 then two tables up (bridgecentral.com/MvtHTML/rovermitchell.htm)"
	// goldSource: Sam Gold's extension (1961) to the skip Mitchell of an
	// even number of tables not divisible by 3: round 2 at table 2, two
	// tables up each round until the skip is called, then table 3 and two
	// up again (same page).
	goldSource = "published: Sam Gold's rover for the skip Mitchell, table 2 then two up, table 3 at the skip then two up (bridgecentral.com/MvtHTML/rovermitchell.htm)"
	// brdSource: the rover orders for 9 and 15 tables of a standard
	// Mitchell from bridge-results.de/Movements/aender.html ("Bei T = 9
	// setzt das Roverpaar aus, dann geht es an die Tische 4 N/S, 6 N/S, 9
	// N/S, 3 N/S, 5 N/S, 7 N/S, 8 O/W, 1 N/S"); checked to give the rover a
	// new opponent and new boards every round in these conventions.
	brdSource = "published: the rover order of bridge-results.de/Movements/aender.html"
	brdOrders = map[int][]seatAt{
		9:  {{4, false}, {6, false}, {9, false}, {3, false}, {5, false}, {7, false}, {8, true}, {1, false}},
		15: {{6, false}, {8, false}, {11, false}, {14, false}, {1, false}, {3, false}, {5, false}, {7, false}, {10, false}, {13, false}, {15, false}, {4, false}, {7, true}, {14, true}},
	}
)

// seatAt is a seat of a published order: a table and a direction.
type seatAt struct {
	table int
	ew    bool
}

// publishedRover returns the published order of the family for rounds
// after+1 onwards (round r's seat), or nil when the family has none. The
// orders are given for a rover that sits out round 1; a pair arriving
// later follows the same order from its first round.
func publishedRover(spec movement.Spec, m *movement.Movement, after int) ([]movement.RoundPair, string) {
	T := spec.Size
	seat := func(r int) (seatAt, bool) {
		switch {
		case spec.Family == "mitchell" && T%2 == 1 && T%3 != 0 && T >= 5:
			return seatAt{table: (2*r-3)%T + 1}, true
		case spec.Family == "mitchell" && brdOrders[T] != nil:
			if r-2 < len(brdOrders[T]) {
				return brdOrders[T][r-2], true
			}
		case spec.Family == "skip-mitchell" && T%2 == 0 && T%3 != 0:
			if skip := T/2 + 1; r < skip {
				return seatAt{table: 2 * (r - 1)}, true
			} else {
				return seatAt{table: 3 + 2*(r-skip)}, true
			}
		}
		return seatAt{}, false
	}
	source := map[string]string{"mitchell": sweetSource, "skip-mitchell": goldSource}[spec.Family]
	if spec.Family == "mitchell" && brdOrders[T] != nil {
		source = brdSource
	}
	var out []movement.RoundPair
	for r := max(after+1, 2); r <= m.Rounds; r++ {
		s, ok := seat(r)
		if !ok || s.table < 1 || s.table > m.Tables {
			return nil, ""
		}
		// The pair at that seat in the generated movement: NS pair t sits
		// at table t in every Mitchell here (EW: the pair there in round r).
		p := s.table
		if s.ew {
			gen, err := movement.Spec{Family: spec.Family, Size: spec.Size, Rounds: spec.Rounds}.Build()
			if err != nil {
				return nil, ""
			}
			p = gen.Schedule[r-1][s.table-1].EW
		}
		out = append(out, movement.RoundPair{Round: r, Pair: p})
	}
	return out, source
}

// Extra plans for an extra pair that arrives after round after, in the
// movement the spec builds (the catalogue's Exact): a half table gives the
// newcomer the absent pair's seats (fill); a full movement takes it as a
// rover, in the published order where the family has one and in an order
// of our own otherwise, and, for a Howell-type movement, at an appendix
// table. The plans are ranked by their figures as played: the higher Qf
// (two decimals), then the higher Qf1av, then a published order first, then
// by kind.
//
// Each of restartAs (a spec for one pair more, such as the catalogue's
// recommendation for that field) adds a restart plan when the pair arrives
// after round 1.
func Extra(ctx context.Context, spec string, after int, restartAs ...string) ([]Plan, error) {
	var targets []Played
	for _, t := range restartAs {
		targets = append(targets, Played{Text: t})
	}
	return ExtraFrom(ctx, Played{Text: spec}, after, targets...)
}

// Played names the movement a plan starts from: Text is a spec
// (movement.ParseSpec) or, for a movement that is no family spec (a library
// movement or a file), NAME or NAME,MODIFIERS with Raw the movement NAME
// gives before its modifiers. The plans' specs are then NAME,MODIFIERS too.
type Played struct {
	Text string
	Raw  *movement.Movement
}

// resolved is a Played made usable: its spec (modifiers only, for a
// library movement), its movement, and how a plan's spec is built and
// written.
type resolved struct {
	spec  movement.Spec
	m     *movement.Movement
	build func(movement.Spec) (*movement.Movement, error)
	text  func(movement.Spec) string
}

func resolvePlayed(p Played) (resolved, error) {
	if p.Raw == nil {
		s, m, err := parseBuild(p.Text)
		return resolved{s, m, movement.Spec.Build, movement.Spec.String}, err
	}
	name, mods, _ := strings.Cut(p.Text, ",")
	var s movement.Spec
	if mods != "" {
		var err error
		if s, err = movement.ParseModifiers(mods); err != nil {
			return resolved{}, err
		}
	}
	build := func(ps movement.Spec) (*movement.Movement, error) { return ps.Modify(p.Raw) }
	text := func(ps movement.Spec) string {
		if t := ps.ModifiersText(); t != "" {
			return name + "," + t
		}
		return name
	}
	m, err := build(s)
	return resolved{s, m, build, text}, err
}

// ExtraFrom is Extra for any movement (Played).
func ExtraFrom(ctx context.Context, p Played, after int, restartAs ...Played) ([]Plan, error) {
	res, err := resolvePlayed(p)
	spec := p.Text
	s, m := res.spec, res.m
	if err != nil {
		return nil, err
	}
	if after < 0 || after >= m.Rounds {
		return nil, fmt.Errorf("extra pair after round %d: %s has %d rounds (want 0 to %d)", after, spec, m.Rounds, m.Rounds-1)
	}
	if len(m.Sections) > 0 {
		return extraInSections(ctx, s, after)
	}
	var out []Plan
	add := func(kind string, ps movement.Spec, order []movement.RoundPair, source string, published bool, pair int) error {
		built, err := res.build(ps)
		if err != nil {
			return fmt.Errorf("extra pair: %s: %w", ps, err)
		}
		if errs, _ := built.Check(); len(errs) > 0 {
			return fmt.Errorf("extra pair: %s: %v", ps, errs[0])
		}
		out = append(out, newPlan(kind, res.text(ps), built, after, pair, order, source, published))
		return nil
	}
	if s.Absent != 0 && after > 0 {
		fill := s
		fill.Join = after
		if err := add("fill", fill, nil, "the half table's empty seat", false, m.Pairs+1); err != nil {
			return nil, err
		}
		return rank(out), nil
	}
	if s.Absent != 0 || s.Phantom {
		return nil, fmt.Errorf("extra pair: %s is a half table: the newcomer takes the empty seat (after 0: play the full movement)", spec)
	}
	newcomer := m.Pairs + 1
	if order, source := publishedRover(s, m, after); order != nil {
		ps := s
		ps.Rover = order
		if err := add("rover", ps, order, source, true, newcomer); err != nil {
			return nil, err
		}
	}
	own, err := ownOrder(ctx, m, after)
	if err != nil {
		return nil, err
	}
	if own != nil && !slices.ContainsFunc(out, func(p Plan) bool { return slices.Equal(p.Order, own) }) {
		ps := s
		ps.Rover = own
		if err := add("rover", ps, own, "own order (unverified): a new opponent and new boards for the rover every round, the best Qf found", false, newcomer); err != nil {
			return nil, err
		}
	}
	if own != nil && isHowell(s.Family) {
		// The appendix table meets the displaced pair's opponent: the
		// same meetings and boards as the rover, at a table of its own.
		app := make([]movement.RoundPair, len(own))
		for i, e := range own {
			app[i] = movement.RoundPair{Round: e.Round, Pair: opponent(m, e.Round, e.Pair)}
		}
		ps := s
		ps.Appendix = app
		// A split table (two board groups a round) has no appendix form.
		if _, err := res.build(ps); err == nil {
			if err := add("appendix", ps, app, "own order (unverified): the rover's meetings, the newcomer staying at an added table", false, newcomer); err != nil {
				return nil, err
			}
		}
	}
	for _, target := range restartAs {
		if after != 1 {
			break
		}
		p, err := restart(m, after, target)
		if err != nil {
			return nil, fmt.Errorf("extra pair: %w", err)
		}
		out = append(out, *p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("extra pair after round %d: no order gives the newcomer a new opponent and new boards every round in %s", after, spec)
	}
	return rank(out), nil
}

// extraInSections plans an extra pair in a field played as sections: it
// joins the last section (so that no pair of the others changes its
// number), with that section's plans, the other sections as they are.
func extraInSections(ctx context.Context, s movement.Spec, after int) ([]Plan, error) {
	last := len(s.Parts) - 1
	plans, err := Extra(ctx, s.Parts[last].String(), after)
	if err != nil {
		return nil, fmt.Errorf("extra pair in the last section: %w", err)
	}
	var out []Plan
	for _, p := range plans {
		if p.Spec == "" {
			continue // a restart of one section: no spec to join
		}
		part, err := movement.ParseSpec(p.Spec)
		if err != nil {
			return nil, err
		}
		joined := s
		joined.Parts = append(slices.Clone(s.Parts[:last]), part)
		m, err := joined.Build()
		if err != nil {
			return nil, fmt.Errorf("extra pair: %s: %w", joined, err)
		}
		first, _, _ := m.SectionRange(last)
		order := make([]movement.RoundPair, len(p.Order))
		for i, e := range p.Order {
			order[i] = movement.RoundPair{Round: e.Round, Pair: e.Pair + first - 1}
		}
		out = append(out, newPlan(p.Kind, joined.String(), m, after, m.Pairs, order,
			fmt.Sprintf("in section %c: %s", 'A'+last, p.Source), p.Published))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("extra pair after round %d: no plan for the last section", after)
	}
	return rank(out), nil
}

// Leave plans for a pair that leaves after round after: for every pair of
// the movement the spec builds, the movement with that pair missing the
// later rounds (its opponents sit out then), ranked by the figures as
// played, the best first.
func Leave(spec string, after int) ([]Plan, error) {
	return LeaveFrom(Played{Text: spec}, after)
}

// LeaveFrom is Leave for any movement (Played).
func LeaveFrom(pl Played, after int) ([]Plan, error) {
	res, err := resolvePlayed(pl)
	spec := pl.Text
	s, m := res.spec, res.m
	if err != nil {
		return nil, err
	}
	if after < 1 || after >= m.Rounds {
		return nil, fmt.Errorf("a pair leaving after round %d: %s has %d rounds (want 1 to %d)", after, spec, m.Rounds, m.Rounds-1)
	}
	if len(m.Sections) > 0 || s.Absent != 0 || s.Phantom || s.Rover != nil || s.Appendix != nil || s.Miss != nil {
		return nil, fmt.Errorf("a pair leaving: %s: plan on a movement of one section with every seat filled (no absent, rover, appendix or miss)", spec)
	}
	var out []Plan
	for p := 1; p <= m.Pairs; p++ {
		ps := s
		ps.Miss = []movement.PairRounds{{Pair: p, From: after + 1, To: m.Rounds}}
		built, err := res.build(ps)
		if err != nil {
			return nil, err
		}
		out = append(out, newPlan("leave", res.text(ps), built, after, p, nil, "", false))
	}
	return rank(out), nil
}

func parseBuild(spec string) (movement.Spec, *movement.Movement, error) {
	s, err := movement.ParseSpec(spec)
	if err != nil {
		return s, nil, err
	}
	m, err := s.Build()
	return s, m, err
}

func newPlan(kind, spec string, m *movement.Movement, after, pair int, order []movement.RoundPair, source string, published bool) Plan {
	f := Measure(m)
	p := Plan{Kind: kind, Spec: spec, Movement: m, After: after, Pair: pair, Order: order, Source: source, Published: published,
		Qf: f.Qf, Qf1av: f.Qf1av, Uniform: movement.Describe(m).Uniform}
	for _, row := range m.Schedule {
		seated := make([]bool, m.Pairs+1)
		for _, tb := range row {
			seated[tb.NS], seated[tb.EW] = true, true
		}
		var out []int
		for q := 1; q <= m.Pairs; q++ {
			if !seated[q] {
				out = append(out, q)
			}
		}
		p.SitOut = append(p.SitOut, out)
	}
	return p
}

// kindOrder breaks ties between plans of equal figures.
var kindOrder = map[string]int{"fill": 0, "rover": 1, "appendix": 2, "restart": 3, "leave": 4}

func rank(ps []Plan) []Plan {
	hundredths := func(x float64) int64 { return int64(math.Round(x * 100)) }
	slices.SortStableFunc(ps, func(a, b Plan) int {
		pub := func(p Plan) int {
			if p.Published {
				return 0
			}
			return 1
		}
		return cmp.Or(cmp.Compare(hundredths(b.Qf), hundredths(a.Qf)), cmp.Compare(hundredths(b.Qf1av), hundredths(a.Qf1av)),
			cmp.Compare(pub(a), pub(b)), cmp.Compare(kindOrder[a.Kind], kindOrder[b.Kind]), cmp.Compare(a.Pair, b.Pair))
	})
	return ps
}

func isHowell(family string) bool {
	return family == "howell" || family == "perfect" || family == "multisession"
}

// opponent is the pair p meets in round r (1-based), 0 when it sits out.
func opponent(m *movement.Movement, r, p int) int {
	for _, tb := range m.Schedule[r-1] {
		switch p {
		case tb.NS:
			return tb.EW
		case tb.EW:
			return tb.NS
		}
	}
	return 0
}

// Limits of the search for an own rover order: complete orders compared,
// search steps per attempt, attempts (the first in the preferred order,
// the others in orders shuffled with a fixed seed).
const (
	ownOrders   = 48
	ownSteps    = 20_000
	ownAttempts = 24
)

// ownOrder finds a rover order for rounds after+1 onwards (from round 2 at
// the earliest, as the published orders): each round the rover displaces a
// pair not displaced before, meets an opponent it has not met and plays
// board groups it has not played. The search fills first the round with
// the fewest choices left, and tries stationary pairs first, then by
// number. Of the first ownOrders complete orders found, the one whose
// movement as played has the best Qf, then Qf1av, is returned; nil when
// there is none. When an attempt finds none within ownSteps, the search
// starts again with the pairs shuffled (a fixed seed: the same answer on
// every run), up to ownAttempts times.
func ownOrder(ctx context.Context, m *movement.Movement, after int) ([]movement.RoundPair, error) {
	first := max(after+1, 2)
	if first > m.Rounds {
		return nil, nil
	}
	facts := movement.Describe(m)
	order := slices.Clone(facts.Stationary)
	for p := 1; p <= m.Pairs; p++ {
		if !slices.Contains(order, p) {
			order = append(order, p)
		}
	}
	type option struct {
		d, o   int
		groups []int
	}
	options := make([][]option, m.Rounds+1) // options[r]: every seat of round r
	for r := first; r <= m.Rounds; r++ {
		for _, d := range order {
			o := opponent(m, r, d)
			if o == 0 {
				continue
			}
			var gs []int
			for _, tb := range m.Schedule[r-1] {
				if tb.NS == d || tb.EW == d {
					gs = append(gs, tb.Group)
				}
			}
			options[r] = append(options[r], option{d, o, gs})
		}
	}
	displaced := make([]bool, m.Pairs+1)
	met := make([]bool, m.Pairs+1)
	played := make([]bool, m.Groups)
	choice := make([]int, m.Rounds+1) // the option taken in round r, -1: none yet
	for r := range choice {
		choice[r] = -1
	}
	feasible := func(op option) bool {
		return !displaced[op.d] && !met[op.o] && !slices.ContainsFunc(op.groups, func(g int) bool { return played[g] })
	}
	set := func(op option, v bool) {
		displaced[op.d], met[op.o] = v, v
		for _, g := range op.groups {
			played[g] = v
		}
	}
	var best []movement.RoundPair
	bestQf, bestAv := -1.0, -1.0
	found, steps := 0, 0
	var dfs func(left int) error
	dfs = func(left int) error {
		if found >= ownOrders || steps >= ownSteps {
			return nil
		}
		steps++
		if steps%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if left == 0 {
			found++
			var cur []movement.RoundPair
			for r := first; r <= m.Rounds; r++ {
				cur = append(cur, movement.RoundPair{Round: r, Pair: options[r][choice[r]].d})
			}
			built, err := m.WithRover(cur)
			if err != nil {
				return err
			}
			f := Measure(built)
			if f.Qf > bestQf+1e-9 || math.Abs(f.Qf-bestQf) <= 1e-9 && f.Qf1av > bestAv+1e-9 {
				best, bestQf, bestAv = cur, f.Qf, f.Qf1av
			}
			return nil
		}
		// The round with the fewest feasible options.
		round, fewest := 0, math.MaxInt
		for r := first; r <= m.Rounds; r++ {
			if choice[r] >= 0 {
				continue
			}
			n := 0
			for _, op := range options[r] {
				if feasible(op) {
					n++
				}
			}
			if n < fewest {
				round, fewest = r, n
			}
		}
		if fewest == 0 {
			return nil
		}
		for i, op := range options[round] {
			if !feasible(op) {
				continue
			}
			choice[round] = i
			set(op, true)
			if err := dfs(left - 1); err != nil {
				return err
			}
			set(op, false)
			choice[round] = -1
		}
		return nil
	}
	rng := rand.New(rand.NewPCG(1, uint64(m.Pairs)))
	for attempt := 0; attempt < ownAttempts && best == nil; attempt++ {
		if attempt > 0 {
			for r := first; r <= m.Rounds; r++ {
				rng.Shuffle(len(options[r]), func(i, j int) { options[r][i], options[r][j] = options[r][j], options[r][i] })
			}
		}
		steps = 0
		if err := dfs(m.Rounds - first + 1); err != nil {
			return nil, err
		}
	}
	return best, nil
}

// restart plans the field's restart after round 1 as the target movement
// for one pair more: the target's round 1, with its sit-out pair as the
// newcomer, is renumbered (pairs, tables, board groups) to be the round
// the field has played, so the players carry on from where they sit. Any
// round 1 of full tables, each on its own board group, can be matched so;
// later rounds cannot in general, and a round 1 with shared boards (a relay
// Mitchell's first and last table) or a split table cannot. The plan has
// no spec: Movement is the renumbered target.
func restart(m *movement.Movement, after int, targetAs Played) (*Plan, error) {
	if after != 1 {
		return nil, fmt.Errorf("restart: only after round 1 (the round played is matched to the new movement's first)")
	}
	target := targetAs.Text
	tr, err := resolvePlayed(targetAs)
	if err != nil {
		return nil, err
	}
	t := tr.m
	if t.Pairs != m.Pairs+1 || len(t.Sections) > 0 {
		return nil, fmt.Errorf("restart: %s has %d pairs, want %d in one section", target, t.Pairs, m.Pairs+1)
	}
	occupied := func(row []movement.Table) []int {
		var out []int
		for k, tb := range row {
			if !tb.Empty() {
				out = append(out, k)
			}
		}
		return out
	}
	played, first := occupied(m.Schedule[0]), occupied(t.Schedule[0])
	if len(played) != len(first) || 2*len(played) != m.Pairs {
		return nil, fmt.Errorf("restart: round 1 of %s seats %d tables, the round played %d", target, len(first), len(played))
	}
	pair := make([]int, t.Pairs+1)
	table := make([]int, t.Tables)
	group := make([]int, t.Groups)
	for i := range table {
		table[i] = -1
	}
	for i := range group {
		group[i] = -1
	}
	usedGroup := make([]bool, m.Groups)
	for i, k := range first {
		a, b := t.Schedule[0][k], m.Schedule[0][played[i]]
		if group[a.Group] >= 0 || usedGroup[b.Group] {
			return nil, fmt.Errorf("restart: round 1 of %s or of the round played has a board group at two tables (shared boards or a split table): the groups cannot be matched", target)
		}
		pair[a.NS], pair[a.EW], table[k], group[a.Group] = b.NS, b.EW, played[i], b.Group
		usedGroup[b.Group] = true
	}
	for p := 1; p <= t.Pairs; p++ {
		if pair[p] == 0 {
			pair[p] = m.Pairs + 1 // round 1's sit-out: the newcomer
		}
	}
	tables := m.Tables
	for k := range table {
		if table[k] < 0 {
			table[k] = tables
			tables++
		}
	}
	groups := m.Groups
	for g := range group {
		if group[g] < 0 {
			group[g] = groups
			groups++
		}
	}
	out := movement.New(t.Pairs, tables, t.Rounds, groups)
	out.NumericGroups = groups > 52
	for r, row := range t.Schedule {
		for k, tb := range row {
			if !tb.Empty() {
				out.Schedule[r][table[k]] = movement.Table{NS: pair[tb.NS], EW: pair[tb.EW], Group: group[tb.Group]}
			}
		}
	}
	p := newPlan("restart", "", out, after, m.Pairs+1, nil,
		fmt.Sprintf("%s from round 2, renumbered so that its round 1 is the round played", target), false)
	return &p, nil
}
