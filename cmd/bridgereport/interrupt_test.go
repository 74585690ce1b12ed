package main

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// Ctrl-C while a large league file was read: the reader does not watch
// the context and returned its data error within the grace, and the
// command exited 2 with it instead of 130.
func TestInterruptedRunExits130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	dataErr := errors.New(`many.yaml:37: matches[0].home: unknown team "Nobody"`)
	var stderr strings.Builder
	if code := exitCode(interrupted(ctx, dataErr), &stderr); code != exitBad || !strings.Contains(stderr.String(), "Nobody") {
		t.Errorf("not interrupted: exit %d, %q; want %d and the error", code, stderr.String(), exitBad)
	}
	cancel()
	stderr.Reset()
	if code := exitCode(interrupted(ctx, dataErr), &stderr); code != 130 || strings.Contains(stderr.String(), "Nobody") {
		t.Errorf("interrupted: exit %d, %q; want 130 and no data error", code, stderr.String())
	}
	if err := interrupted(ctx, nil); err != nil {
		t.Errorf("a run that finished after Ctrl-C: %v, want nil", err)
	}
}
