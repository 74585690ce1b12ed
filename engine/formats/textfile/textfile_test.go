package textfile

import (
	"bytes"
	"errors"
	"fmt"
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

// Read drops a byte-order mark, reads Latin-1 and Windows-1252 as such,
// and refuses a binary file at the line of its first NUL.
func TestRead(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\uFEFFAnn Archer", "Ann Archer"},
		{"Ann \xe9lan \x80 5", "Ann élan € 5"},
		{"Zoë", "Zoë"},
	} {
		got, err := Read("f", strings.NewReader(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("Read(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if _, err := Read("f", strings.NewReader("a\nb\x00c")); err == nil || !strings.Contains(err.Error(), "f:2: binary data") {
		t.Errorf("a NUL byte: %v", err)
	}
}

// The figures as scorers write them.
func TestFields(t *testing.T) {
	for in, want := range map[string]int{"430": 430, "-50": -50, "+620": 620, "430.0": 430, "PASS": 0, "ap": 0} {
		if got, err := Score(in); err != nil || got != want {
			t.Errorf("Score(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"abc", "430.5", "1e9", "NaN"} {
		if _, err := Score(in); err == nil {
			t.Errorf("Score(%q) accepted", in)
		}
	}
	if f, dec, err := Number("percentage", "55,25%"); err != nil || f != 55.25 || dec != 2 {
		t.Errorf("Number(55,25%%) = %v %d %v", f, dec, err)
	}
	if _, err := PairNumber("pair", "0"); err == nil {
		t.Error("pair 0 accepted")
	}
	for _, c := range []struct {
		in   string
		bare []string
		want string
	}{
		{"Ann Archer & Bob Baker", nil, "Ann Archer|Bob Baker"},
		{"  Ann   Archer  -  Bob Baker ", nil, "Ann Archer|Bob Baker"},
		{"Anne-Marie Dupont", nil, "Anne-Marie Dupont"},
		{"Ann Archer-Bob Baker", []string{"-"}, "Ann Archer|Bob Baker"},
		{"Anne-Marie Dupont - Bob Baker", []string{"-"}, "Anne-Marie Dupont|Bob Baker"},
		{"", nil, ""},
	} {
		if got := strings.Join(Names(c.in, c.bare...), "|"); got != c.want {
			t.Errorf("Names(%q, %q) = %q, want %q", c.in, c.bare, got, c.want)
		}
	}
}

// Read gives every line end as "\n": an old Mac file (a lone "\r") is
// read line by line as the others, so readers that split at "\n" (PBN)
// or count lines at "\n" (encoding/xml) see its lines.
func TestReadLineEnds(t *testing.T) {
	got, err := Read("f", strings.NewReader("a\rb\r\nc\nd\r\re"))
	if err != nil || string(got) != "a\nb\nc\nd\n\ne" {
		t.Errorf("Read = %q, %v; want %q", got, err, "a\nb\nc\nd\n\ne")
	}
}

// No bridge score is beyond ±7600, written as an integer or not; and a
// message quotes at most a clip of what the file wrote.
func TestFieldBounds(t *testing.T) {
	for _, in := range []string{"99999999", "-7610", "7610.0", "123456789012345678901234567890"} {
		if n, err := Score(in); err == nil {
			t.Errorf("Score(%q) = %d accepted", in, n)
		}
	}
	if n, err := Score("-7600"); err != nil || n != -7600 {
		t.Errorf("Score(-7600) = %d, %v", n, err)
	}
	long := strings.Repeat("9", 100000)
	_, err1 := Score(long)
	_, _, err2 := Number("MP_NS", long)
	_, err3 := PairNumber("PairId_NS", long)
	for _, err := range []error{err1, err2, err3} {
		if err == nil || len(err.Error()) > 200 {
			t.Errorf("a 100000-digit entry: error of %d bytes, want a short one", len(fmt.Sprint(err)))
		}
	}
}

// NUL bytes after the text are padding (a copy to a fixed-size block, a
// writer's buffer), and so is a DOS end-of-file Ctrl-Z: dropped, the file
// read; they made a USEBIO or PBN file "binary data" at its last line.
// A NUL with text after it is still a binary file.
func TestReadPadding(t *testing.T) {
	for _, in := range []string{"[Board \"1\"]\n\x00\x00\x00", "<USEBIO/>\r\n\x1a", "a\nb\x1a\x00\x00"} {
		got, err := Read("f", strings.NewReader(in))
		if err != nil || strings.ContainsAny(string(got), "\x00\x1a") {
			t.Errorf("Read(%q) = %q, %v; want the text without its padding", in, got, err)
		}
	}
	if _, err := Read("f", strings.NewReader("a\nb\x00\nc\x00")); err == nil || !strings.Contains(err.Error(), "f:2: binary data") {
		t.Errorf("a NUL byte before text: %v", err)
	}
}
