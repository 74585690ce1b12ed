package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", stderr)
	body := &kinds.CatalogueCell{}
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 60")
	var boards kinds.IntRange
	fs.TextVar(&boards, "boards", kinds.IntRange{catalogue.DefaultMinBoards, catalogue.DefaultMaxBoards}, "the session's boards, MIN-MAX")
	fs.Float64Var(&body.Hours, "hours", 0, "the session's length in hours (2.5): gives the boards")
	fs.IntVar(&body.Minutes, "minutes", 0, "the session's length in minutes: gives the boards")
	fs.IntVar(&body.MinutesPerBoard, "minutes-per-board", kinds.DefaultMinutesPerBoard, "minutes a board takes, the change of round included")
	fs.TextVar(&body.BoardsPerRound, "boards-per-round", kinds.IntRange{catalogue.DefaultMinPerRound, catalogue.DefaultMaxPerRound}, "boards a round, MIN-MAX")
	fs.IntVar(&body.MaxCopies, "max-copies", catalogue.DefaultMaxCopies, "the most copies of each board (more: a barometer or duplicated sets)")
	fs.IntVar(&body.MaxTables, "max-tables", 0, "the most tables the room has (0: no limit)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	wide := wideFlag(fs)
	fs.IntVar(&body.Late, "late", 0, "a pair arrives after this round: the plan, with the movement's Qf and Qf1 as played")
	fs.IntVar(&body.Leave, "leave", 0, "a pair leaves after this round: the plan, with the movement's Qf and Qf1 as played")
	fs.IntVar(&body.Extra, "extra", 0, "an extra pair joins after this round: the plans, ranked, and the cards of the best")
	fs.IntVar(&body.Pair, "pair", 0, "with --leave: the pair that leaves (its plan, and its cards)")
	pick := fs.Int("pick", 0, "print only the spec of the K-th candidate within the bounds that fits the session (1: the recommendation)")
	plan := fs.Int("plan", 0, "with --extra or --leave and --cards: the plan whose cards that change are written (1: the best)")
	cardsFile := fs.String("cards", "", "with --plan: write the plan's cards that change, to print, to this .html file")
	opts := kinds.CardsOptions{TablesPerPage: 2}
	fs.StringVar(&opts.Paper, "paper", kinds.PaperA4, "with --plan: the cards' paper, a4 or letter")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if err := catalogueFlagsHaveEffect(fs); err != nil {
		return err
	}
	// The kind checks the values; here only what a flag cannot say in
	// YAML: an explicit 0 where 0 means the default there.
	atLeastOne := map[string]string{"pick": "a rank", "late": "a round", "leave": "a round", "extra": "a round", "minutes-per-board": "a number of minutes",
		"max-copies": "a number of copies", "pair": "a pair", "plan": "a plan"}
	var err error
	fs.Visit(func(f *flag.Flag) {
		if v, _ := strconv.Atoi(f.Value.String()); atLeastOne[f.Name] != "" && v < 1 && err == nil {
			err = fmt.Errorf("--%s %d: want %s, 1 or more", f.Name, v, atLeastOne[f.Name])
		}
		if f.Name == "boards" {
			body.Boards = boards
		}
	})
	if err != nil {
		return err
	}
	if err := catalogueSessionFlags(fs, *pairs, body); err != nil {
		return err
	}
	if err := checkCardsOptions(opts); err != nil {
		return err
	}
	if _, _, err := guideFiles("", *cardsFile); err != nil {
		return err // before the catalogue, which takes seconds
	}
	body.Pairs = kinds.IntRange{*pairs, *pairs}
	r, result, err := study.Answer[[]*kinds.CatalogueAnswer](ctx, &study.Command{Cell: body})
	if err != nil {
		return err
	}
	a := result[0]
	if *plan != 0 {
		return writePlanCards(ctx, stdout, a, *plan, *cardsFile, opts)
	}
	if *pick == 0 {
		if err := study.Print(stdout, r, result, output(ctx, stdout, *asJSON, *wide)); err != nil {
			return err
		}
		if a.Recommended == nil {
			return fmt.Errorf("%d pairs: no movement is recommended: %s", a.Pairs, a.Reason)
		}
		return nil
	}
	c, err := a.Pick(*pick)
	if err != nil {
		return err
	}
	if *asJSON {
		return render.WriteJSON(stdout, c)
	}
	_, err = fmt.Fprintln(stdout, c.Spec)
	return err
}

// catalogueFlagsHaveEffect refuses a flag of the catalogue command that
// would do nothing in the combination given, in one line.
func catalogueFlagsHaveEffect(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, rule := range []struct {
		flag, needs string
		ok          bool
	}{
		{"minutes-per-board", "--hours or --minutes", set["hours"] || set["minutes"]},
		{"pair", "--leave", set["leave"]},
		{"plan", "--extra or --leave", set["extra"] || set["leave"]},
		{"plan", "--cards (it writes the plan's cards)", set["cards"]},
		{"cards", "--plan", set["plan"]},
		{"paper", "--plan and --cards", set["plan"]},
	} {
		if set[rule.flag] && !rule.ok {
			return &usageError{msg: fmt.Sprintf("catalogue: --%s has no effect without %s", rule.flag, rule.needs)}
		}
	}
	switch {
	case set["pick"] && (set["late"] || set["leave"] || set["extra"]):
		return &usageError{msg: "catalogue: --pick prints one spec: --late, --leave and --extra would have no effect with it"}
	case set["json"] && set["plan"]:
		return &usageError{msg: "catalogue: --plan writes the plan's cards: --json would have no effect with it"}
	case set["wide"] && (set["json"] || set["plan"] || set["pick"]):
		return &usageError{msg: "catalogue: --wide prints the answer's tables whole: it has no effect with --json, --plan or --pick"}
	}
	return nil
}

