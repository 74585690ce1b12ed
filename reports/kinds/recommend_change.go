package kinds

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// FieldChange is the plan for the recommended movement when a pair arrives
// late or leaves early: a catalogue cell's late and leave, the catalogue
// command's --late and --leave.
type FieldChange struct {
	// Kind is "late" or "leave"; Rounds the rounds the pair misses.
	Kind   string `json:"kind"`
	Rounds []int  `json:"rounds"`
	// Plan is what the director does, in words.
	Plan string `json:"plan"`
	// Pair is the pair number the plan gives the late pair (the best), or
	// for a pair leaving the pair named (--pair) or else the one whose
	// leaving costs least; Worst the one whose absence costs most.
	Pair       int     `json:"pair"`
	Qf         float64 `json:"qf"`
	Qf1Av      float64 `json:"qf1_av"`
	Worst      int     `json:"worst_pair"`
	WorstQf    float64 `json:"worst_qf"`
	WorstQf1Av float64 `json:"worst_qf1_av"`
	// PlannedQf and PlannedQf1Av are the movement's figures with the
	// whole field.
	PlannedQf    float64 `json:"planned_qf"`
	PlannedQf1Av float64 `json:"planned_qf1_av"`
}

// change works out the plan for a late or leaving pair on the answer's
// recommended movement.
func (c *CatalogueCell) change(a *CatalogueAnswer) (*FieldChange, error) {
	if c.Late != 0 && c.Leave != 0 {
		return nil, fmt.Errorf("late and leave: give one")
	}
	if a.Recommended == nil {
		return nil, fmt.Errorf("no movement is recommended: no plan for a change of the field")
	}
	best := a.Candidates[0]
	pm, err := resolve.Named(best.Spec)
	if err != nil {
		return nil, err
	}
	m := pm.Movement
	ch := &FieldChange{Kind: "late", PlannedQf: best.Qf, PlannedQf1Av: best.Qf1Av}
	switch {
	case c.Late < 0 || c.Leave < 0:
		return nil, fmt.Errorf("late %d, leave %d: want a round", c.Late, c.Leave)
	case c.Late != 0:
		if c.Late >= m.Rounds {
			return nil, fmt.Errorf("late %d: %s has %d rounds: a pair arriving after round %d plays none", c.Late, best.Name, m.Rounds, c.Late)
		}
		for r := 1; r <= c.Late; r++ {
			ch.Rounds = append(ch.Rounds, r)
		}
	default:
		ch.Kind = "leave"
		if c.Leave >= m.Rounds {
			return nil, fmt.Errorf("leave %d: %s has %d rounds: a pair leaving after round %d misses none", c.Leave, best.Name, m.Rounds, c.Leave)
		}
		for r := c.Leave + 1; r <= m.Rounds; r++ {
			ch.Rounds = append(ch.Rounds, r)
		}
	}
	cs, err := catalogue.Missing(m, ch.Rounds)
	if err != nil {
		return nil, err
	}
	top, worst := cs[0], cs[len(cs)-1]
	ch.Worst, ch.WorstQf, ch.WorstQf1Av = worst.Pair, worst.Qf, worst.Qf1av
	named := top
	if c.Pair != 0 {
		i := slices.IndexFunc(cs, func(x catalogue.Change) bool { return x.Pair == c.Pair })
		if i < 0 {
			return nil, fmt.Errorf("pair %d: %s has pairs 1 to %d", c.Pair, best.Name, m.Pairs)
		}
		named = cs[i]
	}
	ch.Pair, ch.Qf, ch.Qf1Av = named.Pair, named.Qf, named.Qf1av
	room := movement.NewRoom(m)
	var sit []string
	for i, r := range ch.Rounds {
		if len(named.SitOut[i]) > 0 {
			var labels []string
			for _, q := range named.SitOut[i] {
				labels = append(labels, room.PairLabel(q))
			}
			sit = append(sit, fmt.Sprintf("round %d pair %s", r, strings.Join(labels, " and ")))
		}
	}
	label := room.PairLabel
	var b strings.Builder
	switch {
	case ch.Kind == "late":
		fmt.Fprintf(&b, "A pair arrives after round %d: play %s as planned and give the late pair number %s, the number whose "+
			"absence costs least; its card starts in round %d, and no printed card changes. ", c.Late, best.Name, label(top.Pair), c.Late+1)
		if len(sit) == 0 {
			fmt.Fprintf(&b, "Pair %s sits out until then in the movement anyway (the phantom's place): nobody else misses a round. ", label(top.Pair))
		} else {
			fmt.Fprintf(&b, "Until it arrives its opponents sit out (%s). ", strings.Join(sit, ", "))
		}
		fmt.Fprintf(&b, "As played: Qf %.2f, Qf1av %.2f, against Qf %.2f, Qf1av %.2f with the whole field (the worst number to give it, %s: Qf %.2f).",
			top.Qf, top.Qf1av, best.Qf, best.Qf1Av, label(worst.Pair), worst.Qf)
	case c.Pair != 0:
		fmt.Fprintf(&b, "Pair %s leaves after round %d: play %s on; in each later round its opponents of that round sit out (%s) and its boards "+
			"at that table are not played. As played: Qf %.2f, Qf1av %.2f, against Qf %.2f, Qf1av %.2f with the whole field "+
			"(whichever pair leaves, Qf from %.2f to %.2f).",
			label(named.Pair), c.Leave, best.Name, strings.Join(sit, ", "), named.Qf, named.Qf1av, best.Qf, best.Qf1Av, worst.Qf, top.Qf)
	default:
		fmt.Fprintf(&b, "A pair leaves after round %d: play %s on; in each later round its opponents of that round sit out and its boards "+
			"at that table are not played. As played: Qf from %.2f (pair %s leaves) to %.2f (pair %s leaves), Qf1av from %.2f to %.2f, "+
			"against Qf %.2f, Qf1av %.2f with the whole field (--pair names the pair that left).",
			c.Leave, best.Name, worst.Qf, label(worst.Pair), top.Qf, label(top.Pair), worst.Qf1av, top.Qf1av, best.Qf, best.Qf1Av)
	}
	if !named.Uniform || !top.Uniform || !worst.Uniform {
		b.WriteString(" Boards missed at a table are played fewer times than the others: the figures then use each board's own number of plays.")
	}
	ch.Plan = b.String()
	return ch, nil
}
