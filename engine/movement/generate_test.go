package movement

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

// The 7-table Mitchell and the 6-table relay Mitchell as printed in seed 004.
const (
	printedMitchell7 = `14 7 7 7 0
 1- 8 A    2- 9 B    3-10 C    4-11 D    5-12 E    6-13 F    7-14 G
 1-14 B    2- 8 C    3- 9 D    4-10 E    5-11 F    6-12 G    7-13 A
 1-13 C    2-14 D    3- 8 E    4- 9 F    5-10 G    6-11 A    7-12 B
 1-12 D    2-13 E    3-14 F    4- 8 G    5- 9 A    6-10 B    7-11 C
 1-11 E    2-12 F    3-13 G    4-14 A    5- 8 B    6- 9 C    7-10 D
 1-10 F    2-11 G    3-12 A    4-13 B    5-14 C    6- 8 D    7- 9 E
 1- 9 G    2-10 A    3-11 B    4-12 C    5-13 D    6-14 E    7- 8 F
`
	printedRelay6 = `12 6 6 6 0
 1- 7 A    2- 8 B    3- 9 C    4-10 E    5-11 F    6-12 A
 1-12 B    2- 7 C    3- 8 D    4- 9 F    5-10 A    6-11 B
 1-11 C    2-12 D    3- 7 E    4- 8 A    5- 9 B    6-10 C
 1-10 D    2-11 E    3-12 F    4- 7 B    5- 8 C    6- 9 D
 1- 9 E    2-10 F    3-11 A    4-12 C    5- 7 D    6- 8 E
 1- 8 F    2- 9 A    3-10 B    4-11 D    5-12 E    6- 7 F
`
)

