package study

import (
	"context"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// TestLibraryCellInAStudy: the library cell that the movements command
// runs lists the same movements in a study and checks their published Qf.
func TestLibraryCellInAStudy(t *testing.T) {
	src := "title: L\ncells:\n  - library:\n      pairs: 8\n      rounds: 7\n      caption: Eight pairs, seven rounds\n" +
		"      published: {NBBR/NBB/N026_NBBmpx_Howell_8/qf: \"84.00\", NBBR/7ronden/8p7rperfectH/qf: \"99\"}\n"
	s, err := ParseStudy("s.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, failed := r.Tally(); ok != 1 || failed != 1 {
		t.Errorf("%d ok, %d failed, want 1 and 1 (84.00 holds, 99 is not 100): %+v", ok, failed, r.Checks)
	}
	var table *reports.Table
	for _, b := range r.Blocks() {
		if b.Table != nil {
			table = b.Table
		}
	}
	if table == nil || len(table.Rows) != 12 || table.Caption != "Eight pairs, seven rounds" {
		t.Fatalf("table %+v, want the 12 library movements of 8 pairs and 7 rounds", table)
	}
}
