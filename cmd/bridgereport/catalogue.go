package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

func runCatalogue(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("catalogue", study.CatalogueUsage, stderr)
	pairs := fs.Int("pairs", 0, "the number of pairs, 6 to 40")
	boards := study.IntRange{24, 28}
	fs.TextVar(&boards, "boards", boards, "the session's boards, MIN-MAX")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the text report")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	cell := &study.CatalogueCell{Pairs: study.IntRange{*pairs, *pairs}, Boards: boards}
	return runCell(ctx, &study.Command{Kind: "catalogue", Cell: cell}, stdout, *asJSON)
}

func runGuide(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movement", study.MovementUsage, stderr)
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
	r, result, err := (&study.Command{Kind: "movement", Cell: &study.MovementCell{Movement: pos[0], BoardsPerRound: *perRound},
		Movements: map[string]*movement.Parsed{pos[0]: pm}}).Run(ctx)
	if err == nil && *out != "" {
		err = reports.WriteFileAtomic(*out, []byte(result.(*study.GuideView).ASC))
	}
	if err != nil {
		return err
	}
	return emit(stdout, r, result, *asJSON)
}
