package kinds

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// PlanView is one plan for a pair joining (--extra) or leaving (--leave)
// during the session (catalogue.Plan), as the catalogue command's --json
// prints it.
type PlanView struct {
	catalogue.Plan
	// ASC is the movement as played, in .ASC form.
	ASC string `json:"asc"`
}

// plans works out the plans for the answer's recommended movement: an
// extra pair after round c.Extra (with a restart as the recommendation
// for one pair more, after round 1), or a pair leaving after c.Leave.
func (c *CatalogueCell) plans(env *cell.Env, a *CatalogueAnswer) ([]PlanView, error) {
	if a.Recommended == nil {
		return nil, fmt.Errorf("no movement is recommended: no plan for a change of the field")
	}
	spec := a.Candidates[0].Spec
	played, err := playedAs(spec)
	if err != nil {
		return nil, err
	}
	var ps []catalogue.Plan
	switch {
	case c.Extra > 0:
		var restart []catalogue.Played
		if c.Extra == 1 && a.Pairs+1 <= catalogue.MaxPairs {
			more := *c
			more.Pairs, more.Extra, more.Late, more.Leave = IntRange{a.Pairs + 1, a.Pairs + 1}, 0, 0, 0
			answers, _, err := more.answers(env)
			if err != nil {
				return nil, err
			}
			if b := answers[0]; b.Recommended != nil && len(b.Candidates[0].Sections) == 0 {
				if t, err := playedAs(b.Candidates[0].Spec); err == nil {
					restart = append(restart, t)
				}
			}
		}
		ps, err = catalogue.ExtraFrom(env.Ctx, played, c.Extra, restart...)
		if err != nil && restart != nil {
			// The restart may not match the round played; plan without it.
			ps, err = catalogue.ExtraFrom(env.Ctx, played, c.Extra)
		}
	default:
		ps, err = catalogue.LeaveFrom(played, c.Leave)
	}
	if err != nil {
		return nil, err
	}
	var out []PlanView
	for _, p := range ps {
		out = append(out, PlanView{Plan: p, ASC: asc.String(p.Movement)})
	}
	return out, nil
}

// chosenGuide is the guide of the chosen plan's movement.
func chosenGuide(env *cell.Env, spec string, perRound int) (*GuideResult, error) {
	pm, err := resolve.Named(spec)
	if err != nil {
		return nil, err
	}
	return guide(env.Ctx, spec, pm.Movement, perRound)
}

// playedAs names a candidate's spec for the plans: a family spec as it
// is, a library movement (NAME,MODIFIERS) with the movement NAME gives.
func playedAs(spec string) (catalogue.Played, error) {
	if _, err := movement.ParseSpec(spec); !errors.Is(err, movement.ErrNotSpec) {
		return catalogue.Played{Text: spec}, nil
	}
	name, _, _ := strings.Cut(spec, ",")
	pm, err := resolve.Named(name)
	if err != nil {
		return catalogue.Played{}, err
	}
	return catalogue.Played{Text: spec, Raw: pm.Movement}, nil
}

