package resolve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/optimize"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/load"
)

// Set is where a study's movements come from: the study file's path and
// folder (files are relative to it) and its named movements in order.
type Set struct {
	Path string // the study file, as given; names it in errors
	Dir  string // files are relative to it
	// AllowOutside lets a file lead out of Dir's tree.
	AllowOutside bool
	Movements    []MovementDef
}

// resolveMovements builds every movement of the study, in file order; a
// movement may only refer to one defined above it. The warnings of reading
// each are kept by name. Optimised movements use the cache (see
// optimizeMovement); those no other movement refers to are optimised last,
// side by side.
func (s *Set) Resolve(ctx context.Context, mc *MovementCache) (map[string]*movement.Movement, []reports.Input, map[string][]string, error) {
	out := map[string]*movement.Movement{}
	var inputs []reports.Input
	warnings := map[string][]string{}
	referenced := map[string]bool{}
	for _, d := range s.Movements {
		referenced[d.Spec.From] = true
	}
	var later []MovementDef
	fail := func(d MovementDef, err error) error {
		return &load.StudyError{File: s.Path, Line: d.Spec.Line, Err: fmt.Errorf("movement %s: %w", d.Name, err)}
	}
	for _, d := range s.Movements {
		pm, input, err := s.buildMovement(d, out)
		if err == nil && d.Spec.Optimize != nil {
			if referenced[d.Name] {
				pm.Movement, err = s.optimizeMovement(ctx, pm.Movement, d.Spec.Optimize, mc)
			} else {
				later = append(later, d)
			}
		}
		if err != nil {
			return nil, nil, nil, fail(d, err)
		}
		out[d.Name] = pm.Movement
		for _, w := range pm.Warnings {
			warnings[d.Name] = append(warnings[d.Name], w.Error())
		}
		if input != nil {
			inputs = append(inputs, *input)
		}
	}
	// Each search is deterministic, so running them at once changes nothing
	// but the time.
	done := make([]*movement.Movement, len(later))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, d := range later {
		g.Go(func() error {
			m, err := s.optimizeMovement(gctx, out[d.Name], d.Spec.Optimize, mc)
			if err != nil {
				return fail(d, err)
			}
			done[i] = m
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, nil, err
	}
	for i, d := range later {
		out[d.Name] = done[i]
	}
	return out, inputs, warnings, nil
}

func (s *Set) buildMovement(d MovementDef, defined map[string]*movement.Movement) (*movement.Parsed, *reports.Input, error) {
	sp := d.Spec
	sources := 0
	for _, set := range []bool{sp.Spec != "", sp.File != "", sp.Library != "", sp.ASC != "", sp.Mitchell != 0, sp.RelayMitchell != 0, sp.Howell != 0, sp.From != ""} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		return nil, nil, fmt.Errorf("give exactly one of spec, file, library, asc, mitchell, relay_mitchell, howell, from")
	}
	var m *movement.Movement
	var pm *movement.Parsed
	var input *reports.Input
	var err error
	switch {
	case sp.Spec != "":
		if load.IsFile(s.Dir, sp.Spec) {
			if _, err := load.InputPath(s.Dir, sp.Spec, s.AllowOutside); err != nil {
				return nil, nil, err
			}
		}
		pm, input, err = ResolveMovement(sp.Spec, s.Dir)
	case sp.File != "":
		if _, err := load.InputPath(s.Dir, sp.File, s.AllowOutside); err != nil {
			return nil, nil, err
		}
		pm, input, err = ResolveMovement(sp.File, s.Dir)
	case sp.Library != "":
		pm, input, err = libraryMovement(sp.Library)
	case sp.ASC != "":
		pm, err = asc.Parse(d.Name+" (inline)", strings.NewReader(sp.ASC))
	case sp.Mitchell != 0:
		m, err = movement.Mitchell(sp.Mitchell)
	case sp.RelayMitchell != 0:
		m, err = movement.RelayMitchell(sp.RelayMitchell)
	case sp.Howell != 0:
		m, err = movement.Howell(sp.Howell)
	default:
		base, ok := defined[sp.From]
		if !ok {
			return nil, nil, fmt.Errorf("from: %q is not defined above", sp.From)
		}
		m = base.Clone()
	}
	if err != nil {
		return nil, nil, err
	}
	if pm != nil {
		m = pm.Movement
	}
	if len(sp.Switch) > 0 || len(sp.ExceptTables) > 0 {
		if len(sp.Switch) == 0 {
			return nil, nil, fmt.Errorf("except_tables without switch")
		}
		if m, err = m.SwitchRounds(sp.Switch, sp.ExceptTables); err != nil {
			return nil, nil, err
		}
	}
	for i, rt := range sp.SwitchTables {
		if slices.Contains(sp.SwitchTables[:i], rt) {
			return nil, nil, fmt.Errorf("switch_tables: round %d, table %d is given twice (a second switch undoes the first)", rt[0], rt[1])
		}
		if rt[0] < 1 || rt[0] > m.Rounds || rt[1] < 1 || rt[1] > m.Tables {
			return nil, nil, fmt.Errorf("switch_tables: [%d, %d] is outside %d rounds × %d tables", rt[0], rt[1], m.Rounds, m.Tables)
		}
		m.Switch(rt[0], rt[1])
	}
	if sp.Absent != 0 {
		if m, err = m.WithoutPair(sp.Absent); err != nil {
			return nil, nil, err
		}
	}
	out := &movement.Parsed{Movement: m}
	if pm != nil {
		out.Warnings = pm.Warnings
	}
	return out, input, nil
}

// optimizeMovement re-orients m by arrow switches with the options of a
// study movement. The result is keyed, as a cell's, by the engine version,
// the options, the fixers' text and the movement's .ASC text.
func (s *Set) optimizeMovement(ctx context.Context, m *movement.Movement, o *OptimizeOptions, mc *MovementCache) (*movement.Movement, error) {
	set, fixers, err := o.Settings(func(name string) ([]byte, error) {
		path, err := load.InputPath(s.Dir, name, s.AllowOutside)
		if err != nil {
			return nil, err
		}
		return load.ReadText(path)
	})
	if err != nil {
		return nil, fmt.Errorf("optimize: %w", err)
	}
	if err := set.Validate(m); err != nil {
		return nil, err
	}
	opts, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "bridgereport %s\nmovement optimize\n%s\n%s\n%s", engine.Version, opts, fixers, asc.String(m))
	var fresh *movement.Movement
	var kept struct{ ASC string }
	search := func() error {
		res, err := optimize.Search(ctx, m, set)
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err // interrupted: a partial search is no result
		}
		if mc.Progress != nil {
			mc.mu.Lock()
			fmt.Fprintf(mc.Progress, "  optimised movement: Qf %.2f -> %.2f\n", res.Before.Qf, res.After.Qf)
			mc.mu.Unlock()
		}
		fresh = res.Movement
		kept.ASC = asc.String(fresh)
		return nil
	}
	if mc.Dir == "" {
		return fresh, search()
	}
	name := "movement-" + hex.EncodeToString(h.Sum(nil)) + ".json"
	mc.mu.Lock()
	mc.Used[name] = true
	mc.mu.Unlock()
	hit, err := cache.JSON(mc.Dir, name, &kept, search)
	if err != nil || !hit {
		return fresh, err
	}
	pm, err := asc.Parse(name, strings.NewReader(kept.ASC))
	if err != nil {
		return nil, fmt.Errorf("cache: %s: %w", name, err)
	}
	return pm.Movement, nil
}
