package scoring

import (
	"fmt"
	"slices"
	"testing"
)

func TestDeclarerScoreKnown(t *testing.T) {
	tests := []struct {
		name   string
		c      Contract
		vul    bool
		tricks int
		want   int
	}{
		{"3NT= nv", Contract{3, NoTrump, Undoubled}, false, 9, 400},
		{"4S= vul", Contract{4, Spades, Undoubled}, true, 10, 620},
		{"1NTx= nv", Contract{1, NoTrump, Doubled}, false, 7, 180},
		{"7NTxx= vul", Contract{7, NoTrump, Redoubled}, true, 13, 2980},
		{"1Cx-1 vul", Contract{1, Clubs, Doubled}, true, 6, -200},
		{"3NT-3 nv", Contract{3, NoTrump, Undoubled}, false, 6, -150},
		{"4Hxx= vul", Contract{4, Hearts, Redoubled}, true, 10, 1080},
		{"1C+6 nv", Contract{1, Clubs, Undoubled}, false, 13, 190},
		{"2Sx+1 nv", Contract{2, Spades, Doubled}, false, 9, 570},
		{"2Sx+1 vul", Contract{2, Spades, Doubled}, true, 9, 870},
		{"1NTxx+1 vul", Contract{1, NoTrump, Redoubled}, true, 8, 1160},
		{"6NT= nv", Contract{6, NoTrump, Undoubled}, false, 12, 990},
		{"7C-13 vul xx", Contract{7, Clubs, Redoubled}, true, 0, -7600},
		{"4Sx-4 nv", Contract{4, Spades, Doubled}, false, 6, -800},
		{"5Dx-5 vul", Contract{5, Diamonds, Doubled}, true, 6, -1400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DeclarerScore(tc.c, tc.vul, tc.tricks)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("DeclarerScore(%v, vul=%v, %d) = %d, want %d", tc.c, tc.vul, tc.tricks, got, tc.want)
			}
		})
	}
}

// madeExactly[strain class][doubling][level-1] = {non-vulnerable, vulnerable},
// worked out by hand from Law 77 (the table printed on scorecards): trick
// score, then game or part-score bonus, slam bonus and the bonus for making
// a doubled or redoubled contract. Strain classes: minor, major, notrump.
var madeExactly = [3][3][7][2]int{
	{ // minors
		{{70, 70}, {90, 90}, {110, 110}, {130, 130}, {400, 600}, {920, 1370}, {1440, 2140}},
		{{140, 140}, {180, 180}, {470, 670}, {510, 710}, {550, 750}, {1090, 1540}, {1630, 2330}},
		{{230, 230}, {560, 760}, {640, 840}, {720, 920}, {800, 1000}, {1380, 1830}, {1960, 2660}},
	},
	{ // majors
		{{80, 80}, {110, 110}, {140, 140}, {420, 620}, {450, 650}, {980, 1430}, {1510, 2210}},
		{{160, 160}, {470, 670}, {530, 730}, {590, 790}, {650, 850}, {1210, 1660}, {1770, 2470}},
		{{520, 720}, {640, 840}, {760, 960}, {880, 1080}, {1000, 1200}, {1620, 2070}, {2240, 2940}},
	},
	{ // notrump
		{{90, 90}, {120, 120}, {400, 600}, {430, 630}, {460, 660}, {990, 1440}, {1520, 2220}},
		{{180, 180}, {490, 690}, {550, 750}, {610, 810}, {670, 870}, {1230, 1680}, {1790, 2490}},
		{{560, 760}, {680, 880}, {800, 1000}, {920, 1120}, {1040, 1240}, {1660, 2110}, {2280, 2980}},
	},
}

// overtrick[doubling][vulnerable] is the value of each overtrick, except
// undoubled ones, which are worth 20 in a minor and 30 otherwise.
var overtrick = [3][2]int{{0, 0}, {100, 200}, {200, 400}}

// penalty[doubling][vulnerable][down-1] are the defenders' cumulative
// scores for 1..13 undertricks (Law 77 penalty table).
var penalty = [3][2][13]int{
	{
		{50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650},
		{100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300},
	},
	{
		{100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500},
		{200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800},
	},
	{
		{200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000},
		{400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600},
	},
}

// TestDeclarerScoreExhaustive checks every level, strain, doubling,
// vulnerability and number of tricks against the tables above.
func TestDeclarerScoreExhaustive(t *testing.T) {
	class := map[Strain]int{Clubs: 0, Diamonds: 0, Hearts: 1, Spades: 1, NoTrump: 2}
	checked := 0
	for level := 1; level <= 7; level++ {
		for _, s := range Strains {
			for d := Undoubled; d <= Redoubled; d++ {
				for v, vul := range []bool{false, true} {
					c := Contract{level, s, d}
					for tricks := 0; tricks <= 13; tricks++ {
						var want int
						if need := level + 6; tricks >= need {
							per := overtrick[d][v]
							if d == Undoubled {
								per = 30
								if class[s] == 0 {
									per = 20
								}
							}
							want = madeExactly[class[s]][d][level-1][v] + (tricks-need)*per
						} else {
							want = -penalty[d][v][need-tricks-1]
						}
						got, err := DeclarerScore(c, vul, tricks)
						if err != nil {
							t.Fatal(err)
						}
						if got != want {
							t.Errorf("%v vul=%v %d tricks: got %d, want %d", c, vul, tricks, got, want)
						}
						checked++
					}
				}
			}
		}
	}
	if checked != 7*5*3*2*14 {
		t.Errorf("checked %d cases", checked)
	}
}

