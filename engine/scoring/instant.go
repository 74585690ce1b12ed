package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Frequency is one line of an instant-matchpoint input: an NS score and how
// many times it occurred.
type Frequency struct {
	Score, Count int
	// Line is where the frequency was read; 0 when not read from a file.
	Line int
}

// MaxCount bounds a frequency, so that totals stay exact in a float64.
const MaxCount = 1_000_000_000

// TieRemedy says what InstantMatchpoints does with neighbouring rows whose
// rounded percents are equal (seed 003: "When two (or more) results yield
// the same matchpoint score, I either combine them into a single gap or
// adjust one (plus or minus 1) so the scores are unique").
type TieRemedy int

const (
	// TiesReport leaves the rows alone and lists the ties.
	TiesReport TieRemedy = iota
	// TiesMerge combines each run of tied rows into a single gap.
	TiesMerge
	// TiesNudge moves tied percents by ±1 until they are unique, choosing
	// the moves that stay closest to the exact percents. A run of four or
	// more tied rows cannot be separated that way and stays listed.
	TiesNudge
)

func (r TieRemedy) String() string {
	switch r {
	case TiesReport:
		return "report"
	case TiesMerge:
		return "merge"
	case TiesNudge:
		return "nudge"
	}
	return fmt.Sprintf("TieRemedy(%d)", int(r))
}

// TieRemedies lists the tie remedies.
var TieRemedies = []TieRemedy{TiesReport, TiesMerge, TiesNudge}

// MarshalText writes the remedy's name: report, merge or nudge.
func (r TieRemedy) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText reads report, merge or nudge (any case).
func (r *TieRemedy) UnmarshalText(text []byte) error { return unmarshalName(r, text, TieRemedies) }

// ParseTieRemedy reads report, merge or nudge (any case).
func ParseTieRemedy(s string) (TieRemedy, error) {
	var r TieRemedy
	err := r.UnmarshalText([]byte(s))
	return r, prefixed("ties", err)
}

// InstantSettings controls InstantMatchpoints. The zero value is seed
// 003's: nobody vulnerable, the ACBL scale (1 per result beaten), ties
// reported.
type InstantSettings struct {
	// Vul is the board's vulnerability; it decides which scores are legal.
	Vul Vulnerability
	// Scale is the matchpoint scale (ScaleDefault: ACBL); percents do not
	// depend on it.
	Scale Scale
	// Ties says what to do with rows whose rounded percents are equal.
	Ties TieRemedy
}

// RowKind tells an actual result from a gap between results.
type RowKind int

const (
	ResultRow RowKind = iota
	GapRow
)

func (k RowKind) String() string {
	if k == GapRow {
		return "gap"
	}
	return "result"
}

// InstantRow is one line of an instant-matchpoint table.
type InstantRow struct {
	Kind RowKind
	// Score is the NS score of a result row.
	Score int
	// Low and High bound a gap row, both exclusive. LowOpen (HighOpen) means
	// the gap has no lower (upper) bound.
	Low, High         int
	LowOpen, HighOpen bool
	// Lowest and Highest are the legal NS scores the row covers at the
	// extremes (for a result row, its score).
	Lowest, Highest int
	// Count is the number of results with this score (for a merged gap,
	// the results it absorbed).
	Count int
	// MP is out of InstantTable.Top.
	MP float64
	// Exact is 100·MP/Top; Percent is it rounded to a whole number, then
	// moved by Nudge under TiesNudge.
	Exact   float64
	Percent int
	Nudge   int
}

// InstantTable is an instant-matchpoint table (seed 003).
type InstantTable struct {
	// Settings are those used, the defaults filled in.
	Settings InstantSettings
	// Results is the number of actual results n; Top is the top after the
	// imaginary result is added: n on the ACBL scale, 2n on the WBF scale.
	Results int
	Top     float64
	// Rows run from the best NS score down.
	Rows []InstantRow
	// Ties lists runs of neighbouring rows (indices into Rows) whose Percent
	// is equal after the remedy.
	Ties [][]int
}

