package study

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports"
)

// writeOneStrongText writes the percentages of the "one strong pair" model
// as seed 004 prints them: one line per pair.
func writeOneStrongText(w io.Writer, name string, strong int, pct []float64) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Movement %s\n", name)
	fmt.Fprintf(bw, "One strong pair: pair %d beats everybody, all other results are equal.\n\n", strong)
	width := len(strconv.Itoa(len(pct)))
	for p, x := range pct {
		fmt.Fprintf(bw, " pair %*d %6.2f\n", max(2, width), p+1, x)
	}
	return bw.Flush()
}

// writeTwoStrongText writes the spread of the weak pairs' percentages in the
// "two strong pairs" model, and their distribution.
func writeTwoStrongText(w io.Writer, name string, pairs int, r *luck.TwoStrongResult) error {
	bw := bufio.NewWriter(w)
	total := 0
	for _, d := range r.Distribution {
		total += d.Count
	}
	fmt.Fprintf(bw, "Movement %s\n", name)
	fmt.Fprintf(bw, "Two strong pairs: every one of the %d choices of two pairs out of %d; the strong\n", r.Choices, pairs)
	fmt.Fprintf(bw, "pairs beat everybody else, all other results are equal. %d weak percentages.\n\n", total)
	fmt.Fprintf(bw, "weak pairs  min %.2f  max %.2f  most frequent %.2f  mean %.2f  sd %.2f\n\n",
		r.Min, r.Max, r.Mode, r.Mean, r.Sd)
	cw := max(5, len(strconv.Itoa(total)))
	fmt.Fprintf(bw, "%7s  %*s  %6s\n", "percent", cw, "count", "share")
	for _, d := range r.Distribution {
		fmt.Fprintf(bw, "%7.2f  %*d  %5.1f%%\n", d.Percent, cw, d.Count, 100*float64(d.Count)/float64(total))
	}
	return bw.Flush()
}

// writeBussemakerText writes the Bussemaker model's results in the manner
// of seed 000: the spread table per strength, the rank-probability table
// (rounded to whole percents, '.' for values in (0, 0.5), blank for 0), Qd
// and Qb.
func writeBussemakerText(w io.Writer, name string, r *luck.Result) error {
	bw := bufio.NewWriter(w)
	P := len(r.Spread)
	fmt.Fprintf(bw, "Movement %s\n", name)
	fmt.Fprintf(bw, "Bussemaker model: strengths %s; %s.\n", strengthsText(r.Strengths), groupsText(r.Groups))
	if r.Exact {
		fmt.Fprintf(bw, "Exact: all %d numberings enumerated; tied places shared evenly.\n", r.Samples)
		if r.Evaluated > 0 {
			fmt.Fprintf(bw, "%s\n", exactReductionText(r))
		}
		fmt.Fprintln(bw)
	} else {
		fmt.Fprintf(bw, "Sampled: %d random numberings, seed %d; ties broken at random.\n\n", r.Samples, r.Seed)
	}

	lw := max(4, len(strconv.Itoa(P))) // label column
	fmt.Fprintf(bw, "%-*s %8s %6s %6s %6s\n", lw, "Pair", "average", "s.d.", "min.", "max.")
	for i, s := range r.Spread {
		fmt.Fprintf(bw, "%*d %8.1f %6.1f %6.1f %6.1f\n", lw, i+1, s.Avg, s.Sd, s.Min, s.Max)
	}

	cells := make([][]string, len(r.RankProbability))
	cw := max(3, len(strconv.Itoa(P))+1)
	for j, row := range r.RankProbability {
		cells[j] = make([]string, len(row))
		for i, x := range row {
			cells[j][i] = rankCell(x)
			cw = max(cw, len(cells[j][i])+1)
		}
	}
	rw := max(2, len(strconv.Itoa(len(cells)))) // place labels
	lw = max(4, rw+2)
	fmt.Fprintf(bw, "\n%-*s", lw, "Pair")
	for i := range P {
		fmt.Fprintf(bw, "%*d", cw, i+1)
	}
	fmt.Fprintf(bw, "\nRank\n")
	for j, row := range cells {
		var line strings.Builder
		fmt.Fprintf(&line, "%*d%*s", rw, j+1, lw-rw, "")
		for _, c := range row {
			fmt.Fprintf(&line, "%*s", cw, c)
		}
		fmt.Fprintln(bw, strings.TrimRight(line.String(), " "))
	}
	fmt.Fprintf(bw, "Qd %.1f   Qb %.1f   (sigma, the RMS of the s.d., %.2f)\n", r.Qd, r.Qb, r.Sigma)
	return bw.Flush()
}

// rankCell is a rank probability as printed: blank for 0, '.' below 0.5,
// else the rounded whole percent.
func rankCell(x float64) string {
	switch {
	case x == 0:
		return ""
	case x < 0.5:
		return "."
	}
	return strconv.Itoa(int(math.Round(x)))
}

