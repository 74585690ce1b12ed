package kinds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// MatrixCell shows the score matrix of a movement as a table and a heatmap,
// and can check it against a published matrix (rows of numbers, `\` on the
// diagonal).
type MatrixCell struct {
	cell.Common `yaml:",inline"`
	// Movement names the movement whose score matrix is shown.
	Movement string `yaml:"movement"`
	// PublishedMatrix is the matrix as printed.
	PublishedMatrix string `yaml:"published_matrix"`
}

// Matrix is the matrix kind.
var Matrix = register(Kind{Name: "matrix", Browser: true, New: func() cell.Body { return new(MatrixCell) }, Results: []any{&MatrixResult{}}, Figures: MatrixResult{}})

// MatrixResult is what a matrix cell computes: the balance of the movement
// with its score matrix, as rows (null on the diagonal).
type MatrixResult struct {
	Movement string `json:"movement"`
	*movement.Balance
	Matrix [][]*int `json:"matrix"`
}

func (c *MatrixCell) Movements() []string { return []string{c.Movement} }

func (c *MatrixCell) Run(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	b := movement.ComputeBalance(m)
	caption := cell.CaptionOr(c.Caption, fmt.Sprintf("Score matrix of %s (h = %d)", c.Movement, b.H))
	t := &reports.Table{ID: env.ID, Caption: caption, Columns: []reports.Column{{Name: "pair"}}}
	ch := &reports.Chart{ID: env.ID + "-heatmap", Caption: caption, Kind: "heatmap", XName: "pair", YName: "pair", ValueName: "score"}
	for q := 1; q <= b.Pairs; q++ {
		t.Columns = append(t.Columns, reports.Column{Name: strconv.Itoa(q)})
		ch.XLabels = append(ch.XLabels, strconv.Itoa(q))
		ch.YLabels = append(ch.YLabels, strconv.Itoa(q))
	}
	for p := 1; p <= b.Pairs; p++ {
		row := []any{p}
		grid := make([]*float64, b.Pairs)
		for q := 1; q <= b.Pairs; q++ {
			if p == q {
				row = append(row, `\`)
				continue
			}
			row = append(row, b.At(p, q))
			v := float64(b.At(p, q))
			grid[q-1] = &v
		}
		t.Rows = append(t.Rows, row)
		ch.Grid = append(ch.Grid, grid)
	}
	res := &MatrixResult{Movement: c.Movement, Balance: b, Matrix: matrixRows(b)}
	out := &cell.Output{Blocks: []reports.Block{{Table: t}, {Chart: ch}}, Result: res}
	computed, err := check.Paths(res)
	if err != nil {
		return nil, err
	}
	checks, err := check.Figures(env.ID+"/", computed, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = checks
	if c.PublishedMatrix != "" {
		check, err := compareMatrix(env.ID+"/matrix", c.PublishedMatrix, b)
		if err != nil {
			return nil, err
		}
		out.Checks = append(out.Checks, check)
	}
	return out, nil
}

// matrixRows is a score matrix as rows, with null on the diagonal.
func matrixRows(b *movement.Balance) [][]*int {
	rows := make([][]*int, b.Pairs)
	for p := range rows {
		rows[p] = make([]*int, b.Pairs)
		for q := range rows[p] {
			if p != q {
				x := b.At(p+1, q+1)
				rows[p][q] = &x
			}
		}
	}
	return rows
}

// compareMatrix checks a printed matrix entry by entry.
func compareMatrix(name, printed string, b *movement.Balance) (reports.Check, error) {
	var rows [][]string
	for _, line := range strings.Split(strings.TrimSpace(printed), "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	if len(rows) != b.Pairs {
		return reports.Check{}, fmt.Errorf("published_matrix: %d rows, the movement has %d pairs", len(rows), b.Pairs)
	}
	var diffs []string
	for p, row := range rows {
		if len(row) != b.Pairs {
			return reports.Check{}, fmt.Errorf("published_matrix: row %d has %d entries, want %d", p+1, len(row), b.Pairs)
		}
		for q, s := range row {
			if p == q {
				continue
			}
			v, err := strconv.Atoi(s)
			if err != nil {
				return reports.Check{}, fmt.Errorf("published_matrix: row %d: %q is not a number", p+1, s)
			}
			if got := b.At(p+1, q+1); got != v {
				diffs = append(diffs, fmt.Sprintf("(%d,%d) printed %d computed %d", p+1, q+1, v, got))
			}
		}
	}
	c := reports.Check{Name: name, Published: fmt.Sprintf("%d×%d matrix", b.Pairs, b.Pairs), Computed: "identical", Status: reports.StatusOK}
	if len(diffs) > 0 {
		c.Computed, c.Status = fmt.Sprintf("%d entries differ: %s", len(diffs), strings.Join(diffs[:min(5, len(diffs))], "; ")), reports.StatusFail
	}
	return c, nil
}
