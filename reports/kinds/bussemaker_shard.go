package kinds

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/cell"
)

// A sharded exact run: each shard is computed apart (simulate --exact
// --shard K/N, one process or pod each) into a part file, and the parts are
// merged by the bussemaker cell (simulate --merge) into the bytes an
// unsharded --exact run prints.

// LocalExactBudget is the most CPU-seconds an unsharded exact run may take
// by its estimate: an hour, about half an hour on two cores.
const LocalExactBudget = 3600

// ErrShardFlags is a sharded run asked for with settings that do not make
// one.
var ErrShardFlags = errors.New("shard")

// exactSettings are the engine's settings of an exact run.
func (b BussemakerSettings) exactSettings() (luck.Settings, error) {
	set := luck.Settings{Strengths: b.Strengths, Seed: b.Seed, Method: luck.Exact, Ties: b.Ties}
	if b.Groups != "" {
		var err error
		if set.Groups, err = luck.ParseGroups(b.Groups); err != nil {
			return set, fmt.Errorf("groups: %w", err)
		}
	}
	return set, nil
}

// ExactEstimate says what an exact run of m will cost, and refuses one
// beyond LocalExactBudget with the way to shard it. A field the engine
// cannot enumerate at all is left to the engine's own error ("", nil).
func ExactEstimate(m *movement.Movement, name string, b BussemakerSettings) (string, error) {
	set, err := b.exactSettings()
	if err != nil {
		return "", err
	}
	est, err := luck.EstimateExact(m, set)
	if err != nil || est.Rate == 0 {
		return "", nil
	}
	note := fmt.Sprintf("exact enumeration of %s: %s numberings, %.4g to score, about %s of CPU (%.2f CPU-hours)",
		name, est.Numberings, est.Evaluated, cpuTime(est.CPUSeconds), est.CPUHours())
	if err := est.CheckLocal(LocalExactBudget); errors.Is(err, luck.ErrOverBudget) {
		return note, fmt.Errorf("%w; run it in shards on several machines: --shard K/N -o part-K.json for K = 0…N−1, then --merge part-*.json (docs/cluster.md)", err)
	}
	return note, nil
}

// cpuTime says how long an estimate of seconds is, in the largest unit
// that fits.
func cpuTime(s float64) string {
	switch {
	case s >= 2*86400:
		return fmt.Sprintf("%.0f days", s/86400)
	case s >= 2*3600:
		return fmt.Sprintf("%.0f hours", s/3600)
	case s >= 120:
		return fmt.Sprintf("%.0f minutes", s/60)
	}
	return fmt.Sprintf("%.2g seconds", s)
}

// Shard checks the settings of a sharded run and writes its part (see
// WriteShard): an exact run, a shard and a part file together, no --json.
// A mistake in them wraps ErrShardFlags.
func Shard(ctx context.Context, m *movement.Movement, name string, b BussemakerSettings, shard, file string, asJSON bool, index string, progress func(done, total int64)) (string, error) {
	switch {
	case b.Method != luck.Exact:
		return "", fmt.Errorf("%w: shards are of an --exact run", ErrShardFlags)
	case shard == "" || file == "":
		return "", fmt.Errorf("%w: --shard K/N and -o PART go together", ErrShardFlags)
	case asJSON:
		return "", fmt.Errorf("%w: --shard writes its part as JSON to -o; --json is for the merged result", ErrShardFlags)
	}
	return WriteShard(ctx, m, name, b, shard, index, file, progress)
}

// MergeCell is the bussemaker cell that merges the part files of a sharded
// run, on the movement the parts name.
func MergeCell(files []string) (*BussemakerCell, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("%w: --merge: give the part files", ErrShardFlags)
	}
	parts, err := ReadParts(files)
	if err != nil {
		return nil, fmt.Errorf("--merge: %w", err)
	}
	return &BussemakerCell{Movement: parts[0].Movement, Parts: parts}, nil
}

// WriteShard computes shard (K/N, or auto/N with K from index) of the exact
// run of m into file, written beside and renamed so that a part is whole or
// absent, never half written by a pod that was stopped. It returns what
// was written, in words.
func WriteShard(ctx context.Context, m *movement.Movement, name string, b BussemakerSettings, shard, index, file string, progress func(done, total int64)) (string, error) {
	sh, err := luck.ParseShard(shard, index)
	if err != nil {
		return "", fmt.Errorf("%w: --shard: %v", ErrShardFlags, err)
	}
	set, err := b.exactSettings()
	if err != nil {
		return "", err
	}
	set.Progress = progress
	part, err := luck.ExactShard(ctx, m, set, sh)
	if err != nil {
		return "", err
	}
	part.Movement = name
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return "", err
	}
	if err := json.NewEncoder(f).Encode(part); err != nil {
		f.Close()
		os.Remove(tmp)
		return "", fmt.Errorf("%s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return "", err
	}
	if err := os.Rename(tmp, file); err != nil {
		return "", err
	}
	return fmt.Sprintf("shard %s of %s: chunks %d…%d of %d written to %s", sh, name, part.First, part.End-1, part.Chunks, file), nil
}

// ReadParts reads the part files of a sharded run.
func ReadParts(files []string) ([]*luck.ExactPart, error) {
	var parts []*luck.ExactPart
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		p, err := luck.DecodeExactPart(f, file)
		f.Close()
		if err != nil {
			return nil, err
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// merge sums the parts of a sharded exact run, as an unsharded run would
// have computed it.
func (c *BussemakerCell) merge(env *cell.Env) (*cell.Output, error) {
	m, err := env.Movement(c.Movement)
	if err != nil {
		return nil, err
	}
	r, err := luck.MergeExact(m, c.Parts)
	if err != nil {
		return nil, err
	}
	res := bussemakerResult(r, c.Movement, c.Parts[0].Ties)
	cellRes := &BussemakerCellResult{BussemakerResult: res}
	cellRes.ExtremeSd, _, cellRes.Beyond3Sd = extremes(res.Spread)
	return &cell.Output{Blocks: res.blocks(env.ID, c.Caption), Result: cellRes}, nil
}
