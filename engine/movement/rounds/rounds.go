// Package rounds orders the meetings of a movement into rounds when all
// that is known is who met whom over which board groups: a results file
// that gives no rounds. It finds rounds in which no pair plays twice, with
// as few as it can, preferring rounds in which no board group is at two
// tables (edge colouring, by exact and local searches, a Kempe-chain
// repair for Mitchells and a greedy fallback). The balance does not depend
// on which rounds it finds (DOMAIN.md §2); the rounds make the movement
// readable as played.
package rounds

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Meeting is one round's encounter of two pairs, at one table position per
// board group they play.
type Meeting struct {
	A, B    int // movement pairs, A < B
	Round   int // from the file, 0 when unknown
	Table   int // from the file, 0 when unknown
	Entries []movement.Table
}

// Assign gives each meeting a round such that no pair meets two
// opponents in one round, with as few rounds as it can find. This is edge
// colouring. Sections that never meet are coloured apart and share round
// numbers (they play at the same time), which keeps the work linear in the
// number of sections. Within one, the rounds tried start from what the
// travellers force: the most meetings of a pair, the meetings over the most
// tables a round can hold, the most plays of a board group (a group is at
// one table a round). Each number of rounds is tried with a short exact
// search, then a seeded local search; a Mitchell (bipartite) falls back on
// an exact colouring with as many rounds as a pair's meetings, anything
// else on a greedy one.
func Assign(ctx context.Context, ms []*Meeting, pairs int) error {
	for ci, comp := range components(ms, pairs) {
		if err := ctx.Err(); err != nil {
			return err
		}
		colourComponent(comp, pairs, uint64(ci))
		balanceTables(comp, pairs, uint64(ci))
	}
	return nil
}

// components splits the meetings into groups of pairs that meet, directly
// or not, in the order of their first meeting.
func components(ms []*Meeting, pairs int) [][]*Meeting {
	parent := make([]int, pairs+1)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, m := range ms {
		parent[find(m.A)] = find(m.B)
	}
	index := map[int]int{}
	var out [][]*Meeting
	for _, m := range ms {
		r := find(m.A)
		i, ok := index[r]
		if !ok {
			i = len(out)
			index[r] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], m)
	}
	return out
}

func colourComponent(ms []*Meeting, pairs int, seed uint64) {

	deg := make([]int, pairs+1)
	seen := map[int]bool{}
	plays := map[int]int{}
	for _, m := range ms {
		deg[m.A]++
		deg[m.B]++
		seen[m.A], seen[m.B] = true, true
		for _, e := range m.Entries {
			plays[e.Group]++
		}
	}
	most := slices.Max(deg)
	low := max(most, (len(ms)+len(seen)/2-1)/max(1, len(seen)/2))
	lowOne := low
	for _, n := range plays {
		lowOne = max(lowOne, n)
	}
	// Boards are at one table at a time, so first ask that no board group
	// be played twice in a round, with the rounds the travellers force;
	// the searches are bounded (small fields get restarts).
	if len(ms) <= restartMeetings && (roundsRestarts(ms, pairs, lowOne, true, seed) || searchRounds(ms, pairs, lowOne, searchWork/10, true)) {
		return
	}
	// The rounds the travellers force are usually enough: a tabu search
	// finds them where the exact searches above run out of work.
	for _, m := range ms {
		m.Round = 0
	}
	if tabuRounds(ms, pairs, lowOne, true, seed, tabuWork, 0) {
		return
	}
	// A Mitchell: König's colouring has the rounds the pairs force, then
	// Kempe swaps move board groups apart without seating a pair twice;
	// if some group stays at two tables of a round, the rounds are still
	// right and the balance does not depend on them.
	if bipartiteRounds(ms, pairs, most) {
		kempeGroups(ms, pairs, most, seed)
		return
	}
	for R := lowOne; R <= lowOne+1; R++ {
		if searchRounds(ms, pairs, R, searchWork, true) || localRounds(ms, pairs, R, true, seed) {
			return
		}
	}
	for R := low; R <= low+2; R++ {
		if searchRounds(ms, pairs, R, searchWork, false) || localRounds(ms, pairs, R, false, seed) {
			return
		}
	}
	// Greedy: the first round free for both pairs.
	used := make([]map[int]bool, pairs+1)
	for i := range used {
		used[i] = map[int]bool{}
	}
	for _, m := range ms {
		r := 1
		for used[m.A][r] || used[m.B][r] {
			r++
		}
		m.Round = r
		used[m.A][r], used[m.B][r] = true, true
	}
}

