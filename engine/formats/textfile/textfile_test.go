package textfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine"
)

func TestLinesOfThreeEnds(t *testing.T) {
	got := Lines([]byte("a\r\nb\nc\rd\r\n\re"))
	want := []string{"a", "b", "c", "d", "", "e"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

func TestUTF8(t *testing.T) {
	for in, want := range map[string]string{
		"\uFEFFAda Pérez":  "Ada Pérez", // UTF-8 with a byte-order mark
		"Ada P\xe9rez":     "Ada Pérez", // Latin-1
		"\x93Ada\x94 \x80": "“Ada” €",   // Windows-1252's letters in 0x80–0x9F
		"Māori":            "Māori",     // UTF-8 kept
	} {
		if got := string(UTF8([]byte(in))); got != want {
			t.Errorf("UTF8(%q) = %q, want %q", in, got, want)
		}
	}
	if out, n := DropNUL([]byte("a\x00b\x00")); string(out) != "ab" || n != 2 {
		t.Errorf("DropNUL: %q, %d", out, n)
	}
}

func TestReadAllBounded(t *testing.T) {
	_, err := ReadAll("big.txt", bytes.NewReader(make([]byte, MaxBytes+1)))
	var pe *engine.ParseError
	if !errors.As(err, &pe) || pe.File != "big.txt" {
		t.Errorf("error %v, want a ParseError naming big.txt", err)
	}
}
