package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
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
	fromRound := fs.Int("from-round", 0, "with --format bridgemate: write the update from this round on, for the session --update-of or --session-guid names")
	fs.StringVar(&opts.Club, "club", "", "the club's name, on every card")
	fs.StringVar(&opts.Date, "date", "", "the session's date, on every card")
	fs.StringVar(&opts.Session, "session", "", "the session's name, on every card")
	send := fs.String("send", "", "with --format bridgemate: post the movement to the Data Connector at this address (http://host:5079) as UpdateMovement")
	clubID := fs.String("club-id", "", "with --send: the club's id for the Data Connector")
	licence := fs.String("licence-key", "", "with --send: the club's licence key for the Data Connector")
	timeout := fs.Duration("timeout", 5*time.Second, "with --send: how long to wait for the Data Connector to answer")
	guid := fs.String("session-guid", "", "with --format bridgemate: the session's GUID, 32 hex digits (default: a fresh random one, stated in the output)")
	updateOf := fs.String("update-of", "", "with --format bridgemate: the export loaded at the start of the session: its GUID, and its rounds before --from-round, which the movement must keep")
	pos, err := parseFlags(fs, args, 1)
	if err != nil {
		return err
	}
	if err := guideFlagsHaveEffect(fs, *format, *out, *cards); err != nil {
		return err
	}
	ascFile, cardsFile, err := guideFiles(*out, *cards)
	if err != nil && *format == "asc" {
		return err
	}
	if err := checkCardsOptions(opts); err != nil {
		return err
	}
	pm, err := resolve.ReadMovement(pos[0], stderr)
	if err != nil {
		return err
	}
	if err := ascHoldsSections(pm.Movement, pos[0], ascFile); err != nil {
		return err
	}
	if err := boardsReadBack(pm.Movement, *perRound); err != nil {
		return err
	}
	if *format != "asc" {
		return writeFormat(ctx, pm.Movement, pos[0], formatOptions{format: *format, out: *out, boardsPerRound: *perRound,
			fromRound: *fromRound, send: *send, clubID: *clubID, licenceKey: *licence, timeout: *timeout,
			sessionGuid: *guid, updateOf: *updateOf}, stdout, stderr)
	}
	r, g, err := study.Answer[*kinds.GuideResult](ctx, &study.Command{Cell: &kinds.GuideCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}})
	if err == nil {
		err = writeGuideFiles(g, ascFile, cardsFile, opts)
	}
	if err != nil {
		return err
	}
	if (ascFile != "" || cardsFile != "") && !*asJSON {
		// The files are the answer: what was written, not the guide again.
		return wroteGuideFiles(stdout, g, ascFile, cardsFile, opts)
	}
	return study.Print(stdout, r, g, output(ctx, stdout, *asJSON, *wide))
}

// guideFlagsHaveEffect refuses a flag of the movement command that would
// do nothing in the combination given, in one line: a flag silently
// ignored leaves the director believing it did something.
func guideFlagsHaveEffect(fs *flag.FlagSet, format, out, cards string) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cardsOut := cards != "" || format == "asc" && (strings.HasSuffix(strings.ToLower(out), ".html") || strings.HasSuffix(strings.ToLower(out), ".htm"))
	for _, rule := range []struct {
		flag, needs string
		ok          bool
	}{
		{"from-round", "--format bridgemate", format == "bridgemate"},
		{"send", "--format bridgemate", format == "bridgemate"},
		{"session-guid", "--format bridgemate", format == "bridgemate"},
		{"update-of", "--format bridgemate", format == "bridgemate"},
		{"club-id", "--send", set["send"]},
		{"licence-key", "--send", set["send"]},
		{"timeout", "--send", set["send"]},
		{"json", "the guide (it prints the records or the file itself)", format == "asc"},
		{"cards", "the guide (--format asc)", format == "asc"},
		{"paper", "--cards", cardsOut},
		{"tables-per-page", "--cards", cardsOut},
		{"club", "--cards", cardsOut},
		{"date", "--cards", cardsOut},
		{"session", "--cards", cardsOut},
		{"wide", "the guide printed as text", format == "asc" && !set["json"] && out == "" && cards == ""},
	} {
		if set[rule.flag] && !rule.ok {
			return &usageError{msg: fmt.Sprintf("movement: --%s has no effect without %s", rule.flag, rule.needs)}
		}
	}
	switch {
	case set["send"] && out != "":
		return &usageError{msg: "movement: --send posts the records instead of writing them: give --send or -o, not both"}
	case set["session-guid"] && set["update-of"]:
		return &usageError{msg: "movement: --session-guid and --update-of both name the session: give one"}
	case set["from-round"] && !set["session-guid"] && !set["update-of"]:
		return &usageError{msg: "movement: --from-round updates the session running: name it with --update-of FILE (the export loaded at the start) or --session-guid GUID"}
	}
	return nil
}

// ascHoldsSections refuses -o FILE.asc for a field of several sections,
// before anything is written. The .ASC form has no sections: read back
// (balance, movement, optimize) the file is one field whose sections
// never meet, with another Qf (43 for the 27 pairs' 88.85) and the
// sections' numbering (A1, B1) and boards gone.
func ascHoldsSections(m *movement.Movement, name, ascFile string) error {
	if ascFile == "" || len(m.Sections) < 2 {
		return nil
	}
	return fmt.Errorf("-o %s: %s has %d sections and the .ASC format has none (read back, it would be one field of %d pairs): write each section's movement apart, or use --format bridgemate",
		ascFile, name, len(m.Sections), m.Pairs)
}

