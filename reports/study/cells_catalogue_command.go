package study

import (
	"fmt"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/reports"
)

// CatalogueUsage is the catalogue command's help.
const CatalogueUsage = `--pairs N [--boards MIN-MAX] [--json]

The candidate movements for N pairs (6 to 40) in a session of MIN to MAX
boards (default 24-28): the generated families, re-oriented by arrow
switches for one winner, and the library movements of that size (for an
odd N, of one pair more, with a phantom pair absent), ranked by the rule
the output states, with a recommendation and its reason. Qd is sampled
(20,000 numberings, a fixed seed), so every figure is the same on every
machine. --json prints one object: pairs, boards [MIN, MAX], rule,
recommended (null when no movement fits), reason, samples and candidates
in rank order, each with name, family, tables, rounds, board_groups,
in_range, boards_per_round, total_boards, copies, stationary,
sit_out_rounds, sit_out_boards, winners, met_fraction, max_meetings,
switched, qf_generated, qf, qf1_av, qf1_max, qo, qd, absent (the phantom's
pair number in asc, or null) and asc (the movement in .ASC form, every
seat filled; for an odd N the figures are those with pair absent absent).

flags:`

// CatalogueView is the catalogue command's --json object.
type CatalogueView struct {
	Pairs       int                  `json:"pairs"`
	Boards      [2]int               `json:"boards"`
	Rule        string               `json:"rule"`
	Recommended *string              `json:"recommended"`
	Reason      string               `json:"reason"`
	Samples     int64                `json:"samples"`
	Candidates  []CatalogueCandidate `json:"candidates"`
}

// runCommand is the catalogue command: one field size.
func (c *CatalogueCell) runCommand(env *runEnv, f catalogueField, boards IntRange, set catalogue.Settings) (*cellOutput, error) {
	if c.Pairs[0] != c.Pairs[1] {
		return nil, fmt.Errorf("pairs: the catalogue command takes one field size, not %s", c.Pairs)
	}
	name, reason := recommend(f.Pairs, boards, f.Candidates)
	v := CatalogueView{Pairs: f.Pairs, Boards: [2]int{boards[0], boards[1]}, Rule: catalogue.Rule, Reason: reason,
		Samples: cmpOr(set.Samples, catalogue.DefaultSamples), Candidates: f.Candidates}
	head := fmt.Sprintf("Candidates for %d pairs, sessions of %s boards, ranked by this rule: %s.", f.Pairs, boards, catalogue.Rule)
	if name != "" {
		v.Recommended = &name
		reason = "Recommended: " + reason
	}
	notes := fmt.Sprintf("Qd from %d random numberings (seed %d). \"outside\": no number of boards per round gives %s boards. "+
		"absent: the phantom pair of the movement file (catalogue --json gives it in .ASC form).", v.Samples, catalogue.DefaultSeed, boards)
	t := fieldTable("catalogue", "", f.Candidates)
	return &cellOutput{Blocks: []reports.Block{{Prose: head}, {Prose: reason}, {Table: t}, {Prose: notes}}, Result: v}, nil
}
