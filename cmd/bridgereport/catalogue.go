package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/bridgereport/bridgereport/reports/kinds"

	"github.com/bridgereport/bridgereport/engine/catalogue"

	"github.com/bridgereport/bridgereport/reports/study"
)

var catalogueUsage = `--pairs N [--hours H | --minutes M | --boards MIN-MAX] [--late R | --leave R | --extra R] [--json] [--pick K]

The candidate movements for N pairs (6 to 60): the generated families
(curtailed ones and two sections included), re-oriented by arrow switches
for one winner, and the library movements of that size (for an odd N, of
one pair more, with a phantom pair absent: it sits out), ranked by the rule
the output states, with a recommendation and its reason, the boards to
deal beside the boards each pair plays, and for each the spec that gives it
exactly (movement, balance, optimize and simulate take it). --pick K prints
the spec of the K-th candidate within the bounds that fits the session
(an error when there is none). When no movement fits the session within
the bounds, the answer says why and the command exits non-zero. The
session: --hours or --minutes at --minutes-per-board (default 7) give 85%
to 100% of the boards that time holds; else --boards (default 24-28). The
bounds: --boards-per-round (default 2-4), --max-copies (default 1: no
barometer, no duplicated sets), --max-tables (default none); candidates
that break one are shown apart with the reason. --late R (one of the N
pairs arrives after round R) and --leave R (a pair leaves after round R)
add the plan for the recommended movement, in words, with its Qf and Qf1av
as played (change in --json); --leave and --extra R (an extra pair joins
after round R: the half table's empty seat, a rover in the published order
where the family has one, an appendix table, a restart) add the plans,
ranked by the figures as played, and the changed guide cards of the best
(plans in --json). Qd is sampled (20,000 numberings, a fixed seed), so
every figure is the same on every machine. --json prints one object
(recommended is null when nothing fits; absent is the phantom's pair
number in asc, or null; asc is the movement in .ASC form, every seat
filled; for an odd N the figures are those with pair absent absent;
excluded is the bound a candidate breaks, or ""):
` + wrap(jsonKeys(kinds.CatalogueAnswer{})) + `

flags:`

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", catalogueUsage, stderr)
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 60")
	var boards, perRound kinds.IntRange
	fs.TextVar(&boards, "boards", kinds.IntRange{catalogue.DefaultMinBoards, catalogue.DefaultMaxBoards}, "the session's boards, MIN-MAX")
	hours := fs.Float64("hours", 0, "the session's length in hours (2.5): gives the boards")
	minutes := fs.Int("minutes", 0, "the session's length in minutes: gives the boards")
	perBoard := fs.Int("minutes-per-board", kinds.DefaultMinutesPerBoard, "minutes a board takes, the change of round included")
	fs.TextVar(&perRound, "boards-per-round", kinds.IntRange{catalogue.DefaultMinPerRound, catalogue.DefaultMaxPerRound}, "boards a round, MIN-MAX")
	maxCopies := fs.Int("max-copies", catalogue.DefaultMaxCopies, "the most copies of each board (more: a barometer or duplicated sets)")
	maxTables := fs.Int("max-tables", 0, "the most tables the room has (0: no limit)")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	late := fs.Int("late", 0, "a pair arrives after this round: the plan, with the movement's Qf and Qf1 as played")
	leave := fs.Int("leave", 0, "a pair leaves after this round: the plan, with the movement's Qf and Qf1 as played")
	extra := fs.Int("extra", 0, "an extra pair joins after this round: the plans, ranked, and the cards of the best")
	pick := fs.Int("pick", 0, "print only the spec of the K-th candidate within the bounds that fits the session (1: the recommendation)")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["hours"] && set["minutes"] {
		return fmt.Errorf("--hours and --minutes both give the session's length: give one")
	}
	if set["hours"] && !(*hours > 0 && *hours <= 24) { // NaN fails this too
		return &usageError{msg: fmt.Sprintf("catalogue: --hours %v: want the session's length, more than 0 and at most 24 hours", *hours)}
	}
	if *hours < 0 || *minutes < 0 || *perBoard < 1 || *maxCopies < 1 || *maxTables < 0 {
		return fmt.Errorf("--hours, --minutes, --minutes-per-board and --max-copies take positive numbers, --max-tables 0 or more")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"pick", *pick}, {"late", *late}, {"leave", *leave}, {"extra", *extra}} {
		if set[f.name] && f.v < 1 {
			return fmt.Errorf("--%s %d: want a %s, 1 or more", f.name, f.v, map[bool]string{true: "rank", false: "round"}[f.name == "pick"])
		}
	}
	body := &kinds.RecommendCell{Late: *late, Leave: *leave, Extra: *extra, CatalogueCell: kinds.CatalogueCell{Pairs: kinds.IntRange{*pairs, *pairs},
		BoardsPerRound: perRound, MaxCopies: *maxCopies, MaxTables: *maxTables, MinutesPerBoard: *perBoard}}
	switch {
	case set["hours"] || set["minutes"]:
		if set["boards"] {
			return fmt.Errorf("--boards and --%s both give the session's length: give one", map[bool]string{true: "hours", false: "minutes"}[set["hours"]])
		}
		body.Minutes = *minutes
		if set["hours"] {
			body.Minutes = int(math.Round(*hours * 60))
		}
		if body.Minutes < *perBoard {
			return fmt.Errorf("a session of %d minutes at %d minutes a board holds no board", body.Minutes, *perBoard)
		}
	default:
		body.Boards = boards
	}
	cmd := &study.Command{Kind: "recommend", Cell: body}
	r, result, err := cmd.Run(ctx)
	if err != nil {
		return err
	}
	a := result.(*kinds.CatalogueAnswer)
	if *pick == 0 {
		if err := emit(stdout, r, result, *asJSON); err != nil {
			return err
		}
		if a.Recommended == nil {
			return fmt.Errorf("%d pairs: no movement is recommended: %s", a.Pairs, a.Reason)
		}
		return nil
	}
	var within []kinds.CatalogueCandidate
	for _, c := range a.Candidates {
		if c.Excluded == "" && c.InRange {
			within = append(within, c)
		}
	}
	switch {
	case len(within) == 0:
		return fmt.Errorf("--pick %d: no candidate for %d pairs is within the bounds and fits the session: %s", *pick, a.Pairs, a.Reason)
	case *pick > len(within):
		return fmt.Errorf("--pick %d: %d pairs have %d candidates within the bounds that fit the session (pick 1 to %d)", *pick, a.Pairs, len(within), len(within))
	}
	c := within[*pick-1]
	if *asJSON {
		return writeJSON(stdout, c)
	}
	_, err = fmt.Fprintln(stdout, c.Spec)
	return err
}