// InstantMatchpoints builds the instant-matchpoint table of a board from the
// frequencies of its NS scores. One imaginary result is added: each actual
// score is matchpointed as if it tied it, each gap between listed scores (and
// above and below them) as if it were it. A gap is listed only if some legal
// score lies strictly inside it.
func InstantMatchpoints(freqs []Frequency, set InstantSettings) (*InstantTable, error) {
	if len(freqs) == 0 {
		return nil, errors.New("no scores")
	}
	var check FrequencyChecker
	n := 0
	for _, f := range freqs {
		if err := check.Check(f, set.Vul); err != nil {
			return nil, err
		}
		n += f.Count
	}
	sorted := slices.Clone(freqs)
	slices.SortFunc(sorted, func(a, b Frequency) int { return cmp.Compare(b.Score, a.Score) })

	legal := legalScores()[set.Vul]
	set.Scale = set.Scale.or(ScaleACBL)
	beat := set.Scale.beat()
	t := &InstantTable{Settings: set, Results: n, Top: beat * float64(n)}
	addGap := func(low, high int, lowOpen, highOpen bool, below int) {
		lo, hi, ok := legalInside(legal, low, high, lowOpen, highOpen)
		if ok {
			t.Rows = append(t.Rows, InstantRow{Kind: GapRow, Low: low, High: high, LowOpen: lowOpen, HighOpen: highOpen,
				Lowest: lo, Highest: hi, MP: beat * float64(below)})
		}
	}
	below := n
	for i, f := range sorted {
		if i == 0 {
			addGap(f.Score, 0, false, true, below)
		} else {
			addGap(f.Score, sorted[i-1].Score, false, false, below)
		}
		below -= f.Count
		// Ties with the other results of this score count half each, and
		// the tie with the imaginary result another half.
		mp := beat * (float64(below) + float64(f.Count)/2)
		t.Rows = append(t.Rows, InstantRow{Kind: ResultRow, Score: f.Score, Lowest: f.Score, Highest: f.Score, Count: f.Count, MP: mp})
	}
	addGap(0, sorted[len(sorted)-1].Score, true, false, 0)

	for i := range t.Rows {
		t.Rows[i].Exact = 100 * t.Rows[i].MP / t.Top
		t.Rows[i].Percent = int(math.Round(t.Rows[i].Exact))
	}
	switch set.Ties {
	case TiesMerge:
		t.mergeTies(legal)
	case TiesNudge:
		t.nudgeTies()
	}
	t.Ties = tiedRuns(t.Rows)
	return t, nil
}

// legalInside returns the lowest and highest legal scores strictly between
// low and high (unbounded on an open side), and whether there is any.
func legalInside(legal []int, low, high int, lowOpen, highOpen bool) (lo, hi int, ok bool) {
	i := 0
	if !lowOpen {
		i, _ = slices.BinarySearch(legal, low+1)
	}
	j := len(legal)
	if !highOpen {
		j, _ = slices.BinarySearch(legal, high)
	}
	if i >= j {
		return 0, 0, false
	}
	return legal[i], legal[j-1], true
}

// tiedRuns lists the maximal runs of two or more neighbouring rows with
// equal Percent. Percents never rise down the table, so equal ones are
// neighbours.
func tiedRuns(rows []InstantRow) [][]int {
	var runs [][]int
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].Percent == rows[i].Percent {
			j++
		}
		if j-i > 1 {
			run := make([]int, 0, j-i)
			for k := i; k < j; k++ {
				run = append(run, k)
			}
			runs = append(runs, run)
		}
		i = j
	}
	return runs
}

