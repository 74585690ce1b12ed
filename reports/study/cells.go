package study

import (
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	figures "github.com/bridgereport/bridgereport/engine/published"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
)

// kinds is the registry of cell kinds: the key that names a cell in a study,
// and a constructor of its empty body, which decodes itself from that key's
// value. A kind is one file: its fields, its run and its presenter.
var kinds = map[string]func() Body{
	"markdown":          func() Body { return new(MarkdownCell) },
	"movement":          func() Body { return new(MovementCell) },
	"guide":             func() Body { return new(GuideCell) },
	"matrix":            func() Body { return new(MatrixCell) },
	"balance":           func() Body { return new(BalanceCell) },
	"check":             func() Body { return new(CheckCell) },
	"vacancy":           func() Body { return new(VacancyCell) },
	"session_balance":   func() Body { return new(SessionBalanceCell) },
	"optimize":          func() Body { return new(OptimizeCell) },
	"optimizer_history": func() Body { return new(OptimizerHistoryCell) },
	"one_strong":        func() Body { return new(OneStrongCell) },
	"two_strong":        func() Body { return new(TwoStrongCell) },
	"bussemaker":        func() Body { return new(BussemakerCell) },
	"instant":           func() Body { return NewInstantCell() },
	"neuberg":           func() Body { return new(NeubergCell) },
	"session":           func() Body { return new(SessionCell) },
	"handicap":          func() Body { return new(HandicapCell) },
	"fairness":          func() Body { return new(FairnessCell) },
	"catalogue":         func() Body { return new(CatalogueCell) },
	"recommend":         func() Body { return new(RecommendCell) },
	"structure":         func() Body { return new(StructureCell) },
	"vp_scale":          func() Body { return new(VPScaleCell) },
}

// Kinds lists the cell kinds a study may use, sorted.
func Kinds() []string { return slices.Sorted(maps.Keys(kinds)) }

// decodeCell decodes one entry of a study's cells: a mapping with a single
// key, the kind, whose value is the cell's body.
func decodeCell(n *yaml.Node) (kind string, body Body, err error) {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return "", nil, fmt.Errorf("a cell is a mapping with one key, its kind: one of %s", strings.Join(Kinds(), ", "))
	}
	kind = n.Content[0].Value
	newBody, ok := kinds[kind]
	if !ok {
		return "", nil, fmt.Errorf("unknown cell kind %q (known: %s)", kind, strings.Join(Kinds(), ", "))
	}
	body = newBody()
	if err := strictDecode(n.Content[1], body); err != nil {
		return "", nil, err
	}
	return kind, body, nil
}

// cellID is a cell's id: the one given, or one derived from its kind and
// position.
func cellID(kind string, body Body, index int) string {
	if kind == "markdown" {
		return fmt.Sprintf("prose-%d", index+1)
	}
	if c, ok := body.(interface{ givenID() string }); ok && c.givenID() != "" {
		return c.givenID()
	}
	return fmt.Sprintf("%s-%d", kind, index+1)
}

// Cell is a decoded cell in its study.
type Cell struct {
	Index int // 0-based position in the study
	Line  int // line of the cell in the study file
	ID    string
	kind  string
	body  Body
	// figures are the cell's published, beats and errata entries with
	// their lines, to place a check in the study file (figureline.go).
	figures []figureEntry
	// proseLine is the line of a markdown cell's first line of text; 0
	// when its lines cannot be placed (proselint.go).
	proseLine int
}

// Kind is the cell's key in the study (markdown, balance, ...).
func (c Cell) Kind() string { return c.kind }

// Body is the body of a cell of one kind: *BalanceCell, *InstantCell and
// the other cell types of this package, which alone implement it. A study
// decodes it from YAML; a subcommand builds it in Go and runs it as a
// Command.
type Body interface {
	// movements lists the named movements the cell uses.
	movements() []string
	run(env *runEnv) (*cellOutput, error)
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
}

func (c Common) givenID() string { return c.ID }

// runEnv is what a cell sees while it runs.
type runEnv struct {
	ctx       context.Context
	cell      Cell
	movements map[string]*movement.Movement
	values    map[string]string
	progress  io.Writer       // nil: no progress
	cacheDir  string          // the study's cell cache; "" when caching is off
	cacheUsed map[string]bool // cache files this run read or wrote, for pruning
	fromCache bool            // set when the cell's result came from the cache
	dir       string          // the folder file keys are relative to; "" the working folder

	// command is set when the cell runs as a subcommand: it presents its
	// text layout and sets its result for --json.
	command bool
	// onProgress, if set, is called by long cells with the work done and
	// the total (a subcommand's progress line).
	onProgress func(done, total int64)
	// warnings are those of reading each movement, by name.
	warnings map[string][]string
}

