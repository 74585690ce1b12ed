package scoring

import "slices"

// ShownPerKind is how many problems of one kind a report lists: a file
// whose mistake repeats on every line is reported once per kind, with its
// count and the first few places, not a line per mistake.
const ShownPerKind = 10

// KindCount is how many problems of one kind an input has.
type KindCount struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

// Tally counts problems by kind, in the order the kinds first appear. The
// zero value is empty.
type Tally struct {
	counts []KindCount
}

// Add counts one problem of a kind and says whether it is among the first
// ShownPerKind of its kind, to be kept and listed.
func (t *Tally) Add(kind string) (keep bool) {
	i := slices.IndexFunc(t.counts, func(c KindCount) bool { return c.Kind == kind })
	if i < 0 {
		t.counts = append(t.counts, KindCount{Kind: kind})
		i = len(t.counts) - 1
	}
	t.counts[i].Count++
	return t.counts[i].Count <= ShownPerKind
}

// Counts are the counts by kind ([] when there are none).
func (t *Tally) Counts() []KindCount {
	return append([]KindCount{}, t.counts...)
}

// Total is the number of problems of every kind.
func (t *Tally) Total() int {
	n := 0
	for _, c := range t.counts {
		n += c.Count
	}
	return n
}
