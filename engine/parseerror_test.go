package engine

import (
	"errors"
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

// A ParseError says the file, line and column it has, and no empty ones.
func TestParseErrorSaysWhere(t *testing.T) {
	err := errors.New("bad")
	for _, c := range []struct {
		e    ParseError
		want string
	}{
		{ParseError{File: "a.asc", Line: 3, Column: 7, Err: err}, "a.asc:3:7: bad"},
		{ParseError{File: "a.asc", Line: 3, Err: err}, "a.asc:3: bad"},
		{ParseError{File: "a.asc", Err: err}, "a.asc: bad"},
		{ParseError{Line: 3, Column: 7, Err: err}, "3:7: bad"},
		{ParseError{Line: 3, Err: err}, "3: bad"},
		{ParseError{Err: err}, "bad"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