// localWork bounds the moves of one local search.
const localWork = 200_000

// restartMeetings is the most meetings (a 10-table Mitchell) for which the
// round search restarts from other orders when it is stuck.
const restartMeetings = 100

// localRounds looks for rounds by moving meetings that clash: each move
// takes a meeting that shares a round with another of its pairs (or, with
// oneTable, of its board groups) to the round where it clashes least,
// not back to a round it just left, ties broken by a generator seeded
// from seed and R, so the result is the same on every run.
func localRounds(ms []*Meeting, pairs, R int, oneTable bool, seed uint64) bool {
	groups := 0
	for _, m := range ms {
		for _, e := range m.Entries {
			groups = max(groups, e.Group+1)
		}
	}
	pc := make([]int32, (pairs+1)*R)
	gc := make([]int32, groups*R)
	add := func(m *Meeting, r int, d int32) {
		pc[m.A*R+r] += d
		pc[m.B*R+r] += d
		if oneTable {
			for _, e := range m.Entries {
				gc[e.Group*R+r] += d
			}
		}
	}
	// clash counts the other meetings m would meet in round r.
	clash := func(m *Meeting, r int, self int32) int32 {
		c := pc[m.A*R+r] - self + pc[m.B*R+r] - self
		if oneTable {
			for _, e := range m.Entries {
				c += gc[e.Group*R+r] - self
			}
		}
		return c
	}
	rng := rand.New(rand.NewPCG(seed, uint64(R)))
	round := make([]int, len(ms))
	for i, m := range ms {
		best, bc := 0, int32(math.MaxInt32)
		for r := range R {
			if c := clash(m, r, 0); c < bc {
				best, bc = r, c
			}
		}
		round[i] = best
		add(m, best, 1)
	}
	tabu := make([]int, len(ms)*R) // move number until which meeting i may not return to round r
	var bad []int
	for it := 1; it <= localWork; it++ {
		bad = bad[:0]
		for i, m := range ms {
			if clash(m, round[i], 1) > 0 {
				bad = append(bad, i)
			}
		}
		if len(bad) == 0 {
			for i, m := range ms {
				m.Round = round[i] + 1
			}
			return true
		}
		i := bad[rng.IntN(len(bad))]
		m := ms[i]
		best, bc, ties := -1, int32(math.MaxInt32), 0
		for r := range R {
			if r == round[i] || tabu[i*R+r] > it {
				continue
			}
			c := clash(m, r, 0)
			switch {
			case c < bc:
				best, bc, ties = r, c, 1
			case c == bc:
				ties++
				if rng.IntN(ties) == 0 {
					best = r
				}
			}
		}
		if best < 0 {
			continue
		}
		tabu[i*R+round[i]] = it + 7 + rng.IntN(5)
		add(m, round[i], -1)
		round[i] = best
		add(m, best, 1)
	}
	return false
}

// roundWork bounds the nodes of roundsByRound.
const roundWork = 200_000

// roundsByRound builds R rounds one after the other, each a set of
// meetings with no pair and (with oneTable) no board group twice. A pair or
// group with as many meetings left as rounds left must play in the round
// (it is forced), so a round is searched by covering its forced pairs and
// groups first, the one with the fewest meetings that fit; then meetings
// are added while they fit, those of the busiest pairs first. It gives up
// after budget nodes.
func roundsByRound(ms []*Meeting, pairs, R int, oneTable bool, budget int) bool {
	return roundsByRoundSeeded(ms, pairs, R, oneTable, budget, nil)
}