// TestDeclarerScoreProperties checks what any scoring table must satisfy.
func TestDeclarerScoreProperties(t *testing.T) {
	for level := 1; level <= 7; level++ {
		for _, s := range Strains {
			for d := Undoubled; d <= Redoubled; d++ {
				c := Contract{level, s, d}
				t.Run(c.String(), func(t *testing.T) {
					for tricks := 0; tricks <= 13; tricks++ {
						nv, _ := DeclarerScore(c, false, tricks)
						v, _ := DeclarerScore(c, true, tricks)
						if made := tricks >= level+6; made != (nv > 0) || made != (v > 0) {
							t.Errorf("%d tricks: sign of %d/%d disagrees with made=%v", tricks, nv, v, made)
						}
						if nv%10 != 0 || v%10 != 0 {
							t.Errorf("%d tricks: %d/%d not a multiple of 10", tricks, nv, v)
						}
						if abs(v) < abs(nv) {
							t.Errorf("%d tricks: vulnerable %d smaller than non-vulnerable %d", tricks, v, nv)
						}
						if tricks > 0 {
							pnv, _ := DeclarerScore(c, false, tricks-1)
							pv, _ := DeclarerScore(c, true, tricks-1)
							if pnv >= nv || pv >= v {
								t.Errorf("%d tricks: one more trick does not score more", tricks)
							}
						}
						if d == Redoubled && tricks < level+6 {
							x, _ := DeclarerScore(Contract{level, s, Doubled}, true, tricks)
							if v != 2*x {
								t.Errorf("%d tricks: redoubled penalty %d is not twice %d", tricks, v, x)
							}
						}
					}
				})
			}
		}
	}
}

func TestDeclarerScoreErrors(t *testing.T) {
	tests := []struct {
		name   string
		c      Contract
		tricks int
	}{
		{"level 0", Contract{0, Clubs, Undoubled}, 7},
		{"level 8", Contract{8, Clubs, Undoubled}, 13},
		{"strain", Contract{1, Strain(5), Undoubled}, 7},
		{"doubling", Contract{1, Clubs, Doubling(3)}, 7},
		{"tricks -1", Contract{1, Clubs, Undoubled}, -1},
		{"tricks 14", Contract{1, Clubs, Undoubled}, 14},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := DeclarerScore(tc.c, false, tc.tricks); err == nil {
				t.Error("no error")
			}
		})
	}
}

func TestLegalScores(t *testing.T) {
	counts := map[Vulnerability]int{VulNone: 283, VulNS: 315, VulEW: 315, VulBoth: 343}
	impossible := []int{10, 20, 30, 40, 60, 220, 290, 310, 320, 330, 370, 390, 410}
	for _, v := range Vulnerabilities {
		t.Run(v.String(), func(t *testing.T) {
			s := LegalScores(v)
			if len(s) != counts[v] {
				t.Errorf("%d distinct NS scores, want %d", len(s), counts[v])
			}
			if !slices.IsSorted(s) {
				t.Error("not sorted")
			}
			for _, x := range impossible {
				if IsLegalScore(x, v) || IsLegalScore(-x, v) {
					t.Errorf("±%d reported legal", x)
				}
			}
			for _, x := range []int{0, 100, -100, 110, -110, 1400, -1400} {
				if !IsLegalScore(x, v) {
					t.Errorf("%d reported impossible", x)
				}
			}
		})
	}
	// Swapping the vulnerable side negates every score.
	for _, pair := range [][2]Vulnerability{{VulNS, VulEW}, {VulNone, VulNone}, {VulBoth, VulBoth}} {
		t.Run(fmt.Sprintf("%v mirrors %v", pair[0], pair[1]), func(t *testing.T) {
			a, b := LegalScores(pair[0]), LegalScores(pair[1])
			neg := make([]int, len(b))
			for i, x := range b {
				neg[len(b)-1-i] = -x
			}
			if !slices.Equal(a, neg) {
				t.Error("not negatives of each other")
			}
		})
	}
	// Vulnerability matters: 620 needs NS vulnerable, −620 EW.
	if IsLegalScore(620, VulNone) || !IsLegalScore(620, VulNS) || IsLegalScore(620, VulEW) || !IsLegalScore(-620, VulEW) {
		t.Error("620 legality does not follow vulnerability")
	}
}

func TestParseVulnerability(t *testing.T) {
	for _, v := range Vulnerabilities {
		got, err := ParseVulnerability(v.String())
		if err != nil || got != v {
			t.Errorf("ParseVulnerability(%q) = %v, %v", v, got, err)
		}
	}
	if _, err := ParseVulnerability("all"); err == nil {
		t.Error("all accepted")
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
