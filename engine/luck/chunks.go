package luck

import (
	"context"
	"runtime"
	"sync/atomic"

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

// forChunksOf is forChunks with chunks of size items. There is no barrier
// between waves: each worker takes the next chunk as soon as it is free and
// that chunk's slot has been merged (slot = chunk mod wave), while the calling
// goroutine merges the finished chunks in order. So no core waits for the
// slowest chunk of a wave, and the order of the merges, hence the result,
// does not depend on the number of workers.
func forChunksOf(ctx context.Context, total, size int64, wave int,
	work func(ctx context.Context, slot int, chunk, from, to int64) error,
	merge func(slot int),
	progress func(done, total int64)) error {
	chunks := (total + size - 1) / size
	if chunks == 0 {
		return ctx.Err()
	}
	free := make([]chan struct{}, wave) // a token: the slot may be written
	done := make([]chan struct{}, wave) // a token: the slot holds a finished chunk
	for i := range free {
		free[i] = make(chan struct{}, 1)
		free[i] <- struct{}{}
		done[i] = make(chan struct{}, 1)
	}
	g, gctx := errgroup.WithContext(ctx)
	var next atomic.Int64
	for range min(int64(runtime.GOMAXPROCS(0)), chunks) {
		g.Go(func() error {
			for {
				c := next.Add(1) - 1
				if c >= chunks {
					return nil
				}
				slot := int(c % int64(wave))
				select {
				case <-free[slot]:
				case <-gctx.Done():
					return gctx.Err()
				}
				if err := work(gctx, slot, c, c*size, min((c+1)*size, total)); err != nil {
					return err
				}
				done[slot] <- struct{}{}
			}
		})
	}
	merged := func() error {
		for c := int64(0); c < chunks; c++ {
			slot := int(c % int64(wave))
			select {
			case <-done[slot]:
			case <-gctx.Done():
				return gctx.Err()
			}
			merge(slot)
			free[slot] <- struct{}{}
			if progress != nil && ((c+1)%int64(wave) == 0 || c+1 == chunks) {
				progress(min((c+1)*size, total), total)
			}
		}
		return nil
	}()
	if err := g.Wait(); err != nil {
		return err
	}
	if merged != nil {
		return merged
	}
	return ctx.Err()
}