// roundsRestarts tries roundsByRound with small budgets from several
// seeded orders of the options: backtracking that is stuck deep is
// usually unstuck faster by starting again than by searching on.
func roundsRestarts(ms []*Meeting, pairs, R int, oneTable bool, seed uint64) bool {
	if roundsByRound(ms, pairs, R, oneTable, roundWork/40) {
		return true
	}
	for k := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, k))
		if roundsByRoundSeeded(ms, pairs, R, oneTable, roundWork/40, rng) {
			return true
		}
	}
	return false
}

func roundsByRoundSeeded(ms []*Meeting, pairs, R int, oneTable bool, budget int, rng *rand.Rand) bool {
	groups := 0
	for _, m := range ms {
		for _, e := range m.Entries {
			groups = max(groups, e.Group+1)
		}
	}
	// Vertices: pairs 1..pairs, then groups.
	nv := pairs + 1 + groups
	verts := func(m *Meeting, dst []int) []int {
		dst = append(dst[:0], m.A, m.B)
		if oneTable {
			for _, e := range m.Entries {
				dst = append(dst, pairs+1+e.Group)
			}
		}
		return dst
	}
	left := make([]int, nv)
	byVert := make([][]int, nv)
	var vs []int
	for i, m := range ms {
		vs = verts(m, vs)
		for _, v := range vs {
			left[v]++
			byVert[v] = append(byVert[v], i)
		}
	}
	if rng != nil {
		for _, b := range byVert {
			rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
		}
	}
	var buf []int
	for _, m := range ms {
		m.Round = 0
	}
	busy := make([]bool, nv) // in the round being built
	nodes := 0
	fits := func(m *Meeting) bool {
		buf = verts(m, buf)
		for _, v := range buf {
			if busy[v] {
				return false
			}
		}
		return true
	}
	place := func(i, r int, on bool) {
		m := ms[i]
		buf = verts(m, buf)
		for _, v := range buf {
			busy[v] = on
			if on {
				left[v]--
			} else {
				left[v]++
			}
		}
		if on {
			m.Round = r
		} else {
			m.Round = 0
		}
	}
	var round func(r int) bool
	round = func(r int) bool {
		if r > R {
			for _, m := range ms {
				if m.Round == 0 {
					return false
				}
			}
			return true
		}
		nodes++
		if nodes > budget {
			return false
		}
		// The forced vertex not yet in the round with the fewest options.
		pick, fewest := -1, math.MaxInt
		for v := 1; v < nv; v++ {
			if busy[v] || left[v] == 0 {
				continue
			}
			if left[v] > R-r+1 {
				return false // more meetings left than rounds
			}
			if left[v] < R-r+1 {
				continue
			}
			n := 0
			for _, i := range byVert[v] {
				if ms[i].Round == 0 && fits(ms[i]) {
					n++
				}
			}
			if n < fewest {
				pick, fewest = v, n
			}
		}
		if pick >= 0 {
			if fewest == 0 {
				return false
			}
			for _, i := range byVert[pick] {
				if ms[i].Round != 0 || !fits(ms[i]) {
					continue
				}
				place(i, r, true)
				if round(r) {
					return true
				}
				place(i, r, false)
				if nodes > budget {
					return false
				}
			}
			return false
		}
		// Every forced vertex plays: fill the round greedily, then on.
		var added []int
		for {
			best, load := -1, -1
			for i, m := range ms {
				if m.Round == 0 && fits(m) {
					if l := left[m.A] + left[m.B]; l > load {
						best, load = i, l
					}
				}
			}
			if best < 0 {
				break
			}
			place(best, r, true)
			added = append(added, best)
		}
		saved := slices.Clone(busy)
		clear(busy)
		ok := round(r + 1)
		copy(busy, saved)
		if !ok {
			for _, i := range slices.Backward(added) {
				place(i, r, false)
			}
		}
		return ok
	}
	if round(1) {
		return true
	}
	for _, m := range ms {
		m.Round = 0
	}
	return false
}

// kempeWork bounds the Kempe swaps of kempeGroups.
const kempeWork = 2_000

