package main

import (
	"context"
	"io"

	"github.com/bridgereport/bridgereport/reports/diff"
	"github.com/bridgereport/bridgereport/reports/usage"
)

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diff", stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of a line per change")
	pos, err := parseFlags(fs, args, 2)
	if err != nil {
		return err
	}
	studies, changes, err := diff.DiffPaths(pos[0], pos[1])
	if err != nil {
		return err
	}
	if err := diff.PrintDiff(stdout, studies, changes, *asJSON); err != nil {
		return err
	}
	if len(changes) > 0 {
		return errFailed
	}
	return nil
}

var _ = addCommand(command{
	name: "diff", for_: forAuthors, summary: "compare two runs' results.json figure by figure (drift detection)", run: runDiff,
	json:   []usage.JSONSection{{Result: diff.DiffResult{}, About: "The studies compared and every change; `mirrors` names the table whose change a figure's change repeats."}},
	schema: 1,
	help: `[--json] OLD NEW

OLD and NEW are results.json files, or folders holding them (an output
folder of run, or studies/golden with its NAME.results.json files); studies
are matched by name. Every table cell is compared at its printed precision,
every figure value to six decimals, every check and parameter; provenance
(hashes, versions, inputs) is not. Changes are grouped by study and by
table, rows in natural order, each moved value once: a figure's value that
only repeats a table's is left out of the text. The last line counts the
studies and the values moved, added and removed. The exit status is 1 when
anything moved.`,
})
