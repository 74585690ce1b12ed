package main

import (
	"context"
	"errors"
	"io"
)

func runStudies(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return errors.New("run: not built yet")
}
