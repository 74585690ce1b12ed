package kinds

import (
	"github.com/bridgereport/bridgereport/engine/season"
	"github.com/bridgereport/bridgereport/engine/session"
	"github.com/bridgereport/bridgereport/reports/resolve"
)

// Contract is what a kind promises: the type of its Result (the --json of
// the command that runs it, the "result" of its cell in results.json) and,
// where a study's published figures are the numbers of that Result by json
// path (check.Paths), the type they are read from and what carries them.
type Contract struct {
	// Results are zero values of the types the kind's Output.Result takes
	// (pointers to them): one, or one per input form (a session cell reads
	// a CSV session or a club's results file).
	Results []any
	// Figures is a zero value of the type whose json paths name the
	// figures a study may publish; nil where the kind names its figures
	// itself (see its doc).
	Figures any
	// Per says where the published figures are given: "" in the cell's
	// own published, else in each of its rows, columns, …
	Per string
	// Prefix, in the cell's own published, names the part of the Result
	// the figure is of (LABEL/ for a row by its label).
	Prefix string
}

// Contracts are the kinds' contracts, by kind. Markdown has none.
var Contracts = map[string]Contract{
	"balance":           {Results: []any{&BalanceResult{}}, Figures: BalanceFigures{}, Per: "rows"},
	"bussemaker":        {Results: []any{&BussemakerCellResult{}}, Figures: BussemakerCellResult{}},
	"catalogue":         {Results: []any{[]*CatalogueAnswer{}}, Figures: CatalogueCandidate{}, Prefix: "PAIRS/NAME/"},
	"check":             {Results: []any{&CheckResult{}}, Figures: CheckResult{}},
	"fairness":          {Results: []any{&FairnessResult{}}, Figures: FairnessJudged{}, Per: "outcomes"},
	"guide":             {Results: []any{&Guide{}}},
	"handicap":          {Results: []any{&HandicapResult{}}},
	"instant":           {Results: []any{&InstantResult{}}},
	"library":           {Results: []any{[]resolve.LibraryMovement{}}},
	"matrix":            {Results: []any{&MatrixResult{}}, Figures: MatrixResult{}},
	"movement":          {Results: []any{&MovementResult{}}},
	"neuberg":           {Results: []any{&NeubergResult{}}, Figures: NeubergRow{}, Prefix: "LABEL/"},
	"one_strong":        {Results: []any{&OneStrongColumns{}}, Figures: OneStrongColumn{}, Per: "columns"},
	"optimize":          {Results: []any{&OptimizeCellResult{}}, Figures: OptimizeRow{}, Per: "rows"},
	"optimizer_history": {Results: []any{&HistoryResult{}}, Figures: HistoryRow{}, Per: "rows"},
	"season":            {Results: []any{&season.Result{}}},
	"session":           {Results: []any{&SessionResult{}, &session.Analysis{}}},
	"session_balance":   {Results: []any{&SessionBalanceResult{}}, Figures: SessionBalanceFigures{}, Per: "rows"},
	"structure":         {Results: []any{&StructureResult{}}, Figures: StructureFigures{}, Per: "rows"},
	"two_strong":        {Results: []any{&TwoStrongRows{}}, Figures: TwoStrongResult{}, Per: "rows"},
	"vacancy":           {Results: []any{&VacancyResult{}}, Figures: VacancyResult{}},
	"vp_scale":          {Results: []any{&VPScaleResult{}}, Figures: VPScaleResult{}},
}