// catalogueSessionFlags refuses, naming the flag, what the cell would
// take for "not given" or answer with its YAML keys: --pairs missing or
// out of range (the cell asks for "a field size (13) or a range"),
// --hours 0 or --minutes 0 (the default boards were used, silently), a
// negative --minutes or --max-tables.
func catalogueSessionFlags(fs *flag.FlagSet, pairs int, body *kinds.CatalogueCell) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case !set["pairs"]:
		return &usageError{msg: fmt.Sprintf("catalogue: --pairs N is needed: the number of pairs, %d to %d\nbridgereport catalogue -h shows its flags and arguments",
			catalogue.MinPairs, catalogue.MaxPairs)}
	case pairs < catalogue.MinPairs || pairs > catalogue.MaxPairs:
		return fmt.Errorf("--pairs %d: the catalogue covers %d to %d pairs", pairs, catalogue.MinPairs, catalogue.MaxPairs)
	case set["hours"] && body.Hours == 0: // the cell checks the other values
		return fmt.Errorf("--hours 0: want the session's length, more than 0")
	case set["minutes"] && body.Minutes < 1:
		return fmt.Errorf("--minutes %d: want the session's length, 1 or more", body.Minutes)
	case body.MaxTables < 0:
		return fmt.Errorf("--max-tables %d: want a number of tables, 1 or more (0: no limit)", body.MaxTables)
	}
	return nil
}

// writePlanCards writes the cards of plan k that change to file, each
// marked as replacing the printed card or as new, and says so.
func writePlanCards(ctx context.Context, stdout io.Writer, a *kinds.CatalogueAnswer, k int, file string, opts kinds.CardsOptions) error {
	g, ch, err := a.PlanCards(ctx, k)
	if err != nil {
		return err
	}
	p := a.Plans[k-1]
	opts.Note = fmt.Sprintf("Plan %d (%s) of %s: the cards that change, each replacing the printed card of the same number, or new: %s.",
		k, p.Kind, a.Candidates[0].Spec, kinds.ChangesText(ch))
	var page bytes.Buffer
	if err := g.WriteCardsHTML(&page, opts); err != nil {
		return err
	}
	if err := disk.WriteFileAtomic(file, page.Bytes()); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "wrote %s: plan %d (%s), %d table cards and %d pair cards that change (%s), to print on %s paper\n",
		file, k, p.Kind, len(g.TableCards), len(g.PairCards), kinds.ChangesText(ch), opts.Paper)
	return err
}

var _ = addCommand(command{
	name: "catalogue", for_: forDirectors, summary: "the candidate movements for N pairs, ranked, with a recommendation", run: runCatalogue,
	json: []usage.JSONSection{{Name: "catalogue", Result: kinds.Catalogue.Results[0], About: "The catalogue cell's result for the one field size: its candidates, in rank order; `recommended` is null when every candidate breaks a bound; a candidate's `absent` is the phantom's pair number in `asc` (the movement in .ASC form, every seat filled), or null, and for an odd field its figures are those with that pair absent; `excluded` is the bound a candidate breaks, or \"\"; `change` is the --late or --leave plan, or null; `plans` the --leave or --extra plans, ranked, or null. Changed when catalogue began to run the catalogue cell: the object, its keys unchanged, is now the one element of an array (--pick --json still prints the one candidate)."},
		{When: "--pick K", Name: "pick", Result: kinds.CatalogueCandidate{}, About: "The K-th candidate within the bounds (1: the recommendation), one object with the keys of an element of `candidates` above."}},
	schema: 1,
	help: `--pairs N [--hours H | --minutes M | --boards MIN-MAX] [--late R | --leave R [--pair P] | --extra R] [--plan K --cards FILE.html] [--json] [--pick K]

The candidate movements for N pairs (6 to 60): the generated families
(curtailed ones and two sections included), re-oriented by arrow switches
for one winner, and the library movements of that size (for an odd N, of
one pair more, with a phantom pair absent: it sits out), ranked by the rule
the output states, with a recommendation and its reason (for two sections,
why not one), the boards to deal beside the boards each pair plays (the
fewest and the most, where pairs sit out), and for each the spec that
gives it exactly (movement, balance, optimize and simulate take it). A
field of two sections is numbered as the room and the scoring program
number it: section letter, then table or pair within the section (A1, B7).
--pick K prints the spec of the K-th candidate within the bounds that fits
the session (an error when there is none). When no movement fits the
session within the bounds, the answer says why and the command exits
non-zero. The session: --hours or --minutes at --minutes-per-board (default
7) give 85% to 100% of the boards that time holds; else --boards (default
24-28). The bounds: --boards-per-round (default 2-4), --max-copies (default
1: no barometer, no duplicated sets), --max-tables (default none);
candidates that break one are shown apart with the reason. --late R (one
of the N pairs arrives after round R) and --leave R (a pair leaves after
round R; --pair P: pair P) add the plan for the recommended movement, in
words, with its Qf and Qf1av as played (change in --json); --leave and
--extra R (an extra pair joins after round R: the half table's empty seat,
a rover in the published order where the family has one, an appendix
table, a restart) add the plans, ranked by the figures as played, each with
the table and pair cards that change, found by comparing the cards of the
movement as played with those printed (plans in --json). --plan K --cards
FILE.html writes plan K's changed cards, each marked as replacing the
printed card or new (--paper a4 or letter). Qd is sampled (20,000
numberings, drawn alike on every machine); a figure not computed is shown
as —. A flag that would have no effect in the combination given is
refused.`,
})
