package kinds

import (
	"maps"
	"slices"

	"github.com/bridgereport/bridgereport/reports/cell"
)

// Registry is the registry of cell Registry: the key that names a cell in a study,
// and a constructor of its empty body, which decodes itself from that key's
// value. A kind is one file: its fields, its run and its presenter.
var Registry = map[string]func() cell.Body{
	"markdown":          func() cell.Body { return new(MarkdownCell) },
	"movement":          func() cell.Body { return new(MovementCell) },
	"guide":             func() cell.Body { return new(GuideCell) },
	"matrix":            func() cell.Body { return new(MatrixCell) },
	"balance":           func() cell.Body { return new(BalanceCell) },
	"check":             func() cell.Body { return new(CheckCell) },
	"vacancy":           func() cell.Body { return new(VacancyCell) },
	"session_balance":   func() cell.Body { return new(SessionBalanceCell) },
	"optimize":          func() cell.Body { return new(OptimizeCell) },
	"optimizer_history": func() cell.Body { return new(OptimizerHistoryCell) },
	"one_strong":        func() cell.Body { return new(OneStrongCell) },
	"two_strong":        func() cell.Body { return new(TwoStrongCell) },
	"bussemaker":        func() cell.Body { return new(BussemakerCell) },
	"instant":           func() cell.Body { return new(InstantCell) },
	"neuberg":           func() cell.Body { return new(NeubergCell) },
	"session":           func() cell.Body { return new(SessionCell) },
	"season":            func() cell.Body { return new(SeasonCell) },
	"handicap":          func() cell.Body { return new(HandicapCell) },
	"fairness":          func() cell.Body { return new(FairnessCell) },
	"catalogue":         func() cell.Body { return new(CatalogueCell) },
	"structure":         func() cell.Body { return new(StructureCell) },
	"vp_scale":          func() cell.Body { return new(VPScaleCell) },
	"library":           func() cell.Body { return new(LibraryCell) },
}

// Kinds lists the cell kinds a study may use, sorted.
func Kinds() []string { return slices.Sorted(maps.Keys(Registry)) }
