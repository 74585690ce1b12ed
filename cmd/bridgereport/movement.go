package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

var movementUsage = `[--boards-per-round B] [-o FILE.asc] [--cards FILE.html] [--format asc|bridgemate|bridgescorer [--from-round R]] [--club C --date D --session S] [--json] MOVEMENT

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
--licence-key) instead of writing them.
--json prints one object (a pair card's round gives sits_out instead of
table, direction, opponent and boards; a "next" is {table, direction}, or
null after the last round or before a sit-out; boards_next is a table
number or null):
` + wrap(jsonKeys(kinds.Guide{})) + `

flags:`

func runGuide(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movement", movementUsage, stderr)
	perRound := fs.Int("boards-per-round", 0, "boards per round: board numbers instead of groups")
	out := fs.String("o", "", "write the movement in .ASC form to this file (.asc; .html: the cards)")
	cards := fs.String("cards", "", "write the cards to print to this .html file")
	paper := fs.String("paper", kinds.PaperA4, "the cards' paper: a4 or letter")
	perPage := fs.Int("tables-per-page", 2, "table cards a printed page: 1 or 2")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the guide")
	format := fs.String("format", "asc", "the movement's format for -o: asc, bridgemate (the Data Connector's JSON) or bridgescorer (YAML)")
	fromRound := fs.Int("from-round", 0, "with --format bridgemate: write the update from this round on")
	club := fs.String("club", "", "the club's name, on every card")
	date := fs.String("date", "", "the session's date, on every card")
	session := fs.String("session", "", "the session's name, on every card")
	send := fs.String("send", "", "with --format bridgemate: post the movement to the Data Connector at this address (http://host:5079) as UpdateMovement")
	clubID := fs.String("club-id", "", "with --send: the club's id for the Data Connector")
	licence := fs.String("licence-key", "", "with --send: the club's licence key for the Data Connector")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if *send != "" {
		if *format != "bridgemate" {
			return fmt.Errorf("--send %s: only with --format bridgemate", *send)
		}
		if *perRound < 1 {
			return fmt.Errorf("--send: give --boards-per-round: the records name the boards")
		}
		pm, err := readMovement(pos[0], stderr)
		if err != nil {
			return err
		}
		secs, err := movement.BridgemateSections(pm.Movement, movement.BridgemateOptions{BoardsPerRound: *perRound, FromRound: *fromRound})
		if err != nil {
			return err
		}
		return sendBridgemate(ctx, *send, *clubID, *licence, secs, stdout)
	}
	if *format != "asc" {
		return writeFormat(pos[0], *format, *out, *perRound, *fromRound, stdout, stderr)
	}
	if *fromRound != 0 {
		return fmt.Errorf("--from-round %d: only with --format bridgemate", *fromRound)
	}
	opts := kinds.CardsOptions{Paper: *paper, TablesPerPage: *perPage, Club: *club, Date: *date, Session: *session}
	if *paper != kinds.PaperA4 && *paper != kinds.PaperLetter || *perPage < 1 || *perPage > 2 {
		return fmt.Errorf("--paper %q --tables-per-page %d: want a4 or letter, and 1 or 2", *paper, *perPage)
	}
	var ascFile string
	switch ext := strings.ToLower(filepath.Ext(*out)); {
	case *out == "":
	case ext == ".asc":
		ascFile = *out
	case ext == ".html" || ext == ".htm":
		if *cards != "" {
			return fmt.Errorf("-o %s and --cards %s both write the cards: give one", *out, *cards)
		}
		*cards = *out
	default:
		return fmt.Errorf("-o %s: unknown extension %q: -o writes the movement (.asc) or the cards (.html)", *out, ext)
	}
	if ext := strings.ToLower(filepath.Ext(*cards)); *cards != "" && ext != ".html" && ext != ".htm" {
		return fmt.Errorf("--cards %s: the cards are an HTML page: give a .html file", *cards)
	}
	pm, err := readMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	r, result, err := (&study.Command{Kind: "guide", Cell: &kinds.GuideCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}).Run(ctx)
	if err == nil && ascFile != "" {
		err = reports.WriteFileAtomic(ascFile, []byte(result.(*kinds.Guide).ASC))
	}
	if err == nil && *cards != "" {
		var page bytes.Buffer
		if err = result.(*kinds.Guide).WriteCardsHTML(&page, opts); err == nil {
			err = reports.WriteFileAtomic(*cards, page.Bytes())
		}
	}
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}

// writeFormat writes the movement in another scoring program's format:
// the Bridgemate Data Connector's records or the bridgescorer file.
func writeFormat(arg, format, out string, perRound, fromRound int, stdout, stderr io.Writer) error {
	if perRound < 1 {
		return fmt.Errorf("--format %s: give --boards-per-round: the records name the boards", format)
	}
	pm, err := readMovement(arg, stderr)
	if err != nil {
		return err
	}
	m := pm.Movement
	var buf bytes.Buffer
	switch format {
	case "bridgemate":
		if fromRound < 0 || fromRound > m.Rounds {
			return fmt.Errorf("--from-round %d: the movement has %d rounds", fromRound, m.Rounds)
		}
		err = movement.WriteBridgemate(&buf, m, movement.BridgemateOptions{BoardsPerRound: perRound, FromRound: fromRound})
	case "bridgescorer":
		if fromRound != 0 {
			return fmt.Errorf("--from-round %d: only with --format bridgemate", fromRound)
		}
		err = movement.WriteBridgescorer(&buf, m, perRound, filepath.Base(arg), arg, fmt.Sprintf("%d pairs, %d rounds of %d boards", m.Pairs, m.Rounds, perRound))
	default:
		return fmt.Errorf("--format %q: want asc, bridgemate or bridgescorer", format)
	}
	if err != nil {
		return err
	}
	if out == "" {
		_, err = stdout.Write(buf.Bytes())
		return err
	}
	return reports.WriteFileAtomic(out, buf.Bytes())
}
