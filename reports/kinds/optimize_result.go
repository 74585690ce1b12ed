package kinds

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
)

// OptimizeResult is one optimisation of a movement by arrow switches: the
// optimize command's --json, a row of an optimize cell, and what the cache
// keeps of it.
type OptimizeResult struct {
	File          string              `json:"file"` // the movement's name
	Qf            float64             `json:"qf"`
	QfBefore      float64             `json:"qf_before"`
	SS            int64               `json:"SS"`
	SSBefore      int64               `json:"SS_before"`
	D4            float64             `json:"d4"`
	D4Before      float64             `json:"d4_before"`
	Vacancy       *VacancyFigures     `json:"vacancy"`
	VacancyBefore *VacancyFigures     `json:"vacancy_before"`
	Switched      []optimize.TablePos `json:"switched"`
	ProvenOptimal bool                `json:"proven_optimal"`
	Exhaustive    bool                `json:"exhaustive"`
	FreeBits      int                 `json:"free_bits"`
	Iterations    int64               `json:"iterations"`
	Stop          string              `json:"stop"`
	Seed          uint64              `json:"seed"`
	Mode          string              `json:"mode"`
	Cooling       string              `json:"cooling"`
	Ranking       string              `json:"ranking"`
	Absent        int                 `json:"absent,omitempty"`
	Movement      string              `json:"movement"` // the optimised movement in .ASC form
	// Uniform is false when board groups are played unequal numbers of
	// times, where Qf is not defined.
	Uniform bool `json:"uniform"`
	// Verdict says whether the result is proven optimal, and why: the
	// one wording of it, in the table and the movement's comments.
	Verdict string `json:"verdict"`
}

// optimizeOne searches the orientations of m for the best balance: the
// each row of an optimize cell. An interrupted search
// returns the best found so far, with stop "cancelled".
func optimizeOne(ctx context.Context, name string, m *movement.Movement, set optimize.Settings) (*OptimizeResult, error) {
	apart := len(m.Sections) > 0 && !m.Across
	if apart && m.SharedBoards {
		// The search balances the whole field's comparisons, across the
		// sections too, where the scores compare each section apart.
		return nil, fmt.Errorf("%d sections on shared boards, scored apart: the search would balance comparisons across the sections that the scoring never makes; optimise each section's movement on its own and give its switches in the spec (sections:mitchell:7,switch=r1t3+…/…/boards=shared)", len(m.Sections))
	}
	res, err := optimize.Search(ctx, m, set)
	if err != nil {
		return nil, err
	}
	out := &OptimizeResult{
		File: name, Qf: res.After.Qf, QfBefore: res.Before.Qf, SS: res.After.SS, SSBefore: res.Before.SS,
		D4: res.After.D4, D4Before: res.Before.D4, Switched: res.Switched, ProvenOptimal: res.Proven,
		Exhaustive: res.Exhaustive, FreeBits: res.FreeBits, Iterations: res.Iterations, Stop: string(res.Stop),
		Seed: set.Seed, Mode: set.Cooling.Mode.String(), Cooling: set.Cooling.String(), Ranking: ranking(set),
		Absent: set.Absent, Movement: asc.String(res.Movement), Uniform: res.Before.Uniform, Verdict: searchVerdict(set, res),
		Vacancy: res.VacancyAfter, VacancyBefore: res.VacancyBefore,
	}
	if apart {
		// Sections on their own boards never meet, so the whole field's SS,
		// which the search ranks by, is the sum of the sections': the same
		// order. Its figures, though, are the whole field's formula (24.49
		// for two Mitchells of 7); balance shows the sections pooled
		// (46.94), and so does this.
		out.QfBefore, out.VacancyBefore = pooled(m, res.VacancyBefore)
		out.Qf, out.Vacancy = pooled(res.Movement, res.VacancyAfter)
	}
	return out, nil
}

// pooled is Qf and the vacancy quality of a field of sections scored
// apart, each section on its own and pooled, as balance gives them (its
// Qf1 by absent pair stays the search's, as balance's does).
func pooled(m *movement.Movement, v *VacancyFigures) (float64, *VacancyFigures) {
	f := catalogue.Measure(m)
	if v == nil {
		return f.Qf, nil
	}
	p := *v
	p.Av, p.Max = f.Qf1av, f.Qf1max
	return f.Qf, &p
}

