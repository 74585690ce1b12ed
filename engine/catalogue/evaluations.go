package catalogue

import (
	"fmt"
	"slices"
	"sync"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// The arrow-switch search and the Qd of a candidate (evaluate) depend on its
// movement and the search's settings, not on the board range nor on the
// field asked for; they are most of a catalogue's time. A process that asks
// again (a live page changing the hours, a preview server, a director's
// change of plan, a field and its sections) takes them from evaluations.

// evaluations holds the answers of evaluate by evaluationKey; it forgets
// them all past maxEvaluations, so that a long-lived server stays small.
var evaluations = evaluationMemo{m: map[string]evaluated{}}

const maxEvaluations = 4096

type evaluationMemo struct {
	mu sync.Mutex
	m  map[string]evaluated
}

func (em *evaluationMemo) get(key string) (evaluated, bool) {
	em.mu.Lock()
	defer em.mu.Unlock()
	e, ok := em.m[key]
	return e, ok
}

func (em *evaluationMemo) put(key string, e evaluated) {
	em.mu.Lock()
	defer em.mu.Unlock()
	if len(em.m) >= maxEvaluations {
		clear(em.m)
	}
	em.m[key] = e
}

// forget empties the memo: a test that checks two runs agree runs both.
func (em *evaluationMemo) forget() {
	em.mu.Lock()
	defer em.mu.Unlock()
	clear(em.m)
}

// evaluationKey is everything evaluate reads: the movement, the seated
// movement and absent pair of a half table, what to do, and the settings
// of the search and of Qd.
func evaluationKey(c *Candidate, search, qd bool, set Settings) string {
	seated := ""
	if c.Seated != nil {
		seated = fmt.Sprintf("%+v", *c.Seated)
	}
	return fmt.Sprintf("%+v\n%s\n%d %t %t %d %d %d %d %d", *c.Movement, seated, c.Absent, search, qd,
		set.Iterations, set.Restarts, set.Seed, set.ExhaustiveBits, set.Samples)
}

// evaluated is what evaluate writes into a candidate.
type evaluated struct {
	movement, seated                       *movement.Movement
	switched                               int
	proven, searched, measured, qdComputed bool
	facts                                  movement.Facts
	qfGenerated, qf, qo, qf1av, qf1max, qd float64
	sections                               []SectionFigures
	across                                 float64
}

func evaluatedOf(c *Candidate, search bool) evaluated {
	e := evaluated{movement: c.Movement.Clone(), switched: c.Switched, proven: c.Proven, searched: search,
		measured: c.Measured, qdComputed: c.QdComputed, facts: cloneFacts(c.Facts), qfGenerated: c.QfGenerated,
		qf: c.Qf, qo: c.Qo, qf1av: c.Qf1av, qf1max: c.Qf1max, qd: c.Qd, sections: slices.Clone(c.Sections), across: c.Across}
	if c.Seated != nil {
		e.seated = c.Seated.Clone()
	}
	return e
}

// apply writes the answer into c, with copies of what c may change.
func (e evaluated) apply(c *Candidate) {
	c.Movement = e.movement.Clone()
	if e.seated != nil {
		c.Seated = e.seated.Clone()
	}
	if e.searched {
		c.Switched, c.Proven, c.Facts = e.switched, e.proven, cloneFacts(e.facts)
	}
	c.Measured, c.QdComputed, c.QfGenerated = e.measured, e.qdComputed, e.qfGenerated
	c.Qf, c.Qo, c.Qf1av, c.Qf1max, c.Qd = e.qf, e.qo, e.qf1av, e.qf1max, e.qd
	c.Sections, c.Across = slices.Clone(e.sections), e.across
}

func cloneFacts(f movement.Facts) movement.Facts {
	f.Stationary, f.SitOuts = slices.Clone(f.Stationary), slices.Clone(f.SitOuts)
	return f
}
