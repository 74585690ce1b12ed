package reports

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/bridgereport/bridgereport/engine"
)

// Result is a study that has run: its cells' output, numbered, and every check.
type Result struct {
	Study  *Study
	Inputs []Input
	Cells  []CellResult
	Checks []Check
}

// CellResult is the output of one cell.
type CellResult struct {
	Cell      Cell
	Blocks    []Block
	FromCache bool
}

// Input is a file a study read, with its hash for provenance.
type Input struct {
	Path    string `json:"path,omitempty"`    // a file, as written in the study
	Library string `json:"library,omitempty"` // or a movement of the embedded library
	SHA256  string `json:"sha256"`
}

// RunOptions tune a study run; the zero value runs quietly.
type RunOptions struct {
	// Progress receives progress lines of long cells; nil for none.
	Progress io.Writer
	// CacheDir keeps the results of expensive cells between runs; "" turns
	// the cache off.
	CacheDir string
}

// RunStudy resolves the movements and runs every cell in order. An error in
// any cell stops the run: nothing half-done is returned.
func RunStudy(ctx context.Context, s *Study, opt RunOptions) (*Result, error) {
	movements, inputs, err := s.resolveMovements()
	if err != nil {
		return nil, err
	}
	res := &Result{Study: s, Inputs: inputs}
	tables, figures := 0, 0
	for _, c := range s.Cells {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		env := &runEnv{ctx: ctx, cell: c, movements: movements, values: s.Values, progress: opt.Progress, cacheDir: opt.CacheDir}
		start := time.Now()
		out, err := c.body.run(env)
		// Timings go to the progress stream only: the reports stay
		// byte-identical from run to run.
		if took := time.Since(start); opt.Progress != nil && took > 500*time.Millisecond {
			fmt.Fprintf(opt.Progress, "  %s: cell %s took %.1f s\n", s.Name, c.ID, took.Seconds())
		}
		if err != nil {
			line := c.Line
			if ee := (*entryError)(nil); errors.As(err, &ee) {
				line = ee.line
			}
			return nil, &StudyError{File: s.Path, Line: line, Err: fmt.Errorf("cell %d (%s %s): %w", c.Index+1, c.Kind(), c.ID, err)}
		}
		for _, b := range out.Blocks {
			switch {
			case b.Table != nil:
				tables++
				b.Table.Number = tables
			case b.Chart != nil:
				figures++
				b.Chart.Number = figures
			}
		}
		res.Cells = append(res.Cells, CellResult{Cell: c, Blocks: out.Blocks, FromCache: env.fromCache})
		res.Checks = append(res.Checks, out.Checks...)
	}
	seen := map[string]bool{}
	for _, c := range res.Checks {
		if seen[c.Name] {
			return nil, &StudyError{File: s.Path, Err: fmt.Errorf("two checks are named %q", c.Name)}
		}
		seen[c.Name] = true
	}
	for _, h := range s.Headline {
		if !seen[h] {
			return nil, &StudyError{File: s.Path, Err: fmt.Errorf("headline: no check is named %q", h)}
		}
	}
	return res, nil
}

// Tally counts the checks by status.
func (r *Result) Tally() (ok, errata, failed int) {
	for _, c := range r.Checks {
		switch c.Status {
		case StatusOK:
			ok++
		case StatusErratum:
			errata++
		default:
			failed++
		}
	}
	return ok, errata, failed
}

// HeadlineChecks are the checks a study names as its headline, or its
// first three.
func (r *Result) HeadlineChecks() []Check {
	if len(r.Study.Headline) == 0 {
		return r.Checks[:min(3, len(r.Checks))]
	}
	var out []Check
	for _, name := range r.Study.Headline {
		for _, c := range r.Checks {
			if c.Name == name {
				out = append(out, c)
			}
		}
	}
	return out
}

// StudyHash is the SHA-256 of the study file.
func (r *Result) StudyHash() string {
	sum := sha256.Sum256(r.Study.Data)
	return hex.EncodeToString(sum[:])
}

// Version is the tool version written into every report.
const Version = engine.Version
