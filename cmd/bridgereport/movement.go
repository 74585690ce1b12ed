package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

var movementUsage = `[--boards-per-round B] [-o FILE] [--json] MOVEMENT

The guide of a movement, for the director and the players: a table card
per table (each round's NS and EW pair, the boards, and where each pair
and the boards go next) and a card per pair (each round's table,
direction, opponents and boards). With --boards-per-round B, board group g
is boards g·B+1 to g·B+B; without, the groups keep their letters. -o FILE
writes the movement in .ASC form. --json prints one object (a pair card's
round gives sits_out instead of table, direction, opponent and boards; a
"next" is {table, direction}, or null after the last round or before a
sit-out; boards_next is a table number or null):
` + wrap(jsonKeys(study.Guide{})) + `

flags:`

func runGuide(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movement", movementUsage, stderr)
	perRound := fs.Int("boards-per-round", 0, "boards per round: board numbers instead of groups")
	out := fs.String("o", "", "write the movement in .ASC form to this file")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the guide")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	r, result, err := (&study.Command{Kind: "guide", Cell: &study.GuideCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}).Run(ctx)
	if err == nil && *out != "" {
		err = reports.WriteFileAtomic(*out, []byte(result.(*study.Guide).ASC))
	}
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