// plansText is the plans in words, the catalogue cell's one layout of
// them, a preformatted block in every printer (it carries guide cards): the best with its spec, its cards
// command and the guide cards of the pairs whose evening changes (the
// newcomer, and the pairs who sit out because of it, from the round after
// it arrives), then the others.
func (a *CatalogueAnswer) plansText(perRound int) string {
	var b strings.Builder
	para := func(format string, args ...any) {
		b.WriteString(fill(fmt.Sprintf(format, args...), guideWidth))
		b.WriteString("\n")
	}
	best := a.Plans[0]
	planned := a.Candidates[0]
	if best.Kind == "leave" {
		para("A pair leaves after round %d: %d plans, one per pair, the best first (Qf and Qf1av as played; with the whole field Qf %.2f, Qf1av %.2f).",
			best.After, len(a.Plans), planned.Qf, planned.Qf1Av)
	} else {
		para("A pair joins after round %d: %d plans, the best first by the figures as played (with the planned field Qf %.2f, Qf1av %.2f).",
			best.After, len(a.Plans), planned.Qf, planned.Qf1Av)
	}
	for i, p := range a.Plans {
		if i == recommendShown {
			para("… and %d more (--json lists them all).", len(a.Plans)-i)
			break
		}
		what := map[string]string{
			"fill":     fmt.Sprintf("pair %d takes the half table's empty seat from round %d", p.Pair, p.After+1),
			"rover":    fmt.Sprintf("pair %d is a rover: %s", p.Pair, orderText(p.Order, "takes the seat of pair")),
			"appendix": fmt.Sprintf("pair %d stays at an added table: %s", p.Pair, orderText(p.Order, "meets pair")),
			"restart":  fmt.Sprintf("the field restarts from round 2 with pair %d: %s", p.Pair, p.Source),
			"leave":    fmt.Sprintf("pair %d leaves; its opponents sit out", p.Pair),
		}[p.Kind]
		b.WriteString(hang(fmt.Sprintf("%d. %s: Qf %.2f, Qf1av %.2f%s. %s", i+1, p.Kind, p.Qf, p.Qf1av, uniformText(p.Uniform), what), 4))
		if p.Source != "" && p.Kind != "restart" {
			b.WriteString(indent(fill(p.Source, guideWidth-4), "    "))
		}
		if p.Spec != "" {
			b.WriteString("    spec " + p.Spec + "\n")
		}
	}
	b.WriteString("\n")
	// The chosen plan is the best with a spec: a restart has none (its
	// movement is asc in --json, for bridgereport movement FILE).
	i := slices.IndexFunc(a.Plans, func(p PlanView) bool { return p.Spec != "" })
	if i < 0 {
		para("No plan has a spec: save the best plan's movement (asc in --json) as a file and give the file to bridgereport movement.")
		return b.String()
	}
	if i > 0 {
		para("Plan 1 has no spec (its movement is asc in --json, for bridgereport movement FILE); the best plan with one is plan %d.", i+1)
	}
	best = a.Plans[i]
	para("The chosen plan, %s:", best.Kind)
	b.WriteString("Spec: " + best.Spec + "\n")
	b.WriteString(fmt.Sprintf("%sbridgereport movement '%s' --boards-per-round %d --cards cards.html\n", cardsLabel, best.Spec, perRound))
	g := a.chosenGuide
	if g == nil {
		return b.String()
	}
	// The pairs whose evening changes: the newcomer (or the one leaving)
	// and those who sit out from the round after the change.
	changed := []int{best.Pair}
	for r := best.After; r < len(best.SitOut); r++ {
		for _, q := range best.SitOut[r] {
			if !slices.Contains(changed, q) {
				changed = append(changed, q)
			}
		}
	}
	slices.Sort(changed)
	b.WriteString("\n")
	para("The guide cards that change (pairs %s):", joinInts(changed, ", "))
	for _, card := range g.PairCards {
		if slices.Contains(changed, card.Pair) {
			b.WriteString("\n" + pairCardText(card))
		}
	}
	return b.String()
}

func orderText(order []movement.RoundPair, verb string) string {
	var parts []string
	for _, e := range order {
		parts = append(parts, fmt.Sprintf("round %d %s %d", e.Round, verb, e.Pair))
	}
	return strings.Join(parts, ", ")
}

func uniformText(uniform bool) string {
	if uniform {
		return ""
	}
	return " (boards played unequal numbers of times: each board's own top)"
}

// recommendShown is the most plans the text lists; --json lists them all.
const recommendShown = 10

// hang fills text with its later lines indented by n columns.
func hang(text string, n int) string {
	lines := strings.Split(fill(text, guideWidth), "\n")
	first, rest := lines[0], strings.Join(lines[1:], " ")
	if rest == "" {
		return first + "\n"
	}
	return first + "\n" + indent(fill(rest, guideWidth-n), strings.Repeat(" ", n))
}

func indent(text, prefix string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString(prefix + line + "\n")
	}
	return b.String()
}
