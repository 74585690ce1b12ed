package optimize

import (
	"fmt"
	"math"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Checkpoint is the best Qf a restart had found after a number of iterations.
type Checkpoint struct {
	Iterations int64   `json:"iterations"`
	Qf         float64 `json:"qf"`
}

// Trace is the history of one restart (or, merged, of several).
type Trace struct {
	// Checkpoints are at Settings.Checkpoints, up to the iterations the
	// restart ran; a restart that stopped early at the bound or the target
	// keeps its final best at the later ones.
	Checkpoints []Checkpoint `json:"checkpoints"`
	// BestAt is the iteration count at which the final best Qf was first
	// reached (0: at the start).
	BestAt int64 `json:"best_at"`
	// Qf is the final best.
	Qf float64 `json:"qf"`
}

// Checkpoints returns 100, 200, 500, 1000, 2000, 5000, … below budget,
// then budget itself: steps even on a log scale.
func Checkpoints(budget int64) []int64 {
	var out []int64
	for p := int64(100); p < budget && p <= math.MaxInt64/10; p *= 10 {
		for _, f := range []int64{1, 2, 5} {
			if p*f < budget {
				out = append(out, p*f)
			}
		}
	}
	return append(out, budget)
}

// MergeTraces is the history of restarts run side by side: at each
// checkpoint the best Qf of any restart, and the earliest iteration at
// which any restart reached the final best. Every trace must have the same
// checkpoints (restarts stopped by time or Ctrl-C may have fewer; the
// merged trace keeps those all of them reached).
func MergeTraces(traces []Trace) Trace {
	var out Trace
	if len(traces) == 0 {
		return out
	}
	n := len(traces[0].Checkpoints)
	for _, t := range traces {
		n = min(n, len(t.Checkpoints))
		out.Qf = max(out.Qf, t.Qf)
	}
	out.Checkpoints = slices.Clone(traces[0].Checkpoints[:n])
	out.BestAt = -1
	for _, t := range traces {
		for i := range out.Checkpoints {
			out.Checkpoints[i].Qf = max(out.Checkpoints[i].Qf, t.Checkpoints[i].Qf)
		}
		if t.Qf == out.Qf && (out.BestAt < 0 || t.BestAt < out.BestAt) {
			out.BestAt = t.BestAt
		}
	}
	return out
}

// validCheckpoints checks that checkpoints rise from 1.
func validCheckpoints(cps []int64) error {
	for i, n := range cps {
		if n < 1 || i > 0 && n <= cps[i-1] {
			return fmt.Errorf("optimize: checkpoints %v: want iteration counts from 1, rising", cps)
		}
	}
	return nil
}

// tracer records one restart's best SS at the checkpoints. Without
// checkpoints due never comes, so the hot loop pays one comparison.
type tracer struct {
	qf     func(ss int64) float64
	marks  []int64 // checkpoints still to come
	due    int64   // marks[0], or never
	bestSS int64
	trace  Trace
}

const never = math.MaxInt64

func (o *optimizer) newTracer(startSS int64) *tracer {
	st := o.base.st
	n := int64(st.P * (st.P - 1) / 2)
	t := &tracer{qf: func(ss int64) float64 { return movement.QualityFactor(st.s, ss, n) }, bestSS: startSS, due: never}
	for _, m := range o.set.Checkpoints {
		if m <= o.set.Iterations {
			t.marks = append(t.marks, m)
		}
	}
	t.next()
	return t
}

func (t *tracer) next() {
	t.due = never
	if len(t.marks) > 0 {
		t.due = t.marks[0]
	}
}

// record notes the best SS at every checkpoint up to it iterations.
func (t *tracer) record(it, bestSS int64) {
	for len(t.marks) > 0 && t.marks[0] <= it {
		t.trace.Checkpoints = append(t.trace.Checkpoints, Checkpoint{Iterations: t.marks[0], Qf: t.qf(bestSS)})
		t.marks = t.marks[1:]
	}
	t.next()
}

// improved notes a new best SS found at iteration it.
func (t *tracer) improved(it, ss int64) {
	if ss < t.bestSS {
		t.bestSS, t.trace.BestAt = ss, it
	}
}

// finish closes the trace of a restart that ran it iterations and stopped
// for the reason given. Past the bound or the target nothing can change,
// so the later checkpoints keep the final best; after a timeout or Ctrl-C
// they are unknown and left out.
func (t *tracer) finish(it, bestSS int64, stop StopReason) Trace {
	if stop == StopTime || stop == StopCancelled {
		t.record(it, bestSS)
	} else {
		t.record(never, bestSS)
	}
	t.trace.Qf = t.qf(bestSS)
	if t.trace.Checkpoints == nil {
		t.trace.Checkpoints = []Checkpoint{}
	}
	return t.trace
}
