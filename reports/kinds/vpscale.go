package kinds

import (
	"fmt"
	"math"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// VPScaleCell tabulates the WBF continuous 20-VP scale by match length: how
// many IMPs a VP is worth near a draw (the inverse of the scale's slope
// there) and on average up to the blitz. Its figures are, for each board
// count n, boards/n/imps_per_vp (IMPs per VP at a draw), boards/n/blitz
// (the margin that gives 20 VPs) and boards/n/imps_per_vp_blitz (blitz /
// 10, IMPs per VP on average from a draw to a blitz); with factor,
// boards_for_factor, the match length at which a VP near a draw is worth
// factor IMPs. Checks are named <id>/<figure>.
type VPScaleCell struct {
	cell.Common `yaml:",inline"`
	// Boards are the match lengths of the rows.
	Boards []int `yaml:"boards"`
	// Factor is an IMPs-per-VP factor to place on the scale, such as the
	// 2.75 of seed 002's handicaps.
	Factor float64 `yaml:"factor"`
}

// VPScale is the vp_scale kind.
var VPScale = register(Kind{Name: "vp_scale", New: func() cell.Body { return new(VPScaleCell) }, Results: []any{&VPScaleResult{}}, Figures: VPScaleResult{}})

// VPScaleResult is what a vp_scale cell computes: the scale at each match
// length, by its number of boards.
type VPScaleResult struct {
	Boards map[string]VPScaleRow `json:"boards"`
	// Factor is the cell's; BoardsForFactor the match length at which a VP
	// near a draw is worth Factor IMPs.
	Factor          float64  `json:"factor,omitempty"`
	BoardsForFactor *float64 `json:"boards_for_factor,omitempty"`
}

// VPScaleRow is the 20-VP scale at one match length.
type VPScaleRow struct {
	IMPsPerVP      float64 `json:"imps_per_vp"`       // at a draw
	Blitz          float64 `json:"blitz"`             // the margin that gives 20 VPs
	IMPsPerVPBlitz float64 `json:"imps_per_vp_blitz"` // blitz / 10
}

func (c *VPScaleCell) Movements() []string { return nil }

func (c *VPScaleCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Boards) == 0 {
		return nil, fmt.Errorf("boards: give at least one match length")
	}
	if c.Factor < 0 {
		return nil, fmt.Errorf("factor: %v: want a positive number of IMPs per VP", c.Factor)
	}
	t := &reports.Table{ID: env.ID, Caption: cell.CaptionOr(c.Caption, "The WBF 20-VP scale by match length"), Columns: []reports.Column{
		{Name: "boards"}, {Name: "IMPs per VP at a draw", Decimals: 2}, {Name: "blitz margin (IMPs)", Decimals: 1},
		{Name: "IMPs per VP, draw to blitz", Decimals: 2}}}
	res := &VPScaleResult{Boards: map[string]VPScaleRow{}, Factor: c.Factor}
	for _, n := range c.Boards {
		if n < 1 {
			return nil, fmt.Errorf("boards: %d: a match has at least one board", n)
		}
		draw, blitz := 1/scoring.DrawSlope(n), scoring.BlitzMargin(n)
		t.Rows = append(t.Rows, []any{n, draw, blitz, blitz / 10})
		res.Boards[strconv.Itoa(n)] = VPScaleRow{draw, blitz, blitz / 10}
	}
	out := &cell.Output{Blocks: []reports.Block{{Table: t}}, Result: res}
	if c.Factor > 0 {
		// IMPs per VP at a draw grow with √boards.
		n := math.Pow(c.Factor*scoring.DrawSlope(1), 2)
		res.BoardsForFactor = &n
		out.Blocks = append(out.Blocks, reports.Block{Prose: fmt.Sprintf("A VP near a draw is worth %s IMPs in a match of %.2f boards.", cell.FmtNum(c.Factor), n)})
	}
	figs, err := check.Paths(res)
	if err != nil {
		return nil, err
	}
	checks, err := check.Figures(env.ID+"/", figs, c.Published, c.Errata)
	if err != nil {
		return nil, err
	}
	out.Checks = checks
	return out, nil
}
