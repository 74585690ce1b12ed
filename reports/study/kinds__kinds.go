package study

import (
	"maps"
	"slices"
)

// Registry is the registry of cell Registry: the key that names a cell in a study,
// and a constructor of its empty body, which decodes itself from that key's
// value. A kind is one file: its fields, its run and its presenter.
var Registry = map[string]func() Body{
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
func Kinds() []string { return slices.Sorted(maps.Keys(Registry)) }
