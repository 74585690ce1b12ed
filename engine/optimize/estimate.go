package optimize

import (
	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// Estimate is the work Search would do on m with these settings, before it
// starts: every orientation of the free tables when the search is
// exhaustive, else the trial switches of every restart. The settings must
// be valid but for the budget (Validate checks it).
func Estimate(m *movement.Movement, set Settings) (budget.Estimate, error) {
	o, err := newOptimizer(m, set)
	if err != nil {
		return budget.Estimate{}, err
	}
	return o.estimate(), nil
}

func (o *optimizer) estimate() budget.Estimate {
	pairs := o.base.st.P
	if o.exhaustive() {
		return budget.Orientations(len(o.vars), pairs)
	}
	return budget.Switches(o.set.Iterations, o.set.Restarts, pairs)
}

// The hints of the budget error, for an annealing search and an
// exhaustive one; a command may put its own flags in their place
// (budget.TooLong.Hint): fewer iterations do not shorten an enumeration.
const (
	BudgetHint           = "bound the search with a time limit, or give fewer iterations or restarts"
	ExhaustiveBudgetHint = "bound the search with a time limit, or enumerate fewer orientations (fewer exhaustive bits)"
)

// checkBudget refuses a search without a time limit whose estimate
// exceeds budget.DefaultLimit.
func (s *Settings) checkBudget(m *movement.Movement) error {
	if s.Time > 0 {
		return nil
	}
	o, err := newOptimizer(m, *s)
	if err != nil {
		return err
	}
	hint := BudgetHint
	if o.exhaustive() {
		hint = ExhaustiveBudgetHint
	}
	return o.estimate().Check("optimize", 0, false, hint)
}
