package textfile

import (
	"strings"
	"testing"
)

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
	if _, err := Read("f", strings.NewReader("a\nb\x00")); err == nil || !strings.Contains(err.Error(), "f:2: binary data") {
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
	if got := Names("Ann Archer & Bob Baker"); len(got) != 2 || got[1] != "Bob Baker" {
		t.Errorf("Names = %q", got)
	}
}
