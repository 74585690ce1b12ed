package main

import (
	"context"
	"fmt"
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
	opts := kinds.CardsOptions{}
	fs.StringVar(&opts.Paper, "paper", kinds.PaperA4, "the cards' paper: a4 or letter")
	fs.IntVar(&opts.TablesPerPage, "tables-per-page", 2, "table cards a printed page: 1 or 2")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the guide")
	format := fs.String("format", "asc", "the movement's format for -o: asc, bridgemate (the Data Connector's JSON) or bridgescorer (YAML)")
	fromRound := fs.Int("from-round", 0, "with --format bridgemate: write the update from this round on")
	fs.StringVar(&opts.Club, "club", "", "the club's name, on every card")
	fs.StringVar(&opts.Date, "date", "", "the session's date, on every card")
	fs.StringVar(&opts.Session, "session", "", "the session's name, on every card")
	send := fs.String("send", "", "with --format bridgemate: post the movement to the Data Connector at this address (http://host:5079) as UpdateMovement")
	clubID := fs.String("club-id", "", "with --send: the club's id for the Data Connector")
	licence := fs.String("licence-key", "", "with --send: the club's licence key for the Data Connector")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if *format == "asc" && *fromRound != 0 {
		return fmt.Errorf("--from-round %d: only with --format bridgemate", *fromRound)
	}
	ascFile, cardsFile, err := guideFiles(*out, *cards)
	if err != nil && *format == "asc" {
		return err
	}
	pm, err := resolve.ReadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	if *format != "asc" {
		return writeFormat(ctx, pm.Movement, pos[0], formatOptions{format: *format, out: *out, boardsPerRound: *perRound,
			fromRound: *fromRound, send: *send, clubID: *clubID, licenceKey: *licence}, stdout)
	}
	r, g, err := study.Answer[*kinds.GuideResult](ctx, &study.Command{Cell: &kinds.GuideCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}})
	if err == nil {
		err = writeGuideFiles(g, ascFile, cardsFile, opts)
	}
	if err != nil {
		return err
	}
	return study.Print(stdout, r, g, *asJSON)
}
