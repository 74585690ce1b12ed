package kinds

import (
	"cmp"
	"fmt"
	"reflect"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// SimulateCell runs one luck model on one movement and lays the figures out
// as the seeds print them: one-strong and two-strong as in seed 004,
// bussemaker as in seed 000. The simulate command runs it; its result is
// the command's --json. It checks no published figures; the one_strong,
// two_strong and bussemaker cells do.
type SimulateCell struct {
	cell.Common `yaml:",inline"`
	// Model is one-strong, two-strong or bussemaker.
	Model string `yaml:"model"`
	// Movement names the movement of the study to simulate.
	Movement string `yaml:"movement"`
	// Strong is the strong pair of one-strong; default 1.
	Strong int `yaml:"strong"`
	// The settings of bussemaker.
	BussemakerSettings `yaml:",inline"`
	// Parts are the parts of a sharded exact run of bussemaker (simulate
	// --merge), merged instead of running the model; they carry their own
	// settings. Set by the command, not by studies.
	Parts []*luck.ExactPart `yaml:"-" json:"-"`
}

// luckModels names the models of the simulate cell.
const luckModels = "one-strong, two-strong or bussemaker"

func (c *SimulateCell) Movements() []string { return []string{c.Movement} }

func (c *SimulateCell) Run(env *cell.Env) (*cell.Output, error) {
	if len(c.Published) > 0 || len(c.Errata) > 0 {
		return nil, fmt.Errorf("published: the simulate cell checks no figures; the one_strong, two_strong and bussemaker cells do")
	}
	if c.Strong != 0 && c.Model != "one-strong" {
		return nil, fmt.Errorf("strong: only model one-strong has a strong pair")
	}
	if !reflect.ValueOf(c.BussemakerSettings).IsZero() && c.Model != "bussemaker" {
		return nil, fmt.Errorf("strengths, groups, method, samples, seed, ties: settings of model bussemaker only")
	}
	switch c.Model {
	case "one-strong":
		res, err := oneStrong(env, c.Movement, cmp.Or(c.Strong, 1))
		if err != nil {
			return nil, err
		}
		return &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: res}, nil
	case "two-strong":
		res, err := twoStrong(env, c.Movement)
		if err != nil {
			return nil, err
		}
		return &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: res}, nil
	case "bussemaker":
		if len(c.Parts) > 0 {
			m, err := env.Movement(c.Movement)
			if err != nil {
				return nil, err
			}
			r, err := luck.MergeExact(m, c.Parts)
			if err != nil {
				return nil, err
			}
			res := bussemakerResult(r, c.Movement, c.Parts[0].Ties)
			return &cell.Output{Blocks: res.blocks(env.ID, c.Caption, true), Result: res}, nil
		}
		set, err := c.settings(env)
		if err != nil {
			return nil, err
		}
		res, err := bussemaker(env, c.Movement, set, "BussemakerResult")
		if err != nil {
			return nil, err
		}
		return &cell.Output{Blocks: res.blocks(env.ID, c.Caption, true), Result: res}, nil
	case "":
		return nil, fmt.Errorf("model: give %s", luckModels)
	}
	return nil, fmt.Errorf("model %q: want %s", c.Model, luckModels)
}
