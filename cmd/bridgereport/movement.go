package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
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
	wide := wideFlag(fs)
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
	return study.Print(stdout, r, g, output(stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "movement", for_: forDirectors, summary: "the guide of a movement: table cards, pair cards, the .ASC file", run: runGuide,
	json:   []usage.JSONSection{{Result: kinds.Guide.Results[0], About: "The guide of a movement: table cards and pair cards; a `next` is {table, direction}, or null after the last round or before a sit-out; `boards_next` is a table number or null; a pair card's round has `sits_out` instead of table, direction, opponent and boards."}},
	schema: 1,
	help: `[--boards-per-round B] [-o FILE.asc] [--cards FILE.html] [--format asc|bridgemate|bridgescorer [--from-round R]] [--club C --date D --session S] [--json] MOVEMENT

The guide of a movement, for the director and the players: a table card
per table (each round's NS and EW pair, the boards, and where each pair
and the boards go next) and a card per pair (each round's table,
direction, opponents and boards), and where each board set starts. An odd
field's phantom is no pair: its opponents sit out (a file or library
movement that seats a phantom takes ",absent=N": m.asc,absent=14). With
--boards-per-round B, board group g is boards g·B+1 to g·B+B (with two
groups a round, B/2 each); without, the groups keep their letters. -o
FILE.asc writes the movement in .ASC form (-o FILE.html: the cards, as
--cards). --cards FILE.html writes the cards as one page to print (--paper
a4 or letter, --tables-per-page 1 or 2, default 2; pair cards are slips to
cut out; --club, --date and --session head every card). --format
bridgemate writes the movement (to -o FILE, else to stdout) as the
Bridgemate Data Connector's sections, tables and rounds (JSON; pair 0 is a
sit-out; a table that plays two board sets a round is written in half
rounds); --from-round R writes the update from round R (rounds before R
stay as they are). --format bridgescorer writes the bridgescorer movement
file (YAML). Both need --boards-per-round. --send URL posts the Data
Connector's records to it (UpdateMovement, with --club-id and
--licence-key) instead of writing them.`,
})