// strengthsText writes strengths compactly: "1..P" when they are 1, 2, …, P.
func strengthsText(s []float64) string {
	plain := true
	parts := make([]string, len(s))
	for i, x := range s {
		plain = plain && x == float64(i+1)
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if plain {
		return fmt.Sprintf("1..%d", len(s))
	}
	return strings.Join(parts, " ")
}

// groupsText names the groups, as ranges where possible.
func groupsText(groups [][]int) string {
	if len(groups) <= 1 {
		return "one group, all pairs ranked together"
	}
	parts := make([]string, len(groups))
	for g, members := range groups {
		parts[g] = rangesText(members)
	}
	return fmt.Sprintf("groups %s, ranked within each group", strings.Join(parts, ", "))
}

// rangesText writes pair numbers as ranges: "1-7", "1-3+5".
func rangesText(members []int) string {
	var parts []string
	for i := 0; i < len(members); {
		j := i
		for j+1 < len(members) && members[j+1] == members[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", members[i], members[j]))
		} else {
			parts = append(parts, strconv.Itoa(members[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, "+")
}

// The --json objects of the simulate command, one per model.

type oneStrongView struct {
	Model   string    `json:"model"`
	Strong  int       `json:"strong"`
	Percent []float64 `json:"percent"` // pairs 1..P
}

type twoStrongView struct {
	Model        string             `json:"model"`
	Choices      int                `json:"choices"`
	WeakMin      float64            `json:"weak_min"`
	WeakMax      float64            `json:"weak_max"`
	WeakMode     float64            `json:"weak_mode"`
	WeakMean     float64            `json:"weak_mean"`
	WeakSd       float64            `json:"weak_sd"`
	Distribution []percentCountView `json:"distribution"`
}

type percentCountView struct {
	Percent float64 `json:"percent"`
	Count   int     `json:"count"`
}

// bussemakerView is the --json object of the simulate command's
// Bussemaker model.
type bussemakerView struct {
	Model     string       `json:"model"`
	Exact     bool         `json:"exact"`
	Samples   int64        `json:"samples"`
	Seed      uint64       `json:"seed"`
	Strengths []float64    `json:"strengths"`
	Groups    [][]int      `json:"groups"`
	Qd        float64      `json:"qd"`
	Qb        float64      `json:"qb"`
	Sigma     float64      `json:"sigma"`
	Pairs     []spreadView `json:"pairs"`            // per strength 1..P
	RankProb  [][]float64  `json:"rank_probability"` // [place][pair by strength], percent
	// An exact run of a large field: the order of the movement's symmetry
	// group, of the subgroup used, whether strength reversal was used, and
	// the numberings scored (samples is every numbering covered).
	Symmetry     int   `json:"symmetry_order,omitempty"`
	SymmetryUsed int   `json:"symmetry_used,omitempty"`
	Reversal     bool  `json:"strength_reversal,omitempty"`
	Evaluated    int64 `json:"numberings_evaluated,omitempty"`
}

// spreadView is luck.Spread with the names of the JSON.
type spreadView struct {
	Avg float64 `json:"avg"`
	Sd  float64 `json:"sd"`
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

func (c *OneStrongCell) runCommand(name string, strong int, pct []float64) (*cellOutput, error) {
	block, err := layout(func(w io.Writer) error { return writeOneStrongText(w, name, strong, pct) })
	if err != nil {
		return nil, err
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: oneStrongView{Model: "one-strong", Strong: strong, Percent: pct}}, nil
}

func (c *TwoStrongCell) runCommand(name string, pairs int, r *luck.TwoStrongResult) (*cellOutput, error) {
	block, err := layout(func(w io.Writer) error { return writeTwoStrongText(w, name, pairs, r) })
	if err != nil {
		return nil, err
	}
	out := twoStrongView{Model: "two-strong", Choices: r.Choices, WeakMin: r.Min, WeakMax: r.Max,
		WeakMode: r.Mode, WeakMean: r.Mean, WeakSd: r.Sd, Distribution: []percentCountView{}}
	for _, d := range r.Distribution {
		out.Distribution = append(out.Distribution, percentCountView{d.Percent, d.Count})
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: out}, nil
}

func (c *BussemakerCell) runCommand(r *luck.Result) (*cellOutput, error) {
	block, err := layout(func(w io.Writer) error { return writeBussemakerText(w, c.Movement, r) })
	if err != nil {
		return nil, err
	}
	out := bussemakerView{
		Model: "bussemaker", Exact: r.Exact, Samples: r.Samples, Seed: r.Seed,
		Strengths: r.Strengths, Groups: r.Groups,
		Qd: r.Qd, Qb: r.Qb, Sigma: r.Sigma, RankProb: r.RankProbability,
		Symmetry: r.Symmetry, SymmetryUsed: r.SymmetryUsed, Reversal: r.Reversal, Evaluated: r.Evaluated,
	}
	for _, s := range r.Spread {
		out.Pairs = append(out.Pairs, spreadView{s.Avg, s.Sd, s.Min, s.Max})
	}
	return &cellOutput{Blocks: []reports.Block{block}, Result: out}, nil
}
