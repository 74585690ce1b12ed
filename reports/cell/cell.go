package cell

import (
	"context"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/check"
)

// Body is the body of a cell of one kind: *BalanceCell, *InstantCell and
// the other cell types of this package, which alone implement it. A study
// decodes it from YAML; a subcommand builds it in Go and runs it as a
// Command.
type Body interface {
	// Movements lists the named Movements the cell uses.
	Movements() []string
	Run(env *Env) (*Output, error)
}

// Common holds the fields every analysis cell has.
type Common struct {
	// ID names the cell in checks, chart ids and anchors; derived from the
	// position when empty.
	ID      string `yaml:"id"`
	Caption string `yaml:"caption"`
	// Published figures this cell reproduces, by figure name, as printed
	// (the precision of the string is the precision of the comparison).
	Published map[string]string `yaml:"published"`
	// Errata: published figures known to be wrong, with the reason.
	Errata map[string]string `yaml:"errata"`
	// Source is the work the published figures are printed in: a key of
	// the study's bibliography, with an optional locator ("balance" or
	// "balance, table 2"); each figure's check cites it.
	Source string `yaml:"source"`
}

func (c Common) GivenID() string { return c.ID }

// Publishes says whether the cell states published figures (or errata):
// a cell that states none need not name its figures, which for a large
// input costs more than the analysis (a command states none).
func (c Common) Publishes() bool { return len(c.Published) > 0 || len(c.Errata) > 0 }

// Output is a cell's output: its blocks and Result, with the published
// figures (and errata) checked against figs, the figures computed by name.
func (c Common) Output(env *Env, figs map[string]float64, blocks []reports.Block, result any) (*Output, error) {
	checks, err := check.Figures(env.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	return &Output{Blocks: blocks, Checks: checks, Result: result}, nil
}

// GivenSource is the bibliography key (and locator) of the cell's
// published figures.
func (c Common) GivenSource() string { return c.Source }

// Env is what a cell sees while it runs.
type Env struct {
	Ctx context.Context
	// ID, Kind and Body are the running cell's.
	ID        string
	Kind      string
	Body      Body
	Movements map[string]*movement.Movement
	Values    map[string]string
	Progress  io.Writer       // nil: no progress
	CacheDir  string          // the study's cell cache; "" when caching is off
	CacheUsed map[string]bool // cache files this run read or wrote, for pruning
	FromCache bool            // set when the cell's result came from the cache
	// CacheInvalid is set when the cell's cache entry failed its checks
	// and was recomputed.
	CacheInvalid bool
	// AllowOutside lets the cell read files outside the study's folder.
	AllowOutside bool
	Dir          string // the folder file keys are relative to; "" the working folder

	// OnProgress, if set, is called by long cells with the work done and
	// the total (a subcommand's progress line).
	OnProgress func(done, total int64)
	// Warnings are those of reading each movement, by name.
	Warnings map[string][]string
	// Expensive says where results of Expensive cells are kept.
	Expensive cache.Expensive
}

// NewEnv is the environment of one cell, the same for a study's cell and a
// command's: the caller sets what else it has (a study's cache, folder and
// values; a command's progress callback).
func NewEnv(ctx context.Context, id, kind string, body Body, movements map[string]*movement.Movement, warnings map[string][]string) *Env {
	if movements == nil {
		movements = map[string]*movement.Movement{}
	}
	if warnings == nil {
		warnings = map[string][]string{}
	}
	return &Env{Ctx: ctx, ID: id, Kind: kind, Body: body, Movements: movements, Warnings: warnings, CacheUsed: map[string]bool{}}
}

// Movement returns a resolved Movement by name.
func (e *Env) Movement(name string) (*movement.Movement, error) {
	m, ok := e.Movements[name]
	if !ok {
		return nil, fmt.Errorf("movement %q is not defined", name)
	}
	return m, nil
}

// Output is what a cell produces, in display order.
type Output struct {
	Blocks []reports.Block
	Checks []reports.Check
	// Result is what the cell computed, a struct whose json tags are the
	// --json contract of the command that runs the cell; the blocks present
	// it.
	Result any
}

// Slug makes a label into an id: lower case, runs of anything but letters
// and digits as one '-'.
func Slug(label string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(label) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
