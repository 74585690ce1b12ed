package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
	"github.com/bridgereport/bridgereport/templates"
)

func runNew(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := newFlagSet("new", "NAME[.yaml]", stderr)
	pos, err := parseFlags(flags, args, 1)
	if err != nil {
		return err
	}
	path := pos[0]
	if filepath.Ext(path) != ".yaml" {
		path += ".yaml"
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s exists already: bridgereport new writes only new files", path)
	}
	name := study.NameOf(path)
	text := strings.NewReplacer("TITLE_FILE", path, "TITLE", titleOf(name)).Replace(templates.Starter)
	if err := reports.WriteFileAtomic(path, []byte(text)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: run it with `bridgereport run %s`, or watch it with `bridgereport preview %s`\n", path, path, path)
	schemaPath := filepath.Join(filepath.Dir(path), "bridgereport.schema.json")
	if _, err := os.Stat(schemaPath); errors.Is(err, fs.ErrNotExist) {
		schema, err := study.Schema()
		if err != nil {
			return err
		}
		if err := reports.WriteFileAtomic(schemaPath, append(schema, '\n')); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s: editors with the YAML language server check and complete the study with it\n", schemaPath)
	}
	return nil
}

// titleOf turns a file name into a title: "my-study" reads "My study".
func titleOf(name string) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if t == "" {
		return "A study"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

func runSchema(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("schema", "", stderr)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	schema, err := study.Schema()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%s\n", schema)
	return err
}
