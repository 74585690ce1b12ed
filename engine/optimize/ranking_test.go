package optimize

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// rankings are the four ways to rank orientations of equal Qf.
var rankings = []struct {
	name string
	set  Settings
}{
	{"weighted", Settings{}},
	{"av-then-max", Settings{Vacancy: VacancyAvThenMax}},
	{"d4", Settings{Vacancy: VacancyOff}},
	{"qf", Settings{Vacancy: VacancyOff, NoD4: true}},
}

// TestVacancyOffRanking compares the rankings on movements small enough to
// enumerate. Every ranking proves the same optimal Qf; ranking d4 straight
// after Qf gives a d4 no larger than any other ranking; and annealing with
// the same seed and budget reaches the proven Qf under every ranking.
func TestVacancyOffRanking(t *testing.T) {
	m3, _ := movement.Mitchell(3)
	rm4, _ := movement.RelayMitchell(4)
	m5, _ := movement.Mitchell(5)
	h6, _ := movement.Howell(6)
	improved := 0
	for _, tc := range []struct {
		name string
		m    *movement.Movement
	}{{"mitchell3", m3}, {"relay4", rm4}, {"mitchell5", m5}, {"howell6", h6}} {
		t.Run(tc.name, func(t *testing.T) {
			proven := map[string]*Result{}
			for _, r := range rankings {
				res := mustSearch(t, tc.m, r.set)
				if !res.Exhaustive || !res.Proven {
					t.Fatalf("%s: exhaustive %v proven %v", r.name, res.Exhaustive, res.Proven)
				}
				proven[r.name] = res
			}
			d4 := proven["d4"].After
			for name, res := range proven {
				if res.After.SS != d4.SS {
					t.Errorf("%s: proven SS %d, ranking by d4: %d", name, res.After.SS, d4.SS)
				}
				if d4.D4 > res.After.D4+1e-12 {
					t.Errorf("ranking by d4 gives d4 %.6f, %s %.6f", d4.D4, name, res.After.D4)
				}
			}
			if d4.D4 < proven["qf"].After.D4-1e-9 {
				improved++
			}
			for _, r := range rankings {
				set := r.set
				set.Seed, set.Iterations, set.Restarts, set.ExhaustiveBits = 7, 20_000, 2, -1
				res := mustSearch(t, tc.m, set)
				if res.After.SS != d4.SS {
					t.Errorf("%s annealed: Qf %.2f, proven %.2f", r.name, res.After.Qf, d4.Qf)
				}
			}
		})
	}
	if improved == 0 {
		t.Error("ranking d4 never beat Qf alone: the comparison proves nothing")
	}
}

// TestVacancyOffSkipsVacancy: with the vacancy quality off no absence is
// evaluated, and a movement at Qf 100 is at the bound from the start.
func TestVacancyOffSkipsVacancy(t *testing.T) {
	m5, _ := movement.Mitchell(5)
	s := NewSwitchState(m5)
	e := newObjectiveEval(s, ranking{vacancy: VacancyOff})
	if o := e.eval(s); e.nRanked != 0 || o.vacSS != 0 || o.qf1max != 0 || o.vac1 != 0 || o.m4 == 0 {
		t.Errorf("ranked %d, vacSS %d, qf1max %v, vac1 %v, m4 %v", e.nRanked, o.vacSS, o.qf1max, o.vac1, o.m4)
	}

	// The superperfect 8-pair Howell with table 2 switched in every round
	// keeps Qf 100 but not its vacancy quality.
	h8 := mustCorpus(t, "NBBR/7ronden/8p7rperfectH")
	for r := 1; r <= h8.Rounds; r++ {
		h8.Switch(r, 2)
	}
	set := Settings{Vacancy: VacancyOff, ExhaustiveBits: -1, Restarts: 2, Iterations: 10_000}
	off := mustSearch(t, h8, set)
	if off.After.Qf != 100 || !off.Proven || off.Stop != StopBound || off.Iterations != 0 || len(off.Switched) != 0 {
		t.Errorf("vacancy off: Qf %.2f, proven %v, stop %s after %d trials, %d switched; want 100, at the bound at once",
			off.After.Qf, off.Proven, off.Stop, off.Iterations, len(off.Switched))
	}
	set.Vacancy = VacancyWeighted
	on := mustSearch(t, h8, set)
	if on.Iterations == 0 || on.VacancyAfter.Av <= off.VacancyAfter.Av {
		t.Errorf("weighted: %d trials, Qf1av %.2f, vacancy off %.2f: the vacancy ranking should search and do better",
			on.Iterations, on.VacancyAfter.Av, off.VacancyAfter.Av)
	}
}

// TestVacancyTextErrors: a bad ranking name gets an error that lists the
// names it takes.
func TestVacancyTextErrors(t *testing.T) {
	var v Vacancy
	err := v.UnmarshalText([]byte("none"))
	if err == nil || err.Error() != `want weighted, av-then-max or off, got "none"` {
		t.Errorf("error %v", err)
	}
	if err := v.UnmarshalText([]byte("OFF")); err != nil || v != VacancyOff {
		t.Errorf("OFF: %v, %v", v, err)
	}
	if text, _ := v.MarshalText(); string(text) != "off" {
		t.Errorf("VacancyOff writes %q", text)
	}
}

// BenchmarkRankings measures annealing trials per second of one restart on
// the 15-table Mitchell under each ranking: the vacancy evaluation of ties
// is what the rankings without it save.
func BenchmarkRankings(b *testing.B) {
	m, _ := movement.Mitchell(15)
	for _, r := range rankings {
		b.Run(r.name, func(b *testing.B) {
			set := r.set
			set.Restarts, set.Iterations, set.ExhaustiveBits = 1, 2_000_000, -1
			var trials int64
			for b.Loop() {
				res, _ := Search(context.Background(), m, set)
				trials += res.Iterations
			}
			b.ReportMetric(float64(trials)/b.Elapsed().Seconds(), "trials/s")
		})
	}
}

// BenchmarkObjectiveEval measures full evaluations of one orientation of the
// 15-table Mitchell under each ranking.
func BenchmarkObjectiveEval(b *testing.B) {
	m, _ := movement.Mitchell(15)
	for _, r := range rankings {
		b.Run(r.name, func(b *testing.B) {
			s := NewSwitchState(m)
			s.apply(3)
			e := newObjectiveEval(s, ranking{vacancy: r.set.Vacancy, noD4: r.set.NoD4})
			var sink int64
			n := 0
			for b.Loop() {
				sink += e.eval(s).ss
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "evals/s")
			if sink == 42 {
				b.Log(sink)
			}
		})
	}
}
