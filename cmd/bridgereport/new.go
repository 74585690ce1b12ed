package main

import (
	"context"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/reports/study"
)

func runNew(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlagSet("new", stderr)
	pos, err := parseFlags(flags, args, 1)
	if err != nil {
		return err
	}
	written, err := study.WriteStarter(pos[0])
	if err != nil {
		return err
	}
	w := study.ShellWord(written[0])
	fmt.Fprintf(stdout, "wrote %s: run it with `bridgereport run %s`, or watch it with `bridgereport preview %s`\n", written[0], w, w)
	if len(written) > 1 {
		fmt.Fprintf(stdout, "wrote %s: editors with the YAML language server check and complete the study with it\n", written[1])
	}
	return nil
}

var _ = addCommand(command{
	name: "new", for_: forAuthors, summary: "write a small working study to start from, and the study schema", run: runNew,
	help: `NAME[.yaml]`,
})