// path is a file key of the cell as a path to open.
func (e *runEnv) path(file string) string {
	if e.dir == "" {
		return file
	}
	return filepath.Join(e.dir, file)
}

// movement returns a resolved movement by name.
func (e *runEnv) movement(name string) (*movement.Movement, error) {
	m, ok := e.movements[name]
	if !ok {
		return nil, fmt.Errorf("movement %q is not defined", name)
	}
	return m, nil
}

// cellOutput is what a cell produces, in display order.
type cellOutput struct {
	Blocks []reports.Block
	Checks []reports.Check
	// Result is, when the cell runs as a subcommand, what its --json
	// prints: the engine's result or a thin view of it with the keys the
	// command has always printed.
	Result any
}

// entryError is bad input in one entry of a cell (a team, an outcome),
// reported at the entry's line rather than the cell's.
type entryError struct {
	line int
	err  error
}

func (e *entryError) Error() string { return e.err.Error() }
func (e *entryError) Unwrap() error { return e.err }

// checkFigures compares published figures with computed ones. Every
// published or erratum key must name a computed figure.
func checkFigures(prefix string, computed map[string]float64, published, errata map[string]string) ([]reports.Check, error) {
	for key := range errata {
		if _, ok := published[key]; !ok {
			return nil, fmt.Errorf("errata: %s has no published figure", key)
		}
	}
	var checks []reports.Check
	for _, key := range slices.Sorted(maps.Keys(published)) {
		value, ok := computed[key]
		if !ok {
			return nil, fmt.Errorf("published: unknown figure %q (this cell computes %s)", key, strings.Join(slices.Sorted(maps.Keys(computed)), ", "))
		}
		c, err := compare(prefix+key, published[key], value, errata[key])
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// compare checks one figure at the precision of its published form.
func compare(name, published string, value float64, erratum string) (reports.Check, error) {
	if _, err := strconv.ParseFloat(published, 64); err != nil {
		return reports.Check{}, fmt.Errorf("published %s: %q is not a number", name, published)
	}
	c := reports.Check{Name: name, Published: published, Computed: strconv.FormatFloat(value, 'f', figures.Decimals(published), 64)}
	want, _ := strconv.ParseFloat(published, 64)
	got, _ := strconv.ParseFloat(c.Computed, 64)
	switch {
	case got == want && erratum == "":
		c.Status = reports.StatusOK
	case got == want:
		c.Status, c.Reason = reports.StatusFail, "declared an erratum, but the published figure reproduces: "+erratum
	case erratum != "":
		c.Status, c.Reason = reports.StatusErratum, erratum
	default:
		c.Status = reports.StatusFail
	}
	return c, nil
}

// higherIsBetter are the figures a published value can be beaten on.
var higherIsBetter = []string{"qf", "qo", "qf1_av", "qf1_max"}

// checkBeats checks that each figure reaches or beats the published one,
// compared at the published precision: a published figure of another
// movement for the same event, which this one improves on.
func checkBeats(prefix string, computed map[string]float64, beats, published map[string]string) ([]reports.Check, error) {
	var checks []reports.Check
	for _, key := range slices.Sorted(maps.Keys(beats)) {
		if _, ok := published[key]; ok {
			return nil, fmt.Errorf("beats: %s is published too: give it in one of them", key)
		}
		if !slices.Contains(higherIsBetter, key) {
			return nil, fmt.Errorf("beats: %q is not a figure where higher is better (%s)", key, strings.Join(higherIsBetter, ", "))
		}
		want, err := strconv.ParseFloat(beats[key], 64)
		if err != nil {
			return nil, fmt.Errorf("beats %s: %q is not a number", key, beats[key])
		}
		c := reports.Check{Name: prefix + key, Published: beats[key] + " (to reach or beat)",
			Computed: strconv.FormatFloat(computed[key], 'f', figures.Decimals(beats[key]), 64), Status: reports.StatusOK}
		switch got, _ := strconv.ParseFloat(c.Computed, 64); {
		case got < want:
			c.Status = reports.StatusFail
		case got > want:
			c.Reason = "beaten"
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// MarkdownCell is prose.
type MarkdownCell string

func (c *MarkdownCell) movements() []string { return nil }
func (c *MarkdownCell) run(*runEnv) (*cellOutput, error) {
	return &cellOutput{Blocks: []reports.Block{{Prose: string(*c)}}}, nil
}

// slug makes a label into an id: lower case, runs of anything but letters
// and digits as one '-'.
func slug(label string) string {
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
