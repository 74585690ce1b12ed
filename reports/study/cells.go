package study

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode"

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
	"simulate":          func() Body { return new(SimulateCell) },
	"instant":           func() Body { return new(InstantCell) },
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
	// cacheInvalid is set when the cell's cache entry failed its checks
	// and was recomputed.
	cacheInvalid bool
	// allowOutside lets the cell read files outside the study's folder.
	allowOutside bool
	dir          string // the folder file keys are relative to; "" the working folder

	// onProgress, if set, is called by long cells with the work done and
	// the total (a subcommand's progress line).
	onProgress func(done, total int64)
	// warnings are those of reading each movement, by name.
	warnings map[string][]string
	// expensive says where results of expensive cells are kept.
	expensive Expensive
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
	// Result is what the cell computed, a struct whose json tags are the
	// --json contract of the command that runs the cell; the blocks present
	// it.
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
