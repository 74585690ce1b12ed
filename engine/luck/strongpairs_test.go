package luck

import (
	"math"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// The 12-pair Mitchell of seed 004's "one strong pair" section, typed in as
// printed. It is not RelayMitchell(6): groups are shared at tables 4 and 5
// in round 5 and at tables 2 and 3 in round 6.
const mitchell12ASC = `12 6 6 6 0
 1- 7 A    2- 8 B    3- 9 C    4-10 D    5-11 E    6-12 F
 1-11 C    2- 7 F    3-10 E    4-12 B    5- 8 D    6- 9 A
 1- 9 D    2-12 C    3- 8 A    4- 7 E    5-10 F    6-11 B
 1-12 E    2-10 A    3-11 F    4- 8 C    5- 9 B    6- 7 D
 1- 8 F    2- 9 E    3- 7 B    4-11 A    5-12 A    6-10 C
 1-10 B    2-11 D    3-12 D    4- 9 F    5- 7 C    6- 8 E
`

// mitchell12TwoSwitchASC is the seed's "movement with 2 arrow switches".
const mitchell12TwoSwitchASC = `12 6 6 6 0
 1- 7 A    2- 8 B    3- 9 C    4-10 D    5-11 E    6-12 F
 1-11 C    2- 7 F    3-10 E    4-12 B    5- 8 D    6- 9 A
 9- 1 D   12- 2 C    8- 3 A    7- 4 E   10- 5 F   11- 6 B
12- 1 E   10- 2 A   11- 3 F    8- 4 C    9- 5 B    7- 6 D
 1- 8 F    2- 9 E    3- 7 B    4-11 A    5-12 A    6-10 C
 1-10 B    2-11 D    3-12 D    4- 9 F    5- 7 C    6- 8 E
`

func mustASC(t testing.TB, text string) *movement.Movement {
	t.Helper()
	pm, err := asc.Parse("test", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}

func mustSwitch(t testing.TB, m *movement.Movement, rounds, except []int) *movement.Movement {
	t.Helper()
	s, err := m.SwitchRounds(rounds, except)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// sameTo2 reports whether got rounds to want at 2 decimals.
func sameTo2(got, want float64) bool {
	return math.Abs(math.Round(got*100)-math.Round(want*100)) < 0.5
}

func TestOneStrongPair(t *testing.T) {
	m12 := mustASC(t, mitchell12ASC)
	m14, err := movement.Mitchell(7)
	if err != nil {
		t.Fatal(err)
	}
	rep := func(x float64, n int) []float64 {
		out := make([]float64, n)
		for i := range out {
			out[i] = x
		}
		return out
	}
	cat := func(parts ...[]float64) []float64 {
		var out []float64
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	cases := []struct {
		name string
		m    *movement.Movement
		want []float64 // pairs 2..P; pair 1 is strong and scores 100
	}{
		{"mitchell12", m12, cat(rep(40, 5), rep(50, 6))},
		{"mitchell12-round3-except-table1", mustSwitch(t, m12, []int{3}, []int{1}),
			cat(rep(43.33, 5), []float64{46.67, 46.67, 50, 46.67, 46.67, 46.67})},
		{"mitchell12-two-switches-printed", mustASC(t, mitchell12TwoSwitchASC),
			[]float64{53.33, 53.33, 46.67, 53.33, 46.67, 50, 36.67, 43.33, 36.67, 36.67, 43.33}},
		{"mitchell14-none", m14, cat(rep(41.67, 6), rep(50, 7))},
		{"mitchell14-round2", mustSwitch(t, m14, []int{2}, nil), cat(rep(46.43, 6), rep(45.24, 6), []float64{50})},
		{"mitchell14-rounds2-3", mustSwitch(t, m14, []int{2, 3}, nil),
			[]float64{46.43, 51.19, 51.19, 51.19, 51.19, 46.43, 45.24, 40.48, 40.48, 40.48, 45.24, 45.24, 45.24}},
		{"mitchell14-rounds2-4", mustSwitch(t, m14, []int{2, 3, 4}, nil),
			[]float64{46.43, 51.19, 55.95, 55.95, 51.19, 46.43, 40.48, 40.48, 40.48, 40.48, 45.24, 40.48, 45.24}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := OneStrongPair(c.m, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got[0] != 100 {
				t.Errorf("pair 1: %.2f, want 100.00", got[0])
			}
			for i, w := range c.want {
				if !sameTo2(got[i+1], w) {
					t.Errorf("pair %d: %.2f, want %.2f", i+2, got[i+1], w)
				}
			}
		})
	}
}

func TestOneStrongPairErrors(t *testing.T) {
	m, _ := movement.Mitchell(7)
	for _, strong := range []int{0, 15, -1} {
		if _, err := OneStrongPair(m, strong); err == nil {
			t.Errorf("strong pair %d: no error", strong)
		}
	}
}

func TestTwoStrongPairs(t *testing.T) {
	m14, _ := movement.Mitchell(7)
	cases := []struct {
		name           string
		m              *movement.Movement
		min, max, mode float64
	}{
		{"mitchell14", m14, 33.33, 50.00, 42.86},
		// The seed quotes no most frequent value for one switched round.
		{"mitchell14-round2", mustSwitch(t, m14, []int{2}, nil), 40.48, 46.43, math.NaN()},
		{"howell8-superperfect", mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt"), 38.10, 38.10, 38.10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := TwoStrongPairs(c.m)
			if err != nil {
				t.Fatal(err)
			}
			P := c.m.Pairs
			n := 0
			for _, d := range r.Distribution {
				n += d.Count
			}
			if r.Choices != P*(P-1)/2 || n != r.Choices*(P-2) {
				t.Errorf("%d choices, %d weak values; want %d and %d", r.Choices, n, P*(P-1)/2, P*(P-1)/2*(P-2))
			}
			if !sameTo2(r.Min, c.min) || !sameTo2(r.Max, c.max) {
				t.Errorf("weak pairs %.2f–%.2f, want %.2f–%.2f", r.Min, r.Max, c.min, c.max)
			}
			if !math.IsNaN(c.mode) && !sameTo2(r.Mode, c.mode) {
				t.Errorf("most frequent %.2f, want %.2f", r.Mode, c.mode)
			}
			t.Logf("min %.2f max %.2f mode %.2f sd %.2f distribution %v", r.Min, r.Max, r.Mode, r.Sd, r.Distribution)
		})
	}
}
