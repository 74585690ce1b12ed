// Package live recomputes the cells of a published page in the reader's
// browser. A page whose study declares interactive parameters carries the
// study as written (reports.Live) and this package, built for GOOS=js
// GOARCH=wasm (reports/live/wasm); when the reader changes a value, Run
// checks it as bridgereport run -p checks it, substitutes it, resolves the
// movements and runs the cells that use it with the same kinds, the same
// seeds and the same printer of blocks as a study run, and answers with the
// HTML of each cell. It reads no file and prints nothing: the page's script
// passes the messages on.
package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// Request is what the page asks: values of its interactive parameters, and
// the cells to recompute with them.
type Request struct {
	Values map[string]string `json:"values"`
	Cells  []string          `json:"cells"`
}

// Message is one answer to a request (see Run).
type Message struct {
	Type string `json:"type"` // invalid, progress, cell, failed or done
	// Errors, of invalid, say why the study refuses each value, by
	// parameter: a value out of bounds, or a movement spec that is none;
	// Cells are the cells not computed for it.
	Errors map[string]string `json:"errors,omitempty"`
	Cells  []string          `json:"cells,omitempty"`
	Cell   string            `json:"cell,omitempty"`
	// Done and Total, of progress, count the cell's work.
	Done  int64 `json:"done,omitempty"`
	Total int64 `json:"total,omitempty"`
	// HTML and Charts, of cell, are its blocks as the page prints them.
	HTML   string             `json:"html,omitempty"`
	Charts []render.LiveChart `json:"charts,omitempty"`
	Error  string             `json:"error,omitempty"` // of failed
}

// progressEvery spaces the progress messages: the page redraws one line.
const progressEvery = 100 * time.Millisecond

// Run answers a request, sending its messages in order: invalid first for
// the values the study refuses (the cells that use one are not computed),
// then each other cell, or invalid for it when the values make one of its
// movements impossible, and done. An error is the page's: its study does
// not decode, or the request names a cell it does not recompute.
func Run(ctx context.Context, page *reports.Live, req Request, send func(Message)) error {
	st, err := parse(page)
	if err != nil {
		return err
	}
	cells := make([]reports.LiveCell, len(req.Cells))
	for i, id := range req.Cells {
		j := slices.IndexFunc(page.Cells, func(c reports.LiveCell) bool { return c.ID == id })
		if j < 0 || page.Cells[j].Index >= len(st.cells.Content) {
			return fmt.Errorf("%s: no cell %q is recomputed", page.Study, id)
		}
		cells[i] = page.Cells[j]
	}
	values, invalid, err := st.values(page, req.Values)
	if err != nil {
		return err
	}
	if len(invalid) > 0 {
		var held []string
		cells = slices.DeleteFunc(cells, func(c reports.LiveCell) bool {
			uses := slices.ContainsFunc(c.Params, func(p string) bool { _, bad := invalid[p]; return bad })
			if uses {
				held = append(held, c.ID)
			}
			return uses
		})
		send(Message{Type: "invalid", Errors: invalid, Cells: held})
	}
	if err := load.Substitute(st.doc, values); err != nil {
		return fmt.Errorf("%s:%d: %v", page.Study, err.Line, err.Err)
	}
	defs, err := st.movements()
	if err != nil {
		return err
	}
	for _, c := range cells {
		msg, err := st.runCell(ctx, c, defs, values, send)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			msg = Message{Type: "failed", Cell: c.ID, Error: err.Error()}
		}
		send(msg)
	}
	send(Message{Type: "done"})
	return nil
}

// runCell runs one cell as a study run does, with the movements it needs,
// and prints its blocks.
func (st *study) runCell(ctx context.Context, c reports.LiveCell, defs []resolve.MovementDef, values map[string]string, send func(Message)) (Message, error) {
	kind, body, err := kinds.Decode(st.cells.Content[c.Index])
	if err != nil {
		return Message{}, err
	}
	set := resolve.Set{Path: st.name, Movements: closure(defs, body.Movements())}
	ms, _, warnings, err := set.Resolve(ctx, &resolve.MovementCache{Used: map[string]bool{}})
	if err != nil {
		// A movement the values make impossible (an even Mitchell, a spec
		// that is none): said at the controls of the values it uses.
		if errs := st.blame(set.Movements, err); len(errs) > 0 {
			return Message{Type: "invalid", Errors: errs, Cells: []string{c.ID}}, nil
		}
		return Message{}, err
	}
	env := cell.NewEnv(ctx, c.ID, kind, body, ms, warnings)
	env.Values = values
	var last time.Time
	env.OnProgress = func(done, total int64) {
		if now := time.Now(); now.Sub(last) >= progressEvery || done == total {
			last = now
			send(Message{Type: "progress", Cell: c.ID, Done: done, Total: total})
		}
	}
	out, err := cell.RunCell(body, env)
	if err != nil {
		return Message{}, err
	}
	blocks := cell.FlattenCharts(out.Blocks)
	cell.Number(blocks, c.Tables, c.Figures)
	html, charts, err := render.Section(blocks)
	if err != nil {
		return Message{}, err
	}
	return Message{Type: "cell", Cell: c.ID, HTML: html, Charts: charts}, nil
}