// kempeGroups improves a proper colouring of the meetings (no pair twice in
// a round) so that no board group is played twice in a round: it swaps two
// rounds along a Kempe chain (the meetings reached from one through
// meetings of those two rounds), which keeps every pair once a round, and
// keeps a swap that does not add clashes of groups. Seeded, so the same
// meetings get the same rounds.
func kempeGroups(ms []*Meeting, pairs, R int, seed uint64) {
	groups := 0
	for _, m := range ms {
		for _, e := range m.Entries {
			groups = max(groups, e.Group+1)
		}
	}
	cnt := make([]int, groups*R)
	for _, m := range ms {
		for _, e := range m.Entries {
			cnt[e.Group*R+m.Round-1]++
		}
	}
	at := make([][]int, pairs+1) // at[p][r]: p's meeting in round r, -1 free
	for p := range at {
		at[p] = make([]int, R)
		for r := range at[p] {
			at[p][r] = -1
		}
	}
	for i, m := range ms {
		at[m.A][m.Round-1], at[m.B][m.Round-1] = i, i
	}
	clashes := func(m *Meeting, r int) int {
		n := 0
		for _, e := range m.Entries {
			n += max(0, cnt[e.Group*R+r]-1)
		}
		return n
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b656d7065))
	inChain := make([]bool, len(ms))
	var chain, bad []int
	for range kempeWork {
		bad = bad[:0]
		for i, m := range ms {
			if clashes(m, m.Round-1) > 0 {
				bad = append(bad, i)
			}
		}
		if len(bad) == 0 {
			return
		}
		i := bad[rng.IntN(len(bad))]
		c1 := ms[i].Round - 1
		c2 := rng.IntN(R - 1)
		if c2 >= c1 {
			c2++
		}
		// The chain: meetings of rounds c1 and c2 linked through pairs.
		chain = append(chain[:0], i)
		inChain[i] = true
		for k := 0; k < len(chain); k++ {
			m := ms[chain[k]]
			for _, p := range []int{m.A, m.B} {
				for _, c := range []int{c1, c2} {
					if j := at[p][c]; j >= 0 && !inChain[j] {
						inChain[j] = true
						chain = append(chain, j)
					}
				}
			}
		}
		before := 0
		for _, j := range chain {
			before += clashes(ms[j], ms[j].Round-1)
		}
		move := func() {
			for _, j := range chain {
				m := ms[j]
				for _, e := range m.Entries {
					cnt[e.Group*R+m.Round-1]--
				}
				at[m.A][m.Round-1], at[m.B][m.Round-1] = -1, -1
			}
			for _, j := range chain {
				m := ms[j]
				m.Round = c1 + c2 + 2 - m.Round
				for _, e := range m.Entries {
					cnt[e.Group*R+m.Round-1]++
				}
			}
			for _, j := range chain {
				m := ms[j]
				at[m.A][m.Round-1], at[m.B][m.Round-1] = j, j
			}
		}
		move()
		after := 0
		for _, j := range chain {
			after += clashes(ms[j], ms[j].Round-1)
		}
		if after > before && rng.IntN(20) != 0 {
			move() // undo: the same chain swapped back
		}
		for _, j := range chain {
			inChain[j] = false
		}
	}
}

