package luck

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// A numbering gives each entrant of a field a pair number of the movement.
// Entrant i (1-based) belongs to the group of pair number i and may only get
// a pair number of that group; without groups any entrant may get any
// number. perm[p] = e means entrant e+1 plays as pair p+1 (both 0-based).

// MaxExact is the largest number of numberings enumerated one by one; above
// it the numberings are sampled. 10^8 take about ten seconds on two cores
// (Heap's order, BenchmarkBussemakerExact).
const MaxExact = 100_000_000

// numberings describes the numberings allowed by a partition of the pairs.
type numberings struct {
	pairs int
	// groups[g] holds the 0-based pairs of group g, ascending.
	groups [][]int
	// place[p] is p's position in its group: entrant p+1 finishes there in
	// the ideal order.
	place []int
	// maxSize is the size of the largest group.
	maxSize int
	// count is the number of numberings, the product of the groups' n!.
	count *big.Int
}

// CheckGroups says why groups (ParseGroups) are not groups of a field of
// pairs pairs, or nil: every pair 1..pairs in exactly one group. A command
// checks its flag with it before any work.
func CheckGroups(pairs int, groups [][]int) error {
	_, err := newNumberings(pairs, groups)
	return err
}

// newNumberings validates groups (1-based pair numbers; nil means one group
// of all pairs): every pair 1..pairs must be in exactly one group.
func newNumberings(pairs int, groups [][]int) (*numberings, error) {
	if groups == nil {
		all := make([]int, pairs)
		for p := range all {
			all[p] = p + 1
		}
		groups = [][]int{all}
	}
	n := &numberings{pairs: pairs, place: make([]int, pairs), count: big.NewInt(1)}
	owner := make([]int, pairs) // 1 + group index, 0 while unseen
	for g, members := range groups {
		if len(members) == 0 {
			return nil, fmt.Errorf("groups: group %d is empty", g+1)
		}
		grp := make([]int, 0, len(members))
		for _, p := range members {
			switch {
			case p < 1 || p > pairs:
				return nil, fmt.Errorf("groups: pair %d is outside 1..%d", p, pairs)
			case owner[p-1] == g+1:
				return nil, fmt.Errorf("groups: pair %d is listed twice in group %d", p, g+1)
			case owner[p-1] != 0:
				return nil, fmt.Errorf("groups: pair %d is in groups %d and %d", p, owner[p-1], g+1)
			}
			owner[p-1] = g + 1
			grp = append(grp, p-1)
		}
		slices.Sort(grp)
		for i, p := range grp {
			n.place[p] = i
		}
		n.groups = append(n.groups, grp)
		n.maxSize = max(n.maxSize, len(grp))
		var f big.Int
		n.count.Mul(n.count, f.MulRange(1, int64(len(grp))))
	}
	var missing []string
	for p, g := range owner {
		if g == 0 {
			missing = append(missing, fmt.Sprint(p+1))
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		return nil, fmt.Errorf("groups: pair %s is in no group; the groups must cover 1..%d", missing[0], pairs)
	default:
		return nil, fmt.Errorf("groups: pairs %s are in no group; the groups must cover 1..%d", strings.Join(missing, ", "), pairs)
	}
	return n, nil
}

// exactCount returns the number of numberings if it is at most MaxExact.
func (n *numberings) exactCount() (int64, bool) {
	if n.count.Cmp(big.NewInt(MaxExact)) > 0 {
		return 0, false
	}
	return n.count.Int64(), true
}

// decode writes numbering number index (0 ≤ index < count) into perm. The
// numberings are in mixed radix, the last group varying fastest, and each
// group's numberings in lexicographic order (factorial number system).
// avail is scratch of length at least maxSize.
func (n *numberings) decode(index int64, perm, avail []int) {
	for g := len(n.groups) - 1; g >= 0; g-- {
		grp := n.groups[g]
		k := len(grp)
		f := factorial(k)
		r := index % f
		index /= f
		a := avail[:k]
		copy(a, grp)
		for i, p := range grp {
			f /= int64(k - i)
			d := int(r / f)
			r %= f
			perm[p] = a[d]
			a = slices.Delete(a, d, d+1)
		}
	}
}

// shuffle draws a numbering uniformly at random: a Fisher–Yates shuffle of
// the entrants within each group. perm must hold a valid numbering.
func (n *numberings) shuffle(rng *rand.PCG, perm []int) {
	if len(n.groups) == 1 {
		// One group of all pairs: grp[i] is i, and the reads through it go.
		for i := len(perm) - 1; i > 0; i-- {
			hi, lo := bits.Mul64(rng.Uint64(), uint64(i+1))
			if lo < uint64(i+1) {
				hi = uint64(intNReject(rng, i+1, hi, lo))
			}
			j := int(hi)
			perm[i], perm[j] = perm[j], perm[i]
		}
		return
	}
	for _, grp := range n.groups {
		for i := len(grp) - 1; i > 0; i-- {
			// intN(rng, i+1), its common path written out: intN is too
			// large to be inlined, and a call per draw shows.
			hi, lo := bits.Mul64(rng.Uint64(), uint64(i+1))
			if lo < uint64(i+1) {
				hi = uint64(intNReject(rng, i+1, hi, lo))
			}
			j := int(hi)
			perm[grp[i]], perm[grp[j]] = perm[grp[j]], perm[grp[i]]
		}
	}
}

func factorial(k int) int64 {
	f := int64(1)
	for i := 2; i <= k; i++ {
		f *= int64(i)
	}
	return f
}

// ParseGroups reads groups separated by commas (or semicolons); a group is
// pair numbers and ranges joined by '+' or spaces: "1-7,8-14", "1-3+7,4-6+8".
// Whether the groups partition the pairs is checked by Bussemaker.
func ParseGroups(text string) ([][]int, error) {
	var groups [][]int
	for g, part := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ';' }) {
		var grp []int
		for _, item := range strings.FieldsFunc(part, func(r rune) bool { return r == '+' || r == ' ' || r == '\t' }) {
			lo, hi, isRange := strings.Cut(item, "-")
			a, errA := strconv.Atoi(lo)
			b, errB := a, error(nil)
			if isRange {
				b, errB = strconv.Atoi(hi)
			}
			if errA != nil || errB != nil || a < 1 || b < a {
				return nil, fmt.Errorf("group %d: %q is not a pair number or a range like 1-7", g+1, item)
			}
			if b-a > movement.MaxPairs {
				return nil, fmt.Errorf("group %d: range %q is larger than any movement", g+1, item)
			}
			for p := a; p <= b; p++ {
				grp = append(grp, p)
			}
		}
		if len(grp) == 0 {
			return nil, fmt.Errorf("group %d is empty", g+1)
		}
		groups = append(groups, grp)
	}
	if len(groups) == 0 {
		return nil, fmt.Errorf("no groups in %q", text)
	}
	return groups, nil
}

