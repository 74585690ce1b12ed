package luck

import (
	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Estimate is the work Bussemaker would do on m with these settings,
// before it starts: every numbering when they are enumerated one by one,
// the samples otherwise, each scoring every table-round of the movement.
// A large field enumerated through its symmetries is counted at the
// rate of its reduced enumeration (EstimateExact). A caller checks it
// (budget.Estimate.Check) before a run with many samples or a huge
// movement: the default million samples of a 500-table relay Mitchell
// take half an hour, MaxSamples of the 15-table Mitchell four hours.
func Estimate(m *movement.Movement, set Settings) (budget.Estimate, error) {
	nb, err := newNumberings(m.Pairs, set.Groups)
	if err != nil {
		return budget.Estimate{}, err
	}
	plays := 0
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() {
				plays++
			}
		}
	}
	count, small := nb.exactCount()
	samples := set.Samples
	if samples == 0 {
		samples = DefaultSamples
	}
	switch {
	case small && set.Method != Sample:
		return budget.Numberings(float64(count), plays), nil
	case set.Method == Exact:
		// Enumerated through the movement's symmetries: their own estimate.
		est, err := EstimateExact(m, set)
		if err != nil {
			return budget.Estimate{}, err
		}
		return budget.Estimate{Work: budget.Count(est.Evaluated) + " numberings scored",
			Units: est.Evaluated, Unit: "numberings scored", Rate: est.Rate}, nil
	}
	return budget.Numberings(float64(samples), plays), nil
}
