package main

import (
	"context"
	"io"
	"os"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("score", stderr)
	body := &kinds.SessionCell{} // the zero settings are the engine's defaults
	fs.IntVar(&body.Expected, "expected", 0, "results each board should have; 0 means the most any board has")
	fs.TextVar(&body.Scale, "scale", scoring.ScaleWBF, "matchpoint scale: wbf (2 per result beaten) or acbl (1)")
	fs.TextVar(&body.Round, "round", body.Round, "round the totals, each board, or none, to 0.1")
	asJSON := fs.Bool("json", false, "write one JSON object instead of the tables")
	wide := wideFlag(fs)
	seasonBody := &kinds.SeasonCell{}
	fs.IntVar(&seasonBody.BestOf, "best-of", 0, "a season: also each partnership's average over its best N sessions")
	fs.IntVar(&seasonBody.Resamples, "resamples", 0, "a season: bootstrap resamples a session (0: 2000)")
	fs.Uint64Var(&seasonBody.Seed, "seed", 0, "a season: seed of the bootstrap and the optimiser")
	pos, err := parseFlags(fs, args, -1)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return &usageError{msg: "score: want a FILE, several results files or a folder\nbridgereport score -h shows its flags and arguments"}
	}
	if fi, err := os.Stat(pos[0]); len(pos) > 1 || err == nil && fi.IsDir() {
		if len(pos) == 1 {
			seasonBody.Files = pos[0]
		} else {
			seasonBody.Paths = pos
		}
		return (&study.Command{Cell: seasonBody}).Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
	}
	body.File = pos[0]
	return (&study.Command{Cell: body}).Print(ctx, stdout, output(ctx, stdout, *asJSON, *wide))
}

var _ = addCommand(command{
	name: "score", for_: forDirectors, summary: "matchpoint a pairs session, Neuberg-adjusting short boards", run: runScore,
	json: []usage.JSONSection{
		{When: "FILE.csv", Name: "session", Result: kinds.Session.Results[0], About: "A session matchpointed, Neuberg-adjusting boards played fewer times; `expected`, `scale`, `rounding` and `step` are the settings in force."},
		{When: "a results FILE (.xml, .pbn, ACBLscore's .txt, .htm or .ACA)", Name: "club", Result: kinds.Session.Results[1], About: "A club's results file (USEBIO, PBN, NZ Scorer's XML, an ACBLscore report or game file) analysed: every pair's percentage as the file prints it and recomputed, the scoring method identified, every disagreement, Neuberg's rounding, the movement played with its balance, the luck model on it, and instant matchpoints from the field. `warnings` (the file's own mistakes) and `disagreements` list the first 10 of each kind, and `warning_counts` and `disagreement_counts` count every one by kind: a file whose mistake repeats on every line is reported once, with its count (before, every one was listed); `movement[].matrix` is null, and the luck model left out with a note, for a field of more than 100 pairs. `club`, `file_movement`, `file_top`, `file_average` are what the file's header states, and a pair's `strat`, `strat_ranks`, `masterpoints` and `handicap_file` what the file awards it (ACBLscore, Scorer), when it does; `method_detail.scale` is `acbl` when the file's matchpoints are 1 a result beaten; a movement's `reading` says what its Qf measures and `qf_board_by_board` is the boards as played."},
		{When: "FILE... or DIR (a season)", Name: "season", Result: kinds.Season.Results[0], About: "A club's season: each session's date, method, disagreements and movements (Qf, Qd, the better arrow switches in words), each pair's probability of finishing first and in the top three from a seeded bootstrap over the boards, every partnership's season average with its standard error and 95 % interval (best N of M with --best-of), and the season's fairness (NS against EW, stationary against moving, Neuberg's rank changes)."}},
	schema: 1,
	help: `[--expected N] [--scale wbf|acbl] [--round total|board|none] [--json] FILE.csv|.xml|.pbn
       score [--best-of N] [--resamples N] [--seed N] [--json] FILE... | DIR

Matchpoints a pairs session (the CSV board,ns,ew,score), Neuberg-adjusting
boards played fewer times.

FILE may also be a club's results file (USEBIO or NZ Scorer XML, PBN, an
ACBLscore report (.txt, .htm) or game file (.ACA); docs/formats.md), told
by its first bytes or its extension: its figures are recomputed and checked,
its scoring method named, Neuberg's rounding measured, the movement played
reconstructed with its balance, and the luck model run on it.

Several results files, or a folder of them (its .xml, .pbn, .txt, .htm,
.html and .ACA-like files; one with the same results as a file read before
is skipped), are a season: each session analysed, its movement with Qf, Qd
and the better arrow switches, each pair's probability of finishing first
from a bootstrap over the boards, every partnership's season average with a
95 % interval, and the season's fairness.`,
})