// maxStrength bounds the size of a strength ParseStrengths reads.
const maxStrength = 1e15

// ParseStrengths reads the strengths of pairs entrants, strongest first,
// separated by spaces or commas: "1 1 2 2 3".
func ParseStrengths(text string, pairs int) ([]float64, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	// Each strength is checked first: "1 2 x" has a word where a number
	// belongs, whatever the count.
	s := make([]float64, len(fields))
	for i, f := range fields {
		x, err := strconv.ParseFloat(f, 64)
		if len(f) > 40 {
			f = f[:40] + "…"
		}
		// ParseFloat reads "Inf" and "NaN", and a range error is a number
		// too large: those are numbers, only not strengths.
		var ne *strconv.NumError
		switch {
		case err != nil && !(errors.As(err, &ne) && ne.Err == strconv.ErrRange) || x != x:
			return nil, fmt.Errorf("strength %d: %q is not a number", i+1, f)
		case x > maxStrength || x < -maxStrength:
			return nil, fmt.Errorf("strength %d: %s is beyond ±%g, the strengths this model ranks", i+1, f, float64(maxStrength))
		}
		s[i] = x
	}
	if len(fields) != pairs {
		return nil, fmt.Errorf("%d strengths given, the movement has %d pairs", len(fields), pairs)
	}
	return s, nil
}
