package study

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/render"
)

// Command is a study of one cell, as each subcommand runs it: the same cell
// kind a study uses (the kind of its body), with the same decoding of its
// settings (the engine's settings types read text, from YAML and from flags
// alike). Run returns the report of the cell's blocks, which the subcommand
// prints as text, and the cell's result, which its --json prints.
//
// A cell presents its Result once, in blocks; a command prints those
// blocks with the Text printer, or the Result as JSON. The text layouts
// users rely on (the balans -c check report of a movement, the seeds'
// tables) are preformatted blocks, which every printer prints.
type Command struct {
	Cell cell.Body // for example &kinds.CheckCell{Movement: arg}
	// Movements are the movements the cell names, read by ResolveMovement.
	Movements map[string]*movement.Parsed
	// Progress, if set, is called now and then by long cells with the work
	// done and the total.
	Progress func(done, total int64)
}

// Run runs the cell. Its errors are the cell's own, without a study's
// file and line; a panic in the cell is an error, as in a study. The
// report has no checks: a command states no published figures (a kind's
// own checks, such as the catalogue's of the library's annotations, are a
// study's).
func (c *Command) Run(ctx context.Context) (*reports.Report, any, error) {
	kind := kinds.Of(c.Cell).Name
	env := cell.NewEnv(ctx, kind, kind, c.Cell, nil, nil)
	env.OnProgress = c.Progress
	for name, pm := range c.Movements {
		env.Movements[name] = pm.Movement
		for _, w := range pm.Warnings {
			env.Warnings[name] = append(env.Warnings[name], w.Error())
		}
	}
	out, err := cell.RunCell(c.Cell, env)
	if err != nil {
		return nil, nil, err
	}
	r := &reports.Report{
		Name: kind, Sections: []reports.Section{{ID: kind, Kind: kind, Blocks: out.Blocks, Result: out.Result}},
		Provenance: reports.Provenance{Version: engine.Version},
	}
	return r, out.Result, nil
}

// Answer runs the command and returns its Result as the type R its kind
// promises; a Result of another type is a defect of the kind.
func Answer[R any](ctx context.Context, c *Command) (*reports.Report, R, error) {
	var zero R
	r, result, err := c.Run(ctx)
	if err != nil {
		return nil, zero, err
	}
	v, ok := result.(R)
	if !ok {
		return nil, zero, fmt.Errorf("internal error, please report it: %s gave a %T, not a %T", r.Name, result, zero)
	}
	return r, v, nil
}

// Print runs the command and prints its report as text, or its Result as
// JSON.
func (c *Command) Print(ctx context.Context, w io.Writer, out Output) error {
	r, result, err := c.Run(ctx)
	if err != nil {
		return err
	}
	return Print(w, r, result, out)
}

// Output is how a command prints its answer.
type Output struct {
	JSON bool // the Result as JSON, instead of the report as text
	// Width is the terminal's width the text is fitted to (render's
	// Renderer.Width); 0 prints every table whole.
	Width int
}

// Print writes a command's report with the Text printer, or its Result as
// JSON.
func Print(w io.Writer, r *reports.Report, result any, out Output) error {
	if out.JSON {
		return render.WriteJSON(w, result)
	}
	return (&render.Renderer{Width: out.Width}).Text(w, r)
}