// bipartiteRounds colours the meetings with R rounds when the pairs fall
// into two sides that only meet each other (a Mitchell): König's theorem
// says the most meetings of a pair are enough, found by swapping rounds
// along alternating paths. It reports false when the meetings are not
// bipartite.
func bipartiteRounds(ms []*Meeting, pairs, R int) bool {
	side := make([]int, pairs+1) // 0 unknown, 1 or 2
	adj := make([][]int, pairs+1)
	for _, m := range ms {
		adj[m.A] = append(adj[m.A], m.B)
		adj[m.B] = append(adj[m.B], m.A)
	}
	for p := 1; p <= pairs; p++ {
		if side[p] != 0 || len(adj[p]) == 0 {
			continue
		}
		side[p] = 1
		queue := []int{p}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, y := range adj[x] {
				switch side[y] {
				case 0:
					side[y] = 3 - side[x]
					queue = append(queue, y)
				case side[x]:
					return false
				}
			}
		}
	}
	// at[p][c] is the meeting of pair p in round c (-1: free).
	at := make([][]int, pairs+1)
	for p := range at {
		at[p] = make([]int, R)
		for c := range at[p] {
			at[p][c] = -1
		}
	}
	col := make([]int, len(ms))
	freeAt := func(p int) int {
		for c := range R {
			if at[p][c] < 0 {
				return c
			}
		}
		return -1
	}
	other := func(i, p int) int {
		if ms[i].A == p {
			return ms[i].B
		}
		return ms[i].A
	}
	for i, m := range ms {
		u, v := m.A, m.B
		a, b := freeAt(u), freeAt(v)
		if a < 0 || b < 0 {
			return false
		}
		if at[v][a] >= 0 {
			// Swap a and b along the path from v that alternates a, b; in a
			// bipartite graph it cannot reach u, so a becomes free at v.
			var path []int
			x, c := v, a
			for at[x][c] >= 0 {
				e := at[x][c]
				path = append(path, e)
				x = other(e, x)
				c = a + b - c
			}
			for _, e := range path {
				at[ms[e].A][col[e]], at[ms[e].B][col[e]] = -1, -1
			}
			for _, e := range path {
				col[e] = a + b - col[e]
				at[ms[e].A][col[e]], at[ms[e].B][col[e]] = e, e
			}
		}
		col[i] = a
		at[u][a], at[v][a] = i, i
	}
	for i, m := range ms {
		m.Round = col[i] + 1
	}
	return true
}

// searchWork bounds the work of one search for rounds (meetings looked at
// times rounds tried), about a tenth of a second.
const searchWork = 20_000_000

// searchRounds tries to give every meeting one of R rounds, choosing next
// the meeting with the fewest rounds left; it gives up after budget units
// of work.
func searchRounds(ms []*Meeting, pairs, R, budget int, oneTable bool) bool {
	busy := make([][]bool, pairs+1)
	for i := range busy {
		busy[i] = make([]bool, R+1)
	}
	groups := 0
	for _, m := range ms {
		for _, e := range m.Entries {
			groups = max(groups, e.Group+1)
		}
	}
	played := make([][]bool, groups) // played[g][r]: group g is out in round r
	for g := range played {
		played[g] = make([]bool, R+1)
	}
	free := func(m *Meeting, r int) bool {
		if busy[m.A][r] || busy[m.B][r] {
			return false
		}
		if oneTable {
			for _, e := range m.Entries {
				if played[e.Group][r] {
					return false
				}
			}
		}
		return true
	}
	set := func(m *Meeting, r int, v bool) {
		busy[m.A][r], busy[m.B][r] = v, v
		for _, e := range m.Entries {
			played[e.Group][r] = v
		}
	}
	for _, m := range ms {
		m.Round = 0
	}
	steps := 0
	// Rounds are interchangeable: a meeting may open at most one new
	// round, the next unused one, which cuts the R! equivalent
	// assignments a failing search would otherwise try.
	used := 0
	var dfs func(left int) bool
	dfs = func(left int) bool {
		if left == 0 {
			return true
		}
		steps += len(ms) * R
		if steps > budget {
			return false
		}
		var pick *Meeting
		fewest := R + 1
		for _, m := range ms {
			if m.Round != 0 {
				continue
			}
			n := 0
			for r := 1; r <= min(used+1, R); r++ {
				if free(m, r) {
					n++
				}
			}
			if n < fewest {
				pick, fewest = m, n
			}
		}
		if fewest == 0 {
			return false
		}
		for r := 1; r <= min(used+1, R); r++ {
			if !free(pick, r) {
				continue
			}
			pick.Round = r
			set(pick, r, true)
			opened := r > used
			if opened {
				used = r
			}
			if dfs(left - 1) {
				return true
			}
			if opened {
				used = r - 1
			}
			pick.Round = 0
			set(pick, r, false)
			if steps > budget {
				return false
			}
		}
		return false
	}
	if dfs(len(ms)) {
		return true
	}
	for _, m := range ms {
		m.Round = 0
	}
	return false
}
