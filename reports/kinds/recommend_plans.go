package kinds

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
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
	// ChangedCards are the cards of the movement as played that differ
	// from the recommendation's printed cards, found by comparing them
	// card by card: --plan K --cards writes only these.
	ChangedCards CardChanges `json:"changed_cards"`
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
		if best := a.Candidates[0]; c.Extra >= best.Rounds {
			// As late and leave say it; the engine's "want 0 to R-1"
			// offers a round 0 the cell refuses.
			return nil, fmt.Errorf("extra %d: %s has %d rounds: a pair joining after round %d plays none", c.Extra, best.Name, best.Rounds, c.Extra)
		}
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
		if err == nil && c.Pair != 0 {
			// The pair that left: its plan only.
			i := slices.IndexFunc(ps, func(p catalogue.Plan) bool { return p.Pair == c.Pair })
			if i < 0 {
				return nil, fmt.Errorf("pair %d: %s has pairs 1 to %d", c.Pair, a.Candidates[0].Name, len(ps))
			}
			ps = ps[i : i+1]
		}
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

// compareCards works out each plan's changed cards: the cards of its
// movement as played against the recommendation's, printed at the same
// boards a round.
func (a *CatalogueAnswer) compareCards(ctx context.Context) error {
	printed, err := a.printedCards(ctx)
	if err != nil {
		return err
	}
	for i := range a.Plans {
		played, err := a.playedCards(ctx, i, guideCards)
		if err != nil {
			return err
		}
		a.Plans[i].ChangedCards = changedCards(printed, played)
	}
	return nil
}

// printedCards are the recommendation's cards, as movement SPEC prints
// them.
func (a *CatalogueAnswer) printedCards(ctx context.Context) (*GuideResult, error) {
	c := a.Candidates[0]
	pm, err := resolve.Named(c.Spec)
	if err != nil {
		return nil, err
	}
	return guideCards(ctx, c.Spec, pm.Movement, a.plansPerRound())
}

// playedCards are the cards of plan i (from 0) as played, by build
// (guide, or guideCards without the figures).
func (a *CatalogueAnswer) playedCards(ctx context.Context, i int, build func(context.Context, string, *movement.Movement, int) (*GuideResult, error)) (*GuideResult, error) {
	p := a.Plans[i]
	if p.Movement == nil {
		return nil, fmt.Errorf("plan %d: its movement is not at hand (read from --json: give the asc to bridgereport movement)", i+1)
	}
	name := p.Spec
	if name == "" {
		name = fmt.Sprintf("plan %d (%s) of %s", i+1, p.Kind, a.Candidates[0].Spec)
	}
	g, err := build(ctx, name, p.Movement, a.plansPerRound())
	if err != nil {
		return nil, fmt.Errorf("plan %d: its cards: %w", i+1, err)
	}
	return g, nil
}

// PlanCards are the cards of plan k (from 1) that differ from the
// recommendation's printed cards, each marked as replacing its printed
// card or as new, and which they are: what --plan K --cards prints.
func (a *CatalogueAnswer) PlanCards(ctx context.Context, k int) (*GuideResult, CardChanges, error) {
	if k < 1 || k > len(a.Plans) {
		return nil, CardChanges{}, fmt.Errorf("plan %d: the answer has plans 1 to %d", k, len(a.Plans))
	}
	printed, err := a.printedCards(ctx)
	if err != nil {
		return nil, CardChanges{}, err
	}
	played, err := a.playedCards(ctx, k-1, guide)
	if err != nil {
		return nil, CardChanges{}, err
	}
	ch := changedCards(printed, played)
	return onlyChanged(played, ch), ch, nil
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
// them: each plan with its figures, its spec and the cards that change
// (found by comparing them with the printed cards), then the command that
// prints any plan's changed cards.
func (a *CatalogueAnswer) plansText() string {
	var b strings.Builder
	para := func(format string, args ...any) {
		b.WriteString(fill(fmt.Sprintf(format, args...), guideWidth))
		b.WriteString("\n")
	}
	best := a.Plans[0]
	planned := a.Candidates[0]
	pairLabel := func(p PlanView, q int) string {
		if p.Movement == nil {
			return strconv.Itoa(q)
		}
		return movement.NewRoom(p.Movement).PairLabel(q)
	}
	switch {
	case best.Kind == "leave" && len(a.Plans) == 1:
		para("Pair %s leaves after round %d (as played: Qf and Qf1av; with the whole field Qf %.2f, Qf1av %.2f).",
			pairLabel(best, best.Pair), best.After, planned.Qf, planned.Qf1Av)
	case best.Kind == "leave":
		para("A pair leaves after round %d: %d plans, one per pair, the best first (Qf and Qf1av as played; with the whole field Qf %.2f, Qf1av %.2f).",
			best.After, len(a.Plans), planned.Qf, planned.Qf1Av)
	default:
		para("A pair joins after round %d: %d %s, the best first by the figures as played (with the planned field Qf %.2f, Qf1av %.2f).",
			best.After, len(a.Plans), plural(len(a.Plans), "plan", "plans"), planned.Qf, planned.Qf1Av)
	}
	for i, p := range a.Plans {
		if i == recommendShown {
			para("… and %d more (--json lists them all).", len(a.Plans)-i)
			break
		}
		who := pairLabel(p, p.Pair)
		what := map[string]string{
			"fill":     fmt.Sprintf("pair %s takes the half table's empty seat from round %d", who, p.After+1),
			"rover":    fmt.Sprintf("pair %s is a rover: %s", who, orderText(p, p.Order, "takes the seat of pair")),
			"appendix": fmt.Sprintf("pair %s stays at an added table: %s", who, orderText(p, p.Order, "meets pair")),
			"restart":  fmt.Sprintf("the field restarts from round 2 with pair %s: %s", who, p.Source),
			"leave":    fmt.Sprintf("pair %s leaves; its opponents sit out", who),
		}[p.Kind]
		b.WriteString(hang(fmt.Sprintf("%d. %s: Qf %.2f, Qf1av %.2f%s. %s", i+1, p.Kind, p.Qf, p.Qf1av, uniformText(p.Uniform), what), 4))
		if p.Source != "" && p.Kind != "restart" && p.Kind != "fill" {
			b.WriteString(indent(fill(p.Source, guideWidth-4), "    "))
		}
		if p.Spec != "" {
			b.WriteString("    spec " + p.Spec + "\n")
		}
		b.WriteString(indent(fill("cards that change: "+ChangesText(p.ChangedCards), guideWidth-4), "    "))
	}
	b.WriteString("\n")
	para("The cards of a plan that change, each marked as replacing the printed card (or new), to print:")
	b.WriteString(fmt.Sprintf(cardsLabel+"bridgereport catalogue --pairs %d%s%s --plan 1 --cards plan.html\n", a.Pairs, a.flags(), a.changeFlags()))
	return b.String()
}

func orderText(p PlanView, order []movement.RoundPair, verb string) string {
	var parts []string
	for _, e := range order {
		q := strconv.Itoa(e.Pair)
		if p.Movement != nil {
			q = movement.NewRoom(p.Movement).PairLabel(e.Pair)
		}
		parts = append(parts, fmt.Sprintf("round %d %s %s", e.Round, verb, q))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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
