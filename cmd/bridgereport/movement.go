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

var movementUsage = `[--boards-per-round B] [-o FILE.asc] [--cards FILE.html] [--json] MOVEMENT

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
a4 or letter, --tables-per-page 1 or 2; pair cards are slips to cut out).`

func runGuide(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movement", movementUsage, stderr)
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
	opts := kinds.CardsOptions{Paper: *paper, TablesPerPage: *perPage}
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
