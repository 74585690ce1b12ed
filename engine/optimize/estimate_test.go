package optimize

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// TestBudgetRefusal: 9·10⁹ iterations × 64 restarts on the 15-table
// Mitchell is about 20 hours of switches: refused at once, with the
// estimate, unless a time limit bounds it.
func TestBudgetRefusal(t *testing.T) {
	m, err := movement.Mitchell(15)
	if err != nil {
		t.Fatal(err)
	}
	set := Settings{Iterations: 9_000_000_000, Restarts: 64}
	start := time.Now()
	err = set.Validate(m)
	var tl *budget.TooLong
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "about 20 hours at 8 M switches a second") {
		t.Fatalf("err = %v, want a refusal with the estimate", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the refusal took %v", d)
	}
	if _, err := Search(t.Context(), m, set); !errors.As(err, &tl) {
		t.Errorf("Search: err = %v, want the refusal", err)
	}
	set.Time = time.Millisecond
	if err := set.Validate(m); err != nil {
		t.Errorf("with a time limit: %v", err)
	}
	if err := (&Settings{}).Validate(m); err != nil {
		t.Errorf("the default search: %v", err)
	}
}

// TestEstimateExhaustive: a small search is exhaustive, and its estimate
// counts orientations, not iterations.
func TestEstimateExhaustive(t *testing.T) {
	m, err := movement.Mitchell(3)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Estimate(m, Settings{Iterations: 9_000_000_000, Restarts: 64})
	if err != nil {
		t.Fatal(err)
	}
	if e.Unit != "switches" || e.Units >= 1<<24 || !strings.HasPrefix(e.Work, "every orientation") {
		t.Errorf("estimate %+v: want the orientations of a few tables", e)
	}
}
