package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/bridgereport/bridgereport/engine/budget"
	"github.com/bridgereport/bridgereport/engine/formats/exactpart"
	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// A sharded exact run: each shard is computed apart (simulate --exact
// --shard K/N, one process or pod each) into a part file, and the parts are
// merged by the bussemaker cell (simulate --merge) into the bytes an
// unsharded --exact run prints.

// exactEstimate says what an exact run of m will cost, and refuses one
// beyond luck.MaxExactCPU with the way to shard it. A field the engine
// cannot enumerate at all is left to the engine's own error ("", nil).
func exactEstimate(m *movement.Movement, name string, b kinds.BussemakerSettings) (string, error) {
	set, err := b.ExactSettings()
	if err != nil {
		return "", err
	}
	est, err := luck.EstimateExact(m, set)
	if err != nil || est.Rate == 0 {
		return "", nil
	}
	sym := ""
	if p := est.Plan; p != nil && p.Symmetry > 0 {
		sym = fmt.Sprintf(" (automorphism group of order %d", p.Symmetry)
		if p.Used != p.Symmetry {
			sym += fmt.Sprintf(", a subgroup of order %d used", p.Used)
		}
		if p.Reversal {
			sym += ", and the strength reversal"
		}
		sym += ")"
	}
	note := fmt.Sprintf("exact enumeration of %s: %s numberings, %.4g to score%s, %s of CPU (%.2f CPU-hours)",
		name, est.Numberings, est.Evaluated, sym, budget.Words(est.CPUSeconds), est.CPUHours())
	if err := est.CheckLocal(luck.MaxExactCPU); errors.Is(err, luck.ErrOverBudget) {
		// The hint is a whole command: what the user typed is not at hand
		// here, so "this command", and the least N whose shards fit.
		return note, fmt.Errorf("%w; run it in shards, on one machine or several: add --shard K/N -o part-K.json to this command for K = 0…N−1 (N of %d or more keeps each shard within the budget), then bridgereport simulate --merge part-*.json (docs/cluster.md)",
			err, minShards(est.CPUSeconds, luck.MaxExactCPU))
	}
	return note, nil
}

// minShards is the least N whose shards, of a run of cpu seconds, are each
// within limit.
func minShards(cpu, limit float64) int {
	return int(math.Ceil(cpu / limit))
}

// writeShard computes shard (K/N, or auto/N with K from index) of the exact
// run of m into file, whole or absent, never half written by a pod that was
// stopped. It returns what was written, in words. A mistake in the flags is
// a usage error.
func writeShard(ctx context.Context, m *movement.Movement, name string, b kinds.BussemakerSettings, shard, index, file string, stderr io.Writer, progress func(done, total int64)) (string, error) {
	sh, err := luck.ParseShard(shard, index)
	if err != nil {
		return "", &usageError{msg: fmt.Sprintf("simulate: --shard: %v", err)}
	}
	if err := checkPartFile(file, sh); err != nil {
		return "", err
	}
	set, err := b.ExactSettings()
	if err != nil {
		return "", err
	}
	// A shard is not held to the local budget (that is why one shards),
	// but says what it will cost before it starts, as --exact does.
	if note, _ := exactEstimate(m, name, b); note != "" {
		fmt.Fprintln(stderr, "simulate:", note)
		if est, err := luck.EstimateExact(m, set); err == nil && est.Rate > 0 {
			if first, end, chunks, err := luck.ShardChunks(m, set, sh); err == nil && chunks > 0 {
				share := &luck.ExactPart{First: first, End: end, Chunks: chunks, Shards: sh.N}
				cost := ", nothing to compute"
				if end > first {
					cost = ", " + budget.Words(est.CPUSeconds*float64(end-first)/float64(chunks)) + " of CPU"
				}
				fmt.Fprintf(stderr, "simulate: shard %s: %s%s\n", sh, chunksCovered(share), cost)
			}
		}
	}
	set.Progress = progress
	part, err := luck.ExactShard(ctx, m, set, sh)
	if err != nil {
		return "", err
	}
	part.Movement = name
	var data bytes.Buffer
	if err := exactpart.Write(&data, part); err != nil {
		return "", err
	}
	if err := disk.WriteFileAtomic(file, data.Bytes()); err != nil {
		return "", err
	}
	return fmt.Sprintf("shard %s of %s: %s written to %s", sh, name, chunksCovered(part), file), nil
}

// chunksCovered says which of the enumeration's chunks a part holds: a
// range, one chunk, or none, when there are more shards than chunks.
func chunksCovered(p *luck.ExactPart) string {
	switch n := p.End - p.First; {
	case n == 0:
		return fmt.Sprintf("an empty part (%d shards of %d %s leave some empty)", p.Shards, p.Chunks, chunkNoun(p.Chunks))
	case n == 1:
		return fmt.Sprintf("chunk %d of %d", p.First, p.Chunks)
	}
	return fmt.Sprintf("chunks %d…%d of %d", p.First, p.End-1, p.Chunks)
}

func chunkNoun(n int64) string {
	if n == 1 {
		return "chunk"
	}
	return "chunks"
}

// mergeCell is the bussemaker cell that merges the part files of a sharded
// run, on the movement the parts name.
func mergeCell(files []string) (*kinds.BussemakerCell, error) {
	if len(files) == 0 {
		return nil, &usageError{msg: "simulate: --merge: give the part files"}
	}
	var parts []*luck.ExactPart
	for _, file := range files {
		if _, err := disk.Stat(file); err != nil {
			return nil, fmt.Errorf("--merge: %w", err)
		}
		f, err := os.Open(file)
		if err != nil {
			return nil, fmt.Errorf("--merge: %s: %w", file, disk.WithoutPath(err, file))
		}
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			f.Close()
			return nil, fmt.Errorf("--merge: %s: is a folder; give its part files (%s)", file, filepath.Join(file, "*.json"))
		}
		p, err := exactpart.Read(f, file)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("--merge: %w", err)
		}
		parts = append(parts, p)
	}
	return &kinds.BussemakerCell{Movement: parts[0].Movement, Parts: parts}, nil
}

// checkPartFile refuses, before a shard's minutes of work, a part file
// that could not be written: a folder (with the name to give instead), a
// pipe or a device, or a place missing or read-only.
func checkPartFile(file string, sh luck.Shard) error {
	if fi, err := os.Stat(file); err == nil && fi.IsDir() {
		return &usageError{msg: fmt.Sprintf("simulate: -o %s: is a folder; give the part's file name, e.g. %s", file, filepath.Join(file, fmt.Sprintf("part-%d.json", sh.K)))}
	}
	if err := disk.CheckWritable(file); err != nil {
		return &usageError{msg: fmt.Sprintf("simulate: -o %v", err)}
	}
	return nil
}
