package luck

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestEstimate(t *testing.T) {
	m7, _ := movement.Mitchell(7)
	// 14 pairs: 14! numberings, too many to enumerate one by one: a
	// million samples of 49 table-rounds.
	e, err := Estimate(m7, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if e.Units != 1e6*49 {
		t.Errorf("mitchell:7: %v plays, want 49 million", e.Units)
	}
	// Two groups of 3 pairs: 3!·3! = 36 numberings of 9 table-rounds,
	// enumerated.
	m3, err := movement.Mitchell(3)
	if err != nil {
		t.Fatal(err)
	}
	e, err = Estimate(m3, Settings{Groups: [][]int{{1, 2, 3}, {4, 5, 6}}})
	if err != nil {
		t.Fatal(err)
	}
	if e.Units != 36*9 {
		t.Errorf("mitchell:3 in two groups: %v plays, want 36·9", e.Units)
	}
	// The default samples of a 500-table relay Mitchell: half an hour,
	// worth a progress line; the most samples a run may draw on the
	// 15-table Mitchell: 10¹⁰ × 225 plays, over four hours, refused.
	big, _ := movement.RelayMitchell(500)
	if e, _ = Estimate(big, Settings{}); !e.Long() || e.Check("simulate", 0, false, "") != nil {
		t.Errorf("relay-mitchell:500: %v", e)
	}
	m15, _ := movement.Mitchell(15)
	if e, _ = Estimate(m15, Settings{Samples: MaxSamples}); e.Check("simulate", 0, false, "") == nil {
		t.Errorf("mitchell:15, %d samples: %v accepted", int64(MaxSamples), e)
	}
	// An exact run of a large field counts the numberings its symmetries
	// leave, at its enumeration's rate: the 16-pair relay Mitchell's
	// 2.09·10¹⁰ are minutes, within MaxExactCPU.
	rm8, _ := movement.RelayMitchell(8)
	e, err = Estimate(rm8, Settings{Method: Exact})
	if err != nil || e.Units != 20949969600 || e.Seconds() > MaxExactCPU || e.Check("simulate", 0, false, "") != nil {
		t.Errorf("relay-mitchell:8, exact: %v, %v", e, err)
	}
}

// TestBussemakerRefusesHours: the most samples a run may draw on the
// 15-table Mitchell are over four hours of work: refused at once.
func TestBussemakerRefusesHours(t *testing.T) {
	m15, _ := movement.Mitchell(15)
	_, err := Bussemaker(t.Context(), m15, Settings{Samples: MaxSamples})
	if err == nil || !strings.Contains(err.Error(), "hours at 150 M plays scored a second") {
		t.Errorf("err = %v, want a refusal with the estimate", err)
	}
}