func parseString(t *testing.T, s string) *Movement {
	t.Helper()
	pm, err := ParseASC("inline", strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}

func TestGeneratorsMatchPrintedMovements(t *testing.T) {
	m7, err := Mitchell(7)
	if err != nil {
		t.Fatal(err)
	}
	if !m7.Equal(parseString(t, printedMitchell7)) {
		t.Error("Mitchell(7) differs from seed 004")
	}
	rm6, err := RelayMitchell(6)
	if err != nil {
		t.Fatal(err)
	}
	if !rm6.Equal(parseString(t, printedRelay6)) {
		t.Error("RelayMitchell(6) differs from seed 004")
	}
}

// TestScrambledMitchellQf checks the generators and SwitchRounds against the
// columns 0 to 3 of seed 004's table "Quality factor for Mitchells and
// Scrambled Mitchells" (M and RM rows).
func TestScrambledMitchellQf(t *testing.T) {
	cases := []struct {
		tables   int
		switched []int
		qf       string
	}{
		{5, nil, "46.00"}, {5, []int{2}, "67.65"}, {5, []int{2, 5}, "31.08"},
		{6, nil, "46.67"}, {6, []int{2}, "79.75"}, {6, []int{2, 3}, "42.86"},
		{7, nil, "46.94"}, {7, []int{2}, "92.00"}, {7, []int{2, 7}, "49.64"},
		{8, nil, "47.32"}, {8, []int{2}, "91.38"}, {8, []int{2, 7}, "60.92"},
		{9, nil, "47.53"}, {9, []int{2}, "93.90"}, {9, []int{2, 7}, "70.00"},
		{10, nil, "47.78"}, {10, []int{2}, "90.03"}, {10, []int{2, 10}, "78.93"},
		{11, nil, "47.93"}, {11, []int{2}, "89.23"}, {11, []int{2, 8}, "85.04"},
		{12, nil, "48.11"}, {12, []int{2}, "85.55"}, {12, []int{2, 12}, "89.58"}, {12, []int{2, 3, 12}, "67.08"},
		{13, nil, "48.22"}, {13, []int{2}, "84.02"}, {13, []int{2, 8}, "92.97"}, {13, []int{2, 7, 8}, "72.99"},
		{14, nil, "48.35"}, {14, []int{2}, "81.08"}, {14, []int{2, 5}, "94.27"}, {14, []int{2, 5, 6}, "79.06"},
		{15, nil, "48.44"}, {15, []int{2}, "79.56"}, {15, []int{2, 9}, "95.49"}, {15, []int{2, 8, 9}, "83.03"},
	}
	for _, c := range cases {
		gen := Mitchell
		if c.tables%2 == 0 {
			gen = RelayMitchell
		}
		base, err := gen(c.tables)
		if err != nil {
			t.Fatal(err)
		}
		m, err := base.SwitchRounds(c.switched, nil)
		if err != nil {
			t.Fatal(err)
		}
		if qf := ComputeBalance(m).Qf; !published.Matches(qf, c.qf) {
			t.Errorf("%d tables, switched %v: Qf %.4f, published %s", c.tables, c.switched, qf, c.qf)
		}
	}
}

func TestRelayMitchellSwitchExceptSharingTable(t *testing.T) {
	// Seed 004: switching all tables but table 1 (or 6) in any round of the
	// 6-table relay Mitchell gives Qf 84.
	rm6, _ := RelayMitchell(6)
	for r := 1; r <= 6; r++ {
		for _, except := range []int{1, 6} {
			m, _ := rm6.SwitchRounds([]int{r}, []int{except})
			if qf := ComputeBalance(m).Qf; !published.Matches(qf, "84") {
				t.Errorf("round %d except table %d: Qf %.2f, want 84", r, except, qf)
			}
		}
	}
}

func TestHowellIsComplete(t *testing.T) {
	for P := 4; P <= 24; P += 2 {
		m, err := Howell(P)
		if err != nil {
			t.Fatalf("Howell(%d): %v", P, err)
		}
		errs, warns := m.Check()
		if len(errs)+len(warns) > 0 {
			t.Fatalf("Howell(%d): %v %v", P, errs, warns)
		}
		met := map[[2]int]int{}
		groups := map[[2]int]int{}
		for _, row := range m.Schedule {
			for _, tb := range row {
				met[[2]int{min(tb.NS, tb.EW), max(tb.NS, tb.EW)}]++
				groups[[2]int{tb.NS, tb.Group}]++
				groups[[2]int{tb.EW, tb.Group}]++
			}
		}
		if len(met) != P*(P-1)/2 || len(groups) != P*(P-1) {
			t.Errorf("Howell(%d): %d pairs of pairs met, %d pair-groups played", P, len(met), len(groups))
		}
	}
}

func TestSwitchTwiceIsIdentity(t *testing.T) {
	m, _ := Mitchell(9)
	once, _ := m.SwitchRounds([]int{3}, nil)
	twice, _ := once.SwitchRounds([]int{3}, nil)
	if !twice.Equal(m) {
		t.Error("switching a round twice changed the movement")
	}
	// Which is why one list naming a round twice is refused: a typo.
	if _, err := m.SwitchRounds([]int{3, 3}, nil); err == nil {
		t.Error("switch [3, 3] accepted")
	}
}

func TestBalanceProperties(t *testing.T) {
	for _, name := range corpusFiles(t) {
		m := mustCorpus(t, name)
		b := ComputeBalance(m)
		var sum int64
		occupied := 0
		for p := 1; p <= m.Pairs; p++ {
			for q := 1; q <= m.Pairs; q++ {
				if b.At(p, q) != b.At(q, p) {
					t.Fatalf("%s: matrix not symmetric", name)
				}
				if q > p {
					sum += int64(b.At(p, q))
				}
			}
		}
		for _, row := range m.Schedule {
			for _, tb := range row {
				if !tb.Empty() {
					occupied++
				}
			}
		}
		if sum != b.S || (b.Uniform && b.S != int64(b.H*occupied)) {
			t.Errorf("%s: scores sum to %d, S = %d, h×occupied = %d", name, sum, b.S, b.H*occupied)
		}
		if b.SS < MinSumSquares(b.S, b.N) || b.Qf > 100+1e-9 || b.Qc > b.Qf+1e-9 {
			t.Errorf("%s: SS %d below the minimum, or Qf %.2f / Qc %.2f out of order", name, b.SS, b.Qf, b.Qc)
		}
	}
}

func TestVacancy(t *testing.T) {
	// Seed 004 TEAM table: 8 pairs 6 rounds, Qf 80, Qf1 (pair 8 absent) 71.74.
	m := mustCorpus(t, "TeamPlusSchemas/8p6rH.TeamPlus.txt")
	v, err := ComputeVacancy(m)
	if err != nil {
		t.Fatal(err)
	}
	if !published.Matches(ComputeBalance(m).Qf, "80") || !published.Matches(v.Qf1[7], "71.74") {
		t.Errorf("Qf %.2f, Qf1(8) %.2f", ComputeBalance(m).Qf, v.Qf1[7])
	}
	// The superperfect Howell stays perfect whoever is absent.
	sp := mustCorpus(t, "NBBR/7ronden/8p7rperfectH.txt")
	if v, _ := ComputeVacancy(sp); v.Av != 100 || v.Max != 100 {
		t.Errorf("superperfect Howell: Qf1av %.2f Qf1max %.2f", v.Av, v.Max)
	}
}

func TestManningSd(t *testing.T) {
	// Seed 004: the 7-table Mitchell with one switched round has sd 1.05; the
	// 12-pair example has sd 2.99 unswitched and 1.29 switched.
	m7, _ := Mitchell(7)
	s7, _ := m7.SwitchRounds([]int{2}, nil)
	if sd := ComputeBalance(s7).Sd; !published.Matches(sd, "1.05") {
		t.Errorf("Mitchell-7 one switch: sd %.3f, published 1.05", sd)
	}
}
