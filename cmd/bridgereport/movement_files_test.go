package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// movement -o FILE.asc --cards FILE.html writes both or neither: with the
// cards' folder missing it failed after writing the .ASC file.
func TestMovementFilesBothOrNeither(t *testing.T) {
	dir := t.TempDir()
	asc := filepath.Join(dir, "tonight m.asc")
	cards := filepath.Join(dir, "no such folder", "cards.html")
	_, _, err := run(t, "movement", "mitchell:7", "-o", asc, "--cards", cards)
	if err == nil {
		t.Fatal("the cards were written into a missing folder")
	}
	if _, err := os.Stat(asc); !os.IsNotExist(err) {
		t.Errorf("the command failed and left %s: %v", asc, err)
	}
}

// --update-of reads the export back as an editor may have saved it: with
// a byte-order mark ("invalid character 'ï'" before), and says where a
// cut or empty file is wrong.
func TestUpdateOfReadsTheExportBack(t *testing.T) {
	dir := t.TempDir()
	export := filepath.Join(dir, "session start.json")
	if _, _, err := run(t, "movement", "mitchell:7", "--boards-per-round", "2", "--format", "bridgemate", "-o", export); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(export)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, data, want string // want: "" for no error
	}{
		{"bom.json", "\uFEFF" + string(data), ""},
		{"crlf.json", strings.ReplaceAll(string(data), "\n", "\r\n"), ""},
		{"empty.json", "", "empty.json: empty file"},
		{"cut.json", string(data[:200]), "cut.json:9: not the Data Connector's records"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := run(t, "movement", "mitchell:7", "--boards-per-round", "2", "--format", "bridgemate",
			"--update-of", path, "--from-round", "3", "-o", filepath.Join(dir, "update.json"))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
