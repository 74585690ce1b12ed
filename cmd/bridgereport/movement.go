package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runGuide(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movement", stderr)
	perRound := fs.Int("boards-per-round", 0, "boards per round: board numbers instead of groups")
	out := fs.String("o", "", "write the movement in .ASC form to this file (.asc; .html: the cards)")
	cards := fs.String("cards", "", "write the cards to print to this .html file")
	paper := fs.String("paper", kinds.PaperA4, "the cards' paper: a4 or letter")
	perPage := fs.Int("tables-per-page", 1, "table cards a printed page: 1 or 2")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the guide")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	ascFile, cardsFile, err := kinds.GuideFiles(*out, *cards)
	if err != nil {
		return err
	}
	pm, err := resolve.ReadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	r, result, err := (&study.Command{Kind: "guide", Cell: &kinds.GuideCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}).Run(ctx)
	if err == nil {
		err = result.(*kinds.Guide).WriteFiles(ascFile, cardsFile, kinds.CardsOptions{Paper: *paper, TablesPerPage: *perPage})
	}
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