// boardsReadBack refuses boards a round that would number a board beyond
// bridgemate.MaxBoardNumber. --boards-per-round 1000 (for 3, or 30) wrote cards of
// boards 1 to 7000 and a Bridgemate or bridgescorer file that balance and
// movement then refused ("boards 5001-6000: want positive numbers").
func boardsReadBack(m *movement.Movement, perRound int) error {
	if perRound <= 0 {
		return nil // 0: board groups; below 0 refused with the guide's words
	}
	top := perRound // the first set alone, before perRound × sets can overflow
	if first, size, err := movement.SetBoards(m, perRound); err == nil && perRound <= bridgemate.MaxBoardNumber {
		for g := range first {
			top = max(top, first[g]+size[g]-1)
		}
	}
	if top > bridgemate.MaxBoardNumber {
		return &usageError{msg: fmt.Sprintf("--boards-per-round %d: the boards would be numbered up to %d; a movement's boards go up to %d (its %d board sets: at most %d boards a round)",
			perRound, top, bridgemate.MaxBoardNumber, m.Groups, maxPerRound(m))}
	}
	return nil
}

// maxPerRound is the most boards a round that keep m's boards within
// bridgemate.MaxBoardNumber.
func maxPerRound(m *movement.Movement) int {
	b := bridgemate.MaxBoardNumber
	for b > 1 {
		first, size, err := movement.SetBoards(m, b)
		if err == nil && first[len(first)-1]+size[len(size)-1]-1 <= bridgemate.MaxBoardNumber {
			break
		}
		b--
	}
	return b
}

// wroteGuideFiles says what the movement command wrote, in a line per
// file and a line of the movement.
func wroteGuideFiles(w io.Writer, g *kinds.GuideResult, ascFile, cardsFile string, opts kinds.CardsOptions) error {
	if ascFile != "" {
		fmt.Fprintf(w, "wrote %s: the movement in .ASC form\n", ascFile)
	}
	if cardsFile != "" {
		fmt.Fprintf(w, "wrote %s: %d table cards and %d pair cards to print on %s paper\n", cardsFile, len(g.TableCards), len(g.PairCards), opts.Paper)
	}
	_, err := fmt.Fprintln(w, g.Line())
	return err
}

var _ = addCommand(command{
	name: "movement", for_: forDirectors, summary: "the guide of a movement: table cards, pair cards, the .ASC file", run: runGuide,
	json:   []usage.JSONSection{{Result: kinds.Guide.Results[0], About: "The guide of a movement: table cards and pair cards; a `next` is {table, direction, label}, or null after the last round or before a sit-out; `boards_next` is a table number or null; a pair card's round has `sits_out` instead of table, direction, opponent and boards. The numbers (`table`, `pair`, `ns`, `ew`, `opponent`) count across the field; the `label`s are the numbers the room, the cards and the scoring program use: in a field of several sections the section letter and the number within the section (B1), otherwise the number itself."}},
	schema: 1,
	help: `[--boards-per-round B] [-o FILE.asc] [--cards FILE.html] [--format asc|bridgemate|bridgescorer] [--session-guid GUID | --update-of FILE [--from-round R]] [--send URL] [--club C --date D --session S] [--json] MOVEMENT

The guide of a movement, for the director and the players: a table card
per table (each round's NS and EW pair, the boards, and where each pair
and the boards go next) and a card per pair (each round's table,
direction, opponents and boards), and where each board set starts (a set
not played in round 1 waits on a spare table). An odd field's phantom is
no pair: its opponents sit out (a file or library movement that seats a
phantom takes ",absent=N": m.asc,absent=14). In a field of several
sections, tables and pairs are numbered by section letter and number
within the section (A1 to A9, B1 to B7), as the Bridgemate export numbers
them. With --boards-per-round B the boards are numbered (a section whose
tables play two sets a round has sets of B/2 boards; sections with their
own boards number theirs after the previous section's); without, the
groups keep their letters. -o FILE.asc writes the movement in .ASC form
(a field of one section: the format has none; -o FILE.html: the cards, as
--cards). --cards FILE.html writes the cards
as one page to print (--paper a4 or letter, --tables-per-page 1 or 2,
default 2; pair cards are slips to cut out; --club, --date and --session
head every card). When a file is written the command says so in a line,
with the movement in a line, instead of printing the guide.

--format bridgemate writes the movement (to -o FILE, else to stdout) as
the Bridgemate Data Connector's sections, tables and rounds (JSON; pair 0
is a sit-out; a table that plays two board sets a round is written in half
rounds), under a session GUID: --session-guid GUID, or a fresh random one,
stated on stderr (with -o or --send, on stdout). For a change during the
session (a late pair's plan), --update-of FILE names the export loaded at
the start: its GUID is used, and the movement must seat every table as FILE
does before --from-round R; --from-round R writes the update from round R
(rounds before R stay as they are). --format bridgescorer writes the
bridgescorer movement file (YAML). Both need --boards-per-round. --send URL
posts the Data Connector's records to it (UpdateMovement, with --club-id
and --licence-key) instead of writing them, waiting at most --timeout
(default 5s). A flag that would have no effect in the combination given is
refused.`,
})
