package study

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/catalogue"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// TestCatalogueASCRecomputes: every candidate's asc is a valid movement
// whose figures, with the absent pair left out, are those reported.
func TestCatalogueASCRecomputes(t *testing.T) {
	t.Parallel()
	for _, n := range []int{7, 13, 20, 39} {
		t.Run(fmt.Sprint(n, " pairs"), func(t *testing.T) {
			if testing.Short() && n > 20 {
				t.Skip("the 39-pair catalogue is long: go test without -short checks it")
			}
			cmd := &Command{Cell: &kinds.CatalogueCell{Pairs: kinds.IntRange{n, n}, Samples: 1000}}
			_, result, err := cmd.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			v := result.([]*kinds.CatalogueAnswer)[0]
			families := map[string]bool{}
			for _, c := range v.Candidates {
				families[c.Family] = true
				pm, err := asc.Parse(c.Name, strings.NewReader(c.ASC))
				if err != nil {
					t.Fatalf("%s: %v", c.Name, err)
				}
				m := pm.Movement
				if c.Absent != nil {
					if m, err = m.WithoutPair(*c.Absent); err != nil {
						t.Fatalf("%s: %v", c.Name, err)
					}
				}
				if errs, _ := m.Check(); len(errs) > 0 || m.Pairs != n {
					t.Errorf("%s: %d pairs, %v", c.Name, m.Pairs, errs)
				}
				if c.Family == "sections" {
					// The .ASC form has no sections: the spec gives them,
					// and the same schedule; sections scored apart pool
					// their figures (catalogue.Measure).
					spec, err := movement.ParseSpec(c.Spec)
					if err != nil {
						t.Fatalf("%s: %v", c.Spec, err)
					}
					built, err := spec.Build()
					if err != nil {
						t.Fatalf("%s: %v", c.Spec, err)
					}
					plain := built.Clone()
					plain.Sections, plain.SharedBoards, plain.Across = nil, false, false
					if !plain.Equal(m) {
						t.Errorf("%s: the asc is not the spec's schedule", c.Name)
					}
					if f := catalogue.Measure(built); f.Qf != c.Qf || f.Qo != c.Qo || f.Qf1av != c.Qf1Av || f.Qf1max != c.Qf1Max {
						t.Errorf("%s: recomputed %+v; reported %v %v %v %v", c.Name, f, c.Qf, c.Qo, c.Qf1Av, c.Qf1Max)
					}
					continue
				}
				b := movement.ComputeBalance(m)
				vac, err := movement.ComputeVacancy(m)
				if err != nil {
					t.Fatal(err)
				}
				if b.Qf != c.Qf || b.Qo != c.Qo || vac.Av != c.Qf1Av || vac.Max != c.Qf1Max {
					t.Errorf("%s: recomputed Qf %v Qo %v Qf1av %v Qf1max %v; reported %v %v %v %v",
						c.Name, b.Qf, b.Qo, vac.Av, vac.Max, c.Qf, c.Qo, c.Qf1Av, c.Qf1Max)
				}
				if f := movement.Describe(m); f.Rounds != c.Rounds || f.Copies != c.Copies || f.Winners() != c.Winners {
					t.Errorf("%s: recomputed facts %+v differ", c.Name, f)
				}
			}
			if len(families) < 3 {
				t.Errorf("families %v: want at least three", families)
			}
			if v.Recommended == nil || *v.Recommended != v.Candidates[0].Name || v.Reason == "" {
				t.Errorf("recommended %v, reason %q", v.Recommended, v.Reason)
			}
		})
	}
}

func TestIntRange(t *testing.T) {
	for in, want := range map[string]kinds.IntRange{"13": {13, 13}, "24-28": {24, 28}, " 6-40 ": {6, 40}} {
		var r kinds.IntRange
		if err := r.UnmarshalText([]byte(in)); err != nil || r != want {
			t.Errorf("%q: %v, %v", in, r, err)
		}
	}
	for _, in := range []string{"", "x", "28-24", "1-2-3", "-5"} {
		var r kinds.IntRange
		if err := r.UnmarshalText([]byte(in)); err == nil {
			t.Errorf("%q accepted as %v", in, r)
		}
	}
}

// TestCatalogueLateIsForOneFieldSize: a plan for a late pair belongs to one
// field size, in a study as on the command line.
func TestCatalogueLateIsForOneFieldSize(t *testing.T) {
	cmd := &Command{Cell: &kinds.CatalogueCell{Pairs: kinds.IntRange{7, 8}, Late: 1}}
	if _, _, err := cmd.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "one field size") {
		t.Errorf("late over 7-8 pairs: %v, want a plan for one field size", err)
	}
}
