package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/reports/study"
)

var catalogueUsage = `--pairs N [--boards MIN-MAX] [--json]

The candidate movements for N pairs (6 to 40) in a session of MIN to MAX
boards (default 24-28): the generated families, re-oriented by arrow
switches for one winner, and the library movements of that size (for an
odd N, of one pair more, with a phantom pair absent), ranked by the rule
the output states, with a recommendation and its reason. Qd is sampled
(20,000 numberings, a fixed seed), so every figure is the same on every
machine. --json prints one object (recommended is null when no movement
fits; absent is the phantom's pair number in asc, or null; asc is the
movement in .ASC form, every seat filled; for an odd N the figures are
those with pair absent absent):
` + wrap(study.JSONKeys(study.CatalogueAnswer{})) + `

flags:`

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", catalogueUsage, stderr)
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 40")
	boards := study.IntRange{24, 28}
	fs.TextVar(&boards, "boards", boards, "the session's boards, MIN-MAX")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	pick := fs.Int("pick", 0, "print only the spec of candidate K (1: the recommendation), for movement, balance, optimize or simulate")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if *pick < 0 {
		return fmt.Errorf("--pick %d: want a rank, 1 or more", *pick)
	}
	cell := &study.RecommendCell{CatalogueCell: study.CatalogueCell{Pairs: study.IntRange{*pairs, *pairs}, Boards: boards}}
	cmd := &study.Command{Kind: "recommend", Cell: cell}
	if *pick == 0 {
		return runCell(ctx, cmd, stdout, *asJSON)
	}
	_, result, err := cmd.Run(ctx)
	if err != nil {
		return err
	}
	a := result.(*study.CatalogueAnswer)
	if *pick > len(a.Candidates) {
		return fmt.Errorf("--pick %d: %d pairs have %d candidates", *pick, a.Pairs, len(a.Candidates))
	}
	c := a.Candidates[*pick-1]
	if *asJSON {
		return writeJSON(stdout, c)
	}
	_, err = fmt.Fprintln(stdout, c.Spec)
	return err
}
