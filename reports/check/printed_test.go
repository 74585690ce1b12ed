package check

import (
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// The rank-probability table of the superperfect 8-pair Howell, seed 000.
const seedHowell8Table = `Pair  1  2  3  4  5  6  7  8
Rank
 1   92  8
 2    8 82 10
 3      10 73  8  8
 4         17 72 12
 5            12 72 17
 6             8  8 73 10
 7                  10 82  8
 8                      8 92
`

func TestParsePrintedTable(t *testing.T) {
	rows, err := parsePrintedTable(seedHowell8Table, 8)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 8 {
		t.Fatalf("%d rows", len(rows))
	}
	if rows[0][0].value != 92 || rows[0][1].value != 8 || !rows[0][2].blank {
		t.Errorf("row 1 = %v", rows[0])
	}
	if !rows[2][0].blank || rows[2][1].value != 10 || rows[2][4].value != 8 {
		t.Errorf("row 3 = %v", rows[2])
	}
	dots, err := parsePrintedTable("Pair  1  2  3  4\nRank\n 1   83 15  2  .\n", 4)
	if err != nil || !dots[0][3].dot {
		t.Errorf("dot entry: %v %v", dots, err)
	}
}

func TestComparePrintedTable(t *testing.T) {
	table := "Pair  1  2\nRank\n 1   92  8\n 2    8 92\n"
	exact := [][]float64{{91.7, 8.3}, {8.3, 91.7}}
	if c, _ := PrintedTable("t", table, exact, 0, ""); c.Status != reports.StatusOK {
		t.Errorf("exact: %+v", c)
	}
	off := [][]float64{{90.4, 9.6}, {9.6, 90.4}}
	if c, _ := PrintedTable("t", table, off, 0, ""); c.Status != reports.StatusFail {
		t.Errorf("off by 1.6 passed: %+v", c)
	}
	if c, _ := PrintedTable("t", table, off, 2, ""); c.Status != reports.StatusOK {
		t.Errorf("sampled within tolerance: %+v", c)
	}
	blank := "Pair  1  2\nRank\n 1  100\n 2      100\n"
	if c, _ := PrintedTable("t", blank, [][]float64{{99.9, 0.1}, {0.1, 99.9}}, 0, ""); c.Status != reports.StatusFail {
		t.Errorf("a blank must be exactly 0 when exact: %+v", c)
	}
}
