package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// synopsis is the first line of a command's help, without "usage: ".
func synopsis(t *testing.T, name string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"help", name}, &out, &errb); err != nil {
		t.Fatalf("help %s: %v", name, err)
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	s, ok := strings.CutPrefix(first, "usage: ")
	if !ok {
		t.Fatalf("help %s starts %q", name, first)
	}
	return strings.TrimSpace(s)
}

// The README's command list is the first line of each command's help, in
// the order of the commands table (go test ./cmd/bridgereport -run
// TestCommandsDocumented -update rewrites it).
func TestCommandsDocumented(t *testing.T) {
	var list strings.Builder
	list.WriteString("```sh\n")
	for _, c := range commands {
		list.WriteString(synopsis(t, c.name) + "\n")
	}
	list.WriteString("bridgereport help COMMAND\n```\n")
	readme := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)(## Commands\n\n)```sh\n.*?```\n")
	if !block.Match(data) {
		t.Fatal("README.md has no ```sh block under ## Commands")
	}
	want := block.ReplaceAll(data, []byte("${1}"+strings.ReplaceAll(list.String(), "$", "$$")))
	if *update {
		if err := os.WriteFile(readme, want, 0o644); err != nil {
			t.Fatal(err)
		}
		data = want
	}
	if !bytes.Equal(data, want) {
		t.Errorf("README.md's command list is not the commands' help: go test ./cmd/bridgereport -run TestCommandsDocumented -update")
	}

	// docs/commands.md has an item per command, and none for a command
	// that does not exist.
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, each, _ := strings.Cut(string(doc), "## Each command")
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^- `([a-z]+)").FindAllStringSubmatch(each, -1) {
		named[m[1]] = true
	}
	for _, c := range commands {
		if !named[c.name] {
			t.Errorf("docs/commands.md has no item \"- `%s`\" under ## Each command", c.name)
		}
		delete(named, c.name)
	}
	for name := range named {
		t.Errorf("docs/commands.md describes %q, which is no command", name)
	}
}
