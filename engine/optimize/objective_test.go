package optimize

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestObjectiveVacancyMatchesRecomputation checks the sparse vacancy update
// against ComputeVacancy on randomly switched movements, board sharing and
// empty tables included.
func TestObjectiveVacancyMatchesRecomputation(t *testing.T) {
	m7, _ := movement.Mitchell(7)
	rm8, _ := movement.RelayMitchell(8)
	h10, _ := movement.Howell(10)
	cases := map[string]*movement.Movement{
		"mitchell7": m7, "relay8": rm8, "howell10": h10,
		"team18":   mustCorpus(t, "TeamPlusSchemas/18p8r9sS.TeamPlus.txt"),
		"expanded": mustCorpus(t, "14p8rexpandedM_from_outputexample.txt"),
	}
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			s := NewSwitchState(m)
			e := newObjectiveEval(s, ranking{})
			for i := 0; i < 20; i++ {
				for range 5 {
					s.apply(rng.IntN(len(s.st.where)))
				}
				o := e.eval(s)
				cur := s.Movement()
				v, err := movement.ComputeVacancy(cur)
				if err != nil {
					t.Fatal(err)
				}
				var sumS int64
				for _, x := range e.sV {
					sumS += x
				}
				av := movement.QualityFactor(sumS, o.vacSS, int64(m.Pairs)*e.n1)
				if math.Abs(av-v.Av) > 1e-9 || math.Abs(o.qf1max-v.Max) > 1e-9 {
					t.Fatalf("step %d: Qf1av %v Qf1max %v, recomputed %v %v", i, av, o.qf1max, v.Av, v.Max)
				}
				if o.ss != movement.ComputeBalance(cur).SS {
					t.Fatalf("step %d: SS differs", i)
				}
			}
		})
	}
}
