package study

import (
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
)

// optimizeView is the --json object of the optimize command.
type optimizeView struct {
	File          string              `json:"file"`
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
	Movement      string              `json:"movement"`
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

// OptimizeCommand presents a search as the optimize command prints it: the
// optimised movement in .ASC form, which is data, with the figures as #
// comments above it, so the whole text reads back as a movement file. It
// returns that report, the --json object, and the movement's .ASC alone.
// The search itself runs in the command, which can be interrupted and
// still show the best orientation found.
func OptimizeCommand(name string, set optimize.Settings, res *optimize.Result) (*reports.Report, any, string, error) {
	var asc strings.Builder
	if err := movement.WriteASC(&asc, res.Movement); err != nil {
		return nil, nil, "", err
	}
	block, err := layout("", func(w io.Writer) error { return writeOptimizeText(w, name, set, res, asc.String()) })
	if err != nil {
		return nil, nil, "", err
	}
	view := optimizeView{
		File: name, Qf: res.After.Qf, QfBefore: res.Before.Qf, SS: res.After.SS, SSBefore: res.Before.SS,
		D4: res.After.D4, D4Before: res.Before.D4, Switched: res.Switched, ProvenOptimal: res.Proven,
		Exhaustive: res.Exhaustive, FreeBits: res.FreeBits, Iterations: res.Iterations, Stop: string(res.Stop),
		Seed: set.Seed, Mode: set.Cooling.Mode.String(), Cooling: set.Cooling.String(), Ranking: ranking(set),
		Absent: set.Absent, Movement: asc.String(),
		Vacancy: vacancyFigures(res.VacancyAfter), VacancyBefore: vacancyFigures(res.VacancyBefore),
	}
	r := &reports.Report{Name: "optimize", Sections: []reports.Section{{ID: "optimize", Blocks: []reports.Block{block}}}}
	return r, view, asc.String(), nil
}

// writeOptimizeText writes the figures as # comments above the movement.
func writeOptimizeText(w io.Writer, name string, set optimize.Settings, res *optimize.Result, asc string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# bridgereport optimize %s\n", name)
	fmt.Fprintf(&b, "# seed %d, mode %s, %d iterations, stopped: %s\n", set.Seed, set.Cooling, res.Iterations, res.Stop)
	fmt.Fprintf(&b, "# ranked by %s\n", ranking(set))
	figures := func(label string, bal *movement.Balance, v *movement.Vacancy) {
		fmt.Fprintf(&b, "# %-7s Qf %6.2f", label, bal.Qf)
		if v != nil {
			fmt.Fprintf(&b, "  Qf1av %6.2f  Qf1max %6.2f", v.Av, v.Max)
		}
		fmt.Fprintf(&b, "  d4 %.3f\n", bal.D4)
	}
	if !res.Before.Uniform {
		b.WriteString("# note: board groups are played unequal numbers of times, where Qf is not defined\n")
	}
	figures("before:", res.Before, res.VacancyBefore)
	figures("after:", res.After, res.VacancyAfter)
	fmt.Fprintf(&b, "# switched %d tables:", len(res.Switched))
	for i, p := range res.Switched {
		if i == 0 || res.Switched[i-1].Round != p.Round {
			fmt.Fprintf(&b, "\n#   round %d, tables", p.Round)
		}
		fmt.Fprintf(&b, " %d", p.Table)
	}
	b.WriteString("\n")
	switch {
	case res.Proven && res.Exhaustive && res.Stop != optimize.StopBound:
		fmt.Fprintf(&b, "# proven optimal: every one of 2^%d orientations was ranked\n", res.FreeBits)
	case res.Proven && set.Vacancy == optimize.VacancyOff:
		b.WriteString("# proven optimal: Qf is at its bound\n")
	case res.Proven:
		b.WriteString("# proven optimal: Qf and every Qf1 are at their bounds\n")
	case res.Exhaustive:
		b.WriteString("# not proven: the exhaustive search was stopped early\n")
	default:
		fmt.Fprintf(&b, "# not proven: %s gives no guarantee\n", searchName(set.Cooling.Mode))
	}
	b.WriteString(asc)
	_, err := io.WriteString(w, b.String())
	return err
}

func vacancyFigures(v *movement.Vacancy) *VacancyFigures {
	if v == nil {
		return nil
	}
	return &VacancyFigures{Qf1: v.Qf1, Qf1Av: v.Av, Qf1Max: v.Max}
}