// study is a page's study decoded down to the nodes Run needs.
type study struct {
	name   string
	doc    *yaml.Node
	params []load.Parameter
	cells  *yaml.Node
	// uses are the parameters each movement uses, before substitution.
	uses map[string][]string
}

func parse(page *reports.Live) (*study, error) {
	var root yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader([]byte(page.Source))).Decode(&root); err != nil {
		return nil, load.YAMLError(page.Study, err)
	}
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a study", page.Study)
	}
	st := &study{name: page.Study, doc: root.Content[0], uses: map[string][]string{}}
	if n := load.MappingValue(st.doc, "parameters"); n != nil {
		if err := load.StrictDecode(n, &st.params); err != nil {
			return nil, load.YAMLError(page.Study, err)
		}
	}
	if st.cells = load.MappingValue(st.doc, "cells"); st.cells == nil {
		return nil, fmt.Errorf("%s: a study without cells", page.Study)
	}
	if n := load.MappingValue(st.doc, "movements"); n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			for _, u := range load.ParameterUses(n.Content[i+1]) {
				st.uses[n.Content[i].Value] = append(st.uses[n.Content[i].Value], u.Name)
			}
		}
	}
	return st, nil
}

// values are the values in force at publication with the reader's in
// place of the interactive parameters' and, where the study refuses one,
// why, by parameter, in the words of bridgereport run -p (the published
// value then stands in: the cells that use it are not computed).
func (st *study) values(page *reports.Live, asked map[string]string) (values, invalid map[string]string, err error) {
	overrides := map[string]string{}
	for _, p := range st.params {
		if v, ok := page.Values[p.Name]; ok {
			overrides[p.Name] = v
		}
	}
	invalid = map[string]string{}
	for name, v := range asked {
		i := slices.IndexFunc(st.params, func(p load.Parameter) bool { return p.Name == name })
		switch {
		case i < 0:
			invalid[name] = fmt.Sprintf("the study declares no parameter %q", name)
		case !st.params[i].Interactive:
			invalid[name] = fmt.Sprintf("%s is not interactive: its value is the page's, %s", name, overrides[name])
		default:
			if err := st.params[i].Check(v); err != nil {
				invalid[name] = err.Error()
			} else {
				overrides[name] = v
			}
		}
	}
	// The page's own values are good: its study ran with them.
	values, err = load.ParameterValues(st.params, overrides)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", st.name, err)
	}
	return values, invalid, nil
}

// movements are the study's movements, substituted, in the file's order.
func (st *study) movements() ([]resolve.MovementDef, error) {
	n := load.MappingValue(st.doc, "movements")
	var specs map[string]resolve.MovementSpec
	if n != nil {
		if err := load.StrictDecode(n, &specs); err != nil {
			return nil, load.YAMLError(st.name, err)
		}
	}
	return resolve.Definitions(n, specs), nil
}

// closure are the movements of defs that names need, with those they are
// made from, in the file's order.
func closure(defs []resolve.MovementDef, names []string) []resolve.MovementDef {
	want := map[string]bool{}
	var add func(string)
	add = func(name string) {
		if want[name] {
			return
		}
		want[name] = true
		for _, d := range defs {
			if d.Name == name && d.Spec.From != "" {
				add(d.Spec.From)
			}
		}
	}
	for _, name := range names {
		add(name)
	}
	var out []resolve.MovementDef
	for _, d := range defs {
		if want[d.Name] {
			out = append(out, d)
		}
	}
	return out
}

// blame places a movement's error at the interactive parameters it uses,
// itself or through the movement it is made from.
func (st *study) blame(defs []resolve.MovementDef, err error) map[string]string {
	var se *load.StudyError
	if !errors.As(err, &se) {
		return nil
	}
	i := slices.IndexFunc(defs, func(d resolve.MovementDef) bool { return d.Spec.Line == se.Line })
	if i < 0 {
		return nil
	}
	out := map[string]string{}
	for name := defs[i].Name; name != ""; {
		for _, p := range st.uses[name] {
			if j := slices.IndexFunc(st.params, func(q load.Parameter) bool { return q.Name == p }); j >= 0 && st.params[j].Interactive {
				out[p] = se.Err.Error()
			}
		}
		j := slices.IndexFunc(defs, func(d resolve.MovementDef) bool { return d.Name == name })
		if j < 0 {
			break
		}
		name = defs[j].Spec.From
	}
	return out
}
