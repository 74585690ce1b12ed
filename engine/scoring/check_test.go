package scoring

import (
	"testing"
)

func TestParseContract(t *testing.T) {
	for _, c := range []struct {
		in     string
		ok     bool
		want   string
		tricks int
	}{
		{"4S", true, "4S", -1},
		{"3NTx", true, "3NTx", -1},
		{"3ntXX", true, "3NTxx", -1},
		{"4H*", true, "4Hx", -1},
		{"4S=", true, "4S", 10},
		{"3NT+1", true, "3NT", 10},
		{"4Hx-2", true, "4Hx", 8},
		{"2♠", true, "2S", -1},
		{"S2", false, "", 0},
		{"8H", false, "", 0},
		{"4", false, "", 0},
		{"4S+5", false, "", 0},
	} {
		got, ok := ParseContract(c.in)
		if ok != c.ok || ok && (got.Contract.String() != c.want || got.Tricks != c.tricks) {
			t.Errorf("ParseContract(%q) = %v %d, %v; want %s %d, %v", c.in, got.Contract, got.Tricks, ok, c.want, c.tricks, c.ok)
		}
	}
}

// The 16-board cycle, repeating from board 17.
func TestBoardVulnerability(t *testing.T) {
	if v := BoardVulnerability(17); v != VulNone {
		t.Errorf("board 17: %v", v)
	}
	if v := BoardVulnerability(13); v != VulBoth {
		t.Errorf("board 13: %v", v)
	}
}

func TestPairLabel(t *testing.T) {
	for _, c := range []struct {
		sec  string
		n    int
		dir  string
		want string
	}{{"", 3, "", "3"}, {"A", 12, "", "A12"}, {"Sect1", 1, "", "Sect1 1"}, {"", 3, "NS", "3 NS"}} {
		if got := PairLabel(c.sec, c.n, c.dir); got != c.want {
			t.Errorf("PairLabel(%q, %d, %q) = %q, want %q", c.sec, c.n, c.dir, got, c.want)
		}
	}
}
