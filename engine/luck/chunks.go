package luck

import (
	"context"
	"runtime"

	"golang.org/x/sync/errgroup"
)

// Long computations (the Monte Carlo and exhaustive runs of the Bussemaker
// model) are cut into chunks of a fixed size. Each chunk is computed on its
// own, with its own generator rand.NewPCG(seed, chunk), into its own slot,
// and the slots are reduced in chunk order. Nothing depends on how many
// goroutines ran the chunks, so the output is the same whatever GOMAXPROCS is.
const (
	// chunkSize is the number of items (numberings) in a chunk.
	chunkSize = 4096
	// waveChunks is the usual number of chunks computed between two
	// reductions; it bounds the memory held in slots and sets the progress
	// interval. It has no effect on results.
	waveChunks = 64
)

// forChunks computes items 0..total-1 in chunks of chunkSize, in waves of
// wave chunks run on up to GOMAXPROCS goroutines. work computes chunk
// (items from..to-1) into slot; the chunks of one wave have distinct slots.
// After a wave, merge is called for each of its slots in chunk order, then
// progress (if not nil) with the items done so far. merge and progress run
// on the calling goroutine. A cancelled ctx stops the run with ctx.Err().
func forChunks(ctx context.Context, total int64, wave int,
	work func(ctx context.Context, slot int, chunk, from, to int64) error,
	merge func(slot int),
	progress func(done, total int64)) error {
	return forChunksOf(ctx, total, chunkSize, wave, work, merge, progress)
}

// forChunksOf is forChunks with chunks of size items.
func forChunksOf(ctx context.Context, total, size int64, wave int,
	work func(ctx context.Context, slot int, chunk, from, to int64) error,
	merge func(slot int),
	progress func(done, total int64)) error {
	chunks := (total + size - 1) / size
	for first := int64(0); first < chunks; first += int64(wave) {
		if err := ctx.Err(); err != nil {
			return err
		}
		last := min(first+int64(wave), chunks)
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(runtime.GOMAXPROCS(0))
		for c := first; c < last; c++ {
			slot := int(c - first)
			from, to := c*size, min((c+1)*size, total)
			g.Go(func() error { return work(gctx, slot, c, from, to) })
		}
		if err := g.Wait(); err != nil {
			return err
		}
		for c := first; c < last; c++ {
			merge(int(c - first))
		}
		if progress != nil {
			progress(min(last*size, total), total)
		}
	}
	return ctx.Err()
}
