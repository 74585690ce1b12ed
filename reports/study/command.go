package study

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// Command is a study of one cell, as each subcommand runs it: the same cell
// kind a study uses, with the same decoding of its settings (the engine's
// settings types read text, from YAML and from flags alike). Run returns
// the report of the cell's blocks, which the subcommand prints as text,
// and the cell's result, which its --json prints.
//
// Run as a command, a cell presents the text layout users rely on (the
// balans -c check report of a movement, the tables of the seeds) as one
// preformatted block, and its result is the engine's result, or a thin
// view of it whose keys are the command's promise to scripts.
type Command struct {
	Kind string // the cell kind, as a study names it: balance, instant, …
	Cell Body   // for example &BalanceCell{Rows: []BalanceRow{{Movement: arg}}}
	// Movements are the movements the cell names, read by ResolveMovement.
	Movements map[string]*movement.Parsed
	// Progress, if set, is called now and then by long cells with the work
	// done and the total.
	Progress func(done, total int64)
}

// Run runs the cell. Its errors are the cell's own, without a study's
// file and line.
func (c *Command) Run(ctx context.Context) (*reports.Report, any, error) {
	if _, ok := kinds[c.Kind]; !ok {
		panic(fmt.Sprintf("study: Command: unknown cell kind %q", c.Kind))
	}
	env := &runEnv{
		ctx: ctx, cell: Cell{ID: c.Kind, kind: c.Kind, body: c.Cell},
		movements: map[string]*movement.Movement{}, warnings: map[string][]string{},
		command: true, onProgress: c.Progress,
	}
	for name, pm := range c.Movements {
		env.movements[name] = pm.Movement
		for _, w := range pm.Warnings {
			env.warnings[name] = append(env.warnings[name], w.Error())
		}
	}
	out, err := c.Cell.run(env)
	if err != nil {
		return nil, nil, err
	}
	r := &reports.Report{
		Name: c.Kind, Sections: []reports.Section{{ID: c.Kind, Blocks: out.Blocks}}, Checks: out.Checks,
		Provenance: reports.Provenance{Version: engine.Version},
	}
	return r, out.Result, nil
}

// layout writes a text layout into a preformatted block.
func layout(id string, write func(w io.Writer) error) (reports.Block, error) {
	var b strings.Builder
	err := write(&b)
	return reports.Block{Pre: &reports.Preformatted{ID: id, Text: b.String()}}, err
}
