package library

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEmbeddedFilesAreTheFolder checks that the embedded library is the
// folder as committed, byte for byte (the provenance in README.md depends on it).
func TestEmbeddedFilesAreTheFolder(t *testing.T) {
	for _, name := range Names() {
		onDisk, err := os.ReadFile(filepath.FromSlash(name) + ext)
		if err != nil {
			t.Fatal(err)
		}
		embedded, _ := Read(name)
		if !bytes.Equal(onDisk, embedded) {
			t.Errorf("%s: embedded copy differs from the file", name)
		}
	}
}

func TestReadAndNearest(t *testing.T) {
	if _, err := Read("NBBR/7ronden/8p7rTeamH"); err != nil {
		t.Fatal(err)
	}
	if Folder("NBBR/7ronden/8p7rTeamH") != "NBBR/7ronden" || Folder("8p8rHowell_v3_from_page") != "" {
		t.Error("Folder")
	}
	for _, c := range []struct{ query, want string }{
		{"8p7rTeamH", "NBBR/7ronden/8p7rTeamH"},                  // the last part alone
		{"NBBR/7ronden/8p7rTeamH.txt", "NBBR/7ronden/8p7rTeamH"}, // with the file ending
		{"nbbr/7ronden/8p7rteamh", "NBBR/7ronden/8p7rTeamH"},     // case
		{"NBBR/7ronden/8p7rTemH", "NBBR/7ronden/8p7rTeamH"},      // a typo
	} {
		_, err := Read(c.query)
		nf, ok := err.(*NotFoundError)
		if !ok {
			t.Errorf("Read(%q): err = %v, want *NotFoundError", c.query, err)
			continue
		}
		if len(nf.Nearest) == 0 || nf.Nearest[0] != c.want {
			t.Errorf("Read(%q): nearest %v, want %s first", c.query, nf.Nearest, c.want)
		}
		if !strings.Contains(nf.Error(), c.want) {
			t.Errorf("message %q does not name %s", nf.Error(), c.want)
		}
	}
}

// A name that is a mistake repeated a hundred thousand times is named by
// its start, not echoed.
func TestNotFoundClipsALongName(t *testing.T) {
	long := strings.Repeat("é", 50000)
	if near := Nearest(long, 5); near != nil { // distances to it took 4 s
		t.Errorf("Nearest of a 100000-byte name: %v", near)
	}
	_, err := Read(long)
	if err == nil {
		t.Fatal("found")
	}
	msg := err.Error()
	if len(msg) > 1000 || !strings.Contains(msg, "… (100000 bytes): no such file") || !utf8.ValidString(msg) {
		t.Errorf("message of %d bytes: %.300q", len(msg), msg)
	}
}

func TestPublished(t *testing.T) {
	qf, qo := Published([]byte("8 7\n1-2 A\n\nQf=100, Qo = 53.85\nQf=90"))
	if qf != "100" || qo != "53.85" {
		t.Errorf("Published = %q, %q", qf, qo)
	}
	if qf, qo := Published([]byte("4 3\n")); qf != "" || qo != "" {
		t.Errorf("no annotation: %q, %q", qf, qo)
	}
}
