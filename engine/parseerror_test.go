package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Clip keeps short tokens whole and cuts long ones at a character
// boundary, saying how long they were.
func TestClip(t *testing.T) {
	if got := Clip("4NTx"); got != "4NTx" {
		t.Errorf("Clip(4NTx) = %q", got)
	}
	long := strings.Repeat("é", 30) // 60 bytes: byte 40 starts a character
	got := Clip(long)
	if want := strings.Repeat("é", 20) + "… (60 bytes)"; got != want {
		t.Errorf("Clip = %q, want %q", got, want)
	}
	odd := "x" + strings.Repeat("é", 30) // byte 40 is inside a character
	if got := Clip(odd); !utf8.ValidString(got) || !strings.HasSuffix(got, "… (61 bytes)") || len(got) > 40+len("… (61 bytes)") {
		t.Errorf("Clip = %q: want valid UTF-8, cut before byte 40", got)
	}
}
