package movement

import "github.com/bridgereport/bridgereport/engine/budget"

// BalanceEstimate is the work of ComputeBalance on m, before it starts.
func BalanceEstimate(m *Movement) budget.Estimate {
	return budget.Balance(m.Pairs, groupSizes(m))
}

// VacancyEstimate is the work of ComputeVacancy on m, before it starts:
// with the balance, seconds for the largest movements the engine takes
// (relay-mitchell:500), worth a progress line.
func VacancyEstimate(m *Movement) budget.Estimate {
	return budget.Vacancy(m.Pairs, groupSizes(m))
}

// groupSizes counts the tables that play each board group.
func groupSizes(m *Movement) []int {
	n := make([]int, m.Groups)
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() && t.Group >= 0 && t.Group < m.Groups {
				n[t.Group]++
			}
		}
	}
	return n
}
