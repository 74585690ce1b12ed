package study

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/resolve"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

func TestResolveMovementSpecs(t *testing.T) {
	cases := []struct {
		arg                   string
		pairs, tables, rounds int
		library               bool
	}{
		{"mitchell:7", 14, 7, 7, false},
		{"skip-mitchell:8", 16, 8, 7, false},
		{"howell:13", 13, 7, 13, false},
		{"howell:16,rounds=12", 16, 8, 12, false},
		{"web-mitchell:10,sets=13", 20, 10, 13, false},
		{"mitchell:7,switch=2+5,absent=14", 13, 7, 7, false},
		{"perfect:12,sessions=2", 12, 6, 11, false},
		{"NBBR/7ronden/8p7rTeamH", 8, 4, 7, true},
	}
	for _, c := range cases {
		t.Run(c.arg, func(t *testing.T) {
			pm, input, err := resolve.ResolveMovement(c.arg, "")
			if err != nil {
				t.Fatal(err)
			}
			m := pm.Movement
			if m.Pairs != c.pairs || m.Tables != c.tables || m.Rounds != c.rounds {
				t.Errorf("%d pairs, %d tables, %d rounds; want %d, %d, %d", m.Pairs, m.Tables, m.Rounds, c.pairs, c.tables, c.rounds)
			}
			if (input != nil) != c.library {
				t.Errorf("input %+v: a generated movement has none, a library one has its name", input)
			}
		})
	}
	var nf *library.NotFoundError
	if _, _, err := resolve.ResolveMovement("8p7rperfctH", ""); !errors.As(err, &nf) {
		t.Errorf("a name that is neither: %v, want the nearest library names", err)
	}
	var se *movement.SpecError
	if _, _, err := resolve.ResolveMovement("mitchell:8", ""); !errors.As(err, &se) {
		t.Errorf("a wrong spec: %v, want the spec's error", err)
	}
}

// TestStudyMovementForms: a study names a movement by a spec, in a mapping
// or as a plain string, beside the older forms.
func TestStudyMovementForms(t *testing.T) {
	src := `title: forms
movements:
  a: howell:13
  b: {spec: "mitchell:7,switch=2"}
  c: NBBR/7ronden/8p7rTeamH
  d: {mitchell: 7, switch: [2]}
  e: {from: a, absent: 13}
cells:
  - balance:
      rows: [{movement: a}, {movement: b}, {movement: c}, {movement: d}, {movement: e}]
`
	s, err := ParseStudy("forms.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	ms, _, _, err := s.Resolve(context.Background(), &resolve.MovementCache{})
	if err != nil {
		t.Fatal(err)
	}
	if !ms["b"].Equal(ms["d"]) {
		t.Error("spec mitchell:7,switch=2 differs from {mitchell: 7, switch: [2]}")
	}
	if ms["a"].Pairs != 13 || ms["c"].Pairs != 8 || ms["e"].Pairs != 12 {
		t.Errorf("pairs %d, %d, %d; want 13, 8, 12", ms["a"].Pairs, ms["c"].Pairs, ms["e"].Pairs)
	}
	bad := strings.Replace(src, `spec: "mitchell:7,switch=2"`, `spec: "mitchell:7", swich: [2]`, 1)
	if _, err := ParseStudy("forms.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), `forms.yaml:4: unknown key "swich"`) {
		t.Errorf("misspelt key: %v", err)
	}
}

// A study movement with optimize is re-oriented once; a second run reads it
// from the cache.
func TestOptimizedMovement(t *testing.T) {
	src := `title: t
movements:
  plain: mitchell:7
  best: {spec: "mitchell:7", optimize: {seed: 1, iterations: 50000, restarts: 2}}
  early: {spec: "mitchell:7", optimize: {seed: 1, iterations: 50000, restarts: 2}}
  copy: {from: early}
cells:
  - balance:
      rows: [{movement: plain}, {movement: best}]
`
	s, err := ParseStudy("opt.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	mc := &resolve.MovementCache{Dir: t.TempDir(), Used: map[string]bool{}}
	ms, _, _, err := s.Resolve(context.Background(), mc)
	if err != nil {
		t.Fatal(err)
	}
	before, after := movement.ComputeBalance(ms["plain"]).Qf, movement.ComputeBalance(ms["best"]).Qf
	if before > 47 || after < 91.99 {
		t.Errorf("Qf %.2f optimised to %.2f, want 46.94 to 92", before, after)
	}
	// early is optimised in file order, for copy; best after all, at once
	// with any others: the same movement either way.
	if !ms["copy"].Equal(ms["best"]) || !ms["early"].Equal(ms["best"]) {
		t.Error("a movement optimised for a from: differs from the same one optimised last")
	}
	if len(mc.Used) != 1 {
		t.Fatalf("cache files %v, want one", mc.Used)
	}
	again, _, _, err := s.Resolve(context.Background(), mc)
	if err != nil || !again["best"].Equal(ms["best"]) {
		t.Errorf("the cached movement differs: %v", err)
	}
	bad := strings.Replace(src, "iterations:", "iteratons:", 1)
	if _, err := ParseStudy("opt.yaml", []byte(bad), nil); err == nil || !strings.Contains(err.Error(), `unknown key "iteratons"`) {
		t.Errorf("misspelt optimiser key: %v", err)
	}
}