// mergeTies replaces each run of tied rows by one gap covering the same
// legal scores, with the mean of their matchpoints (which rounds to the
// same percent, as every one of them does).
func (t *InstantTable) mergeTies(legal []int) {
	runs := tiedRuns(t.Rows)
	if len(runs) == 0 {
		return
	}
	var rows []InstantRow
	next := 0
	for _, run := range runs {
		rows = append(rows, t.Rows[next:run[0]]...)
		top, bottom := t.Rows[run[0]], t.Rows[run[len(run)-1]]
		g := InstantRow{Kind: GapRow, Lowest: bottom.Lowest, Highest: top.Highest, Percent: top.Percent}
		// A result at an edge is inside the merged gap, so the exclusive
		// bound moves to the next legal score beyond it.
		if top.Kind == GapRow {
			g.High, g.HighOpen = top.High, top.HighOpen
		} else if k, _ := slices.BinarySearch(legal, top.Score+1); k < len(legal) {
			g.High = legal[k]
		} else {
			g.HighOpen = true
		}
		if bottom.Kind == GapRow {
			g.Low, g.LowOpen = bottom.Low, bottom.LowOpen
		} else if k, _ := slices.BinarySearch(legal, bottom.Score); k > 0 {
			g.Low = legal[k-1]
		} else {
			g.LowOpen = true
		}
		for _, i := range run {
			g.Count += t.Rows[i].Count
			g.MP += t.Rows[i].MP
		}
		g.MP /= float64(len(run))
		g.Exact = 100 * g.MP / t.Top
		rows = append(rows, g)
		next = run[len(run)-1] + 1
	}
	t.Rows = append(rows, t.Rows[next:]...)
}

// nudgeTies moves tied percents by ±1 so that they differ. A run of m rows
// with percent p gets m consecutive values within p±1, below the (already
// moved) row above and above the row below, with the least total distance
// from the exact percents; runs that cannot be separated stay as they are.
func (t *InstantTable) nudgeTies() {
	for _, run := range tiedRuns(t.Rows) {
		m, p := len(run), t.Rows[run[0]].Percent
		ceiling, floor := 101, -1 // exclusive limits
		if run[0] > 0 {
			ceiling = t.Rows[run[0]-1].Percent
		}
		if last := run[m-1]; last+1 < len(t.Rows) {
			floor = t.Rows[last+1].Percent
		}
		best, bestCost := 0, math.Inf(1)
		for w := p + 1; w-m+1 >= p-1 && w >= p; w-- {
			if w >= ceiling || w-m+1 <= floor || w > 100 || w-m+1 < 0 {
				continue
			}
			cost := 0.0
			for k, i := range run {
				cost += math.Abs(float64(w-k) - t.Rows[i].Exact)
			}
			if cost < bestCost-1e-9 {
				best, bestCost = w, cost
			}
		}
		if math.IsInf(bestCost, 1) {
			continue
		}
		for k, i := range run {
			t.Rows[i].Nudge = best - k - p
			t.Rows[i].Percent = best - k
		}
	}
}

// FrequencyChecker checks frequencies one at a time, so that a reader can
// stop at the first bad line.
type FrequencyChecker struct {
	seen map[int]Frequency
}

// Check checks f, at vulnerability v, against the frequencies before it.
func (c *FrequencyChecker) Check(f Frequency, v Vulnerability) error {
	if f.Count < 1 {
		return fmt.Errorf("score %d: count %d: want at least 1", f.Score, f.Count)
	}
	if f.Count > MaxCount {
		return fmt.Errorf("score %d: count %d: more than %d results", f.Score, f.Count, MaxCount)
	}
	if !IsLegalScore(f.Score, v) {
		return fmt.Errorf("score %d is impossible with %s vulnerable", f.Score, vulWords(v))
	}
	if c.seen == nil {
		c.seen = map[int]Frequency{}
	}
	if prev, ok := c.seen[f.Score]; ok {
		where := ""
		if prev.Line > 0 {
			where = fmt.Sprintf(" (first on line %d)", prev.Line)
		}
		return fmt.Errorf("score %d is listed twice%s", f.Score, where)
	}
	c.seen[f.Score] = f
	return nil
}

// vulWords says who is vulnerable, for messages.
func vulWords(v Vulnerability) string {
	switch v {
	case VulNS:
		return "NS"
	case VulEW:
		return "EW"
	case VulBoth:
		return "both sides"
	}
	return "nobody"
}