// block is the optimised movement in .ASC form, which is data, with the
// figures as # comments above it, so the whole text reads back as a
// movement file.
func (r *OptimizeResult) block(id, caption string) reports.Block {
	var b strings.Builder
	fmt.Fprintf(&b, "# bridgereport optimize %s\n", r.File)
	fmt.Fprintf(&b, "# seed %d, mode %s, %d iterations, stopped: %s\n", r.Seed, r.Cooling, r.Iterations, r.Stop)
	fmt.Fprintf(&b, "# ranked by %s\n", r.Ranking)
	figures := func(label string, qf float64, v *VacancyFigures, d4 float64) {
		fmt.Fprintf(&b, "# %-7s Qf %6.2f", label, qf)
		if v != nil {
			fmt.Fprintf(&b, "  Qf1av %6.2f  Qf1max %6.2f", v.Av, v.Max)
		}
		fmt.Fprintf(&b, "  d4 %.3f\n", d4)
	}
	if !r.Uniform {
		b.WriteString("# note: board groups are played unequal numbers of times, where Qf is not defined\n")
	}
	figures("before:", r.QfBefore, r.VacancyBefore, r.D4Before)
	figures("after:", r.Qf, r.Vacancy, r.D4)
	switch len(r.Switched) {
	case 0:
		b.WriteString("# switched no tables")
	case 1:
		b.WriteString("# switched 1 table:")
	default:
		fmt.Fprintf(&b, "# switched %d tables:", len(r.Switched))
	}
	for i := 0; i < len(r.Switched); {
		round := r.Switched[i].Round
		var tables []string
		for ; i < len(r.Switched) && r.Switched[i].Round == round; i++ {
			tables = append(tables, strconv.Itoa(r.Switched[i].Table))
		}
		fmt.Fprintf(&b, "\n#   round %d, %s %s", round, plural(len(tables), "table", "tables"), strings.Join(tables, " "))
	}
	fmt.Fprintf(&b, "\n# %s\n", r.Verdict)
	b.WriteString(r.Movement)
	return reports.Block{Pre: &reports.Preformatted{ID: id, Caption: caption, Text: b.String()}}
}

// searchVerdict says whether a search proved its result optimal.
func searchVerdict(set optimize.Settings, res *optimize.Result) string {
	switch {
	case res.Proven && res.Exhaustive && res.Stop != optimize.StopBound:
		return fmt.Sprintf("proven optimal: every one of 2^%d orientations was ranked", res.FreeBits)
	case res.Proven && set.Vacancy == optimize.VacancyOff:
		return "proven optimal: Qf is at its bound"
	case res.Proven:
		return "proven optimal: Qf and every Qf1 are at their bounds"
	case res.Exhaustive:
		return "not proven: the exhaustive search was stopped early"
	}
	return fmt.Sprintf("not proven: %s gives no guarantee", searchName(set.Cooling.Mode))
}

// ranking says in words how the settings rank orientations.
func ranking(set optimize.Settings) string {
	var b strings.Builder
	b.WriteString("Qf")
	switch set.Vacancy {
	case optimize.VacancyOff:
	case optimize.VacancyAvThenMax:
		b.WriteString(", then Qf1av, then Qf1max")
	default:
		w := set.Weights
		if w == (optimize.Weights{}) {
			w = optimize.DefaultWeights
		}
		fmt.Fprintf(&b, ", then %g·Qf1max + %g·Qf1av", w.Max, w.Av)
	}
	if r := set.AbsentRange; r != (optimize.PairRange{}) {
		fmt.Fprintf(&b, " (absent pairs %v)", r)
	}
	if !set.NoD4 {
		b.WriteString(", then d4")
	}
	if set.Absent != 0 {
		fmt.Fprintf(&b, "; with pair %d absent", set.Absent)
	}
	return b.String()
}

// qf1 are the vacancy figures after the search, zero when not ranked.
func (r *OptimizeResult) qf1() (av, max float64) {
	if r.Vacancy == nil {
		return 0, 0
	}
	return r.Vacancy.Av, r.Vacancy.Max
}
