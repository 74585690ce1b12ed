package bridgescorer

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/movement"
)

func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		spec     string
		perRound int
	}{
		{"mitchell:3", 6}, {"mitchell:7,absent=14", 4}, {"howell:13,rounds=9", 3}, {"relay-mitchell:8", 3},
		{"perfect:14,absent=14", 2}, {"howell:8,appendix=2:3+3:5,miss=4:1-1", 3},
	} {
		s, _ := movement.ParseSpec(c.spec)
		m, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, m, c.perRound, "Test", c.spec, "a test movement"); err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		sets, _ := movement.SetSizes(m, c.perRound)
		back, err := Read(bytes.NewReader(buf.Bytes()), sets[0])
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.spec, err, buf.String())
		}
		_, split := movement.PlayingTables(m)
		if split == 1 && !back.Equal(m) || !back.EqualUpToGroups(m) {
			t.Errorf("%s: read back differs", c.spec)
		}
		if a, b := movement.ComputeBalance(back), movement.ComputeBalance(m); a.Qf != b.Qf {
			t.Errorf("%s: Qf %v read back, %v written", c.spec, a.Qf, b.Qf)
		}
	}
}

// TestPublished reads the layout of bridgescorer's own
// Mitchell3Table file (written out here from its description: 3 tables,
// 6 boards a round, NS 1-3 stay, EW 4-6 move up, boards down): it is our
// 3-table Mitchell.
func TestPublished(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: \"Mitchell3Table\"\nshort: \"movement.Mitchell 3 Table\"\ndescription: \"3 tables\"\nnumberTeams: 6\nhands:\n")
	for r := 1; r <= 3; r++ {
		for tt := 1; tt <= 3; tt++ {
			ew := 4 + (tt-r+3)%3
			g := (tt + r - 2) % 3
			b.WriteString("- table: " + itoa(tt) + "\n  round: " + itoa(r) + "\n  ns: " + itoa(tt) + "\n  ew: " + itoa(ew) + "\n  boards:\n")
			for k := 1; k <= 6; k++ {
				b.WriteString("  - " + itoa(6*g+k) + "\n")
			}
		}
	}
	m, err := Read(strings.NewReader(b.String()), 6)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := movement.Mitchell(3)
	if !m.Equal(want) {
		t.Error("not the 3-table movement.Mitchell")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestErrors(t *testing.T) {
	for text, want := range map[string]string{
		"name: x\nnumberTeams: 4\nhands:\n- {table: 1, round: 1, ns: 1, ew: 5, boards: [1]}\n":    "hand 1",
		"name: x\nnumberTeams: 4\nhands:\n- {table: 1, round: 1, ns: 1, ew: 2, boards: [1, 3]}\n": "consecutive",
		"name: x\nnumberTeams: 4\nhandz: []\n":                                                    "not found",
		"name: x\nnumberTeams: 4\n":                                                               "no hands",
	} {
		if _, err := Read(strings.NewReader(text), 0); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// The reader never panics, whatever it reads.
func FuzzRead(f *testing.F) {
	m, _ := movement.Mitchell(3)
	var buf bytes.Buffer
	Write(&buf, m, 2, "x", "y", "z")
	f.Add(buf.String(), 2)
	f.Fuzz(func(t *testing.T, text string, perSet int) {
		if perSet < 0 || perSet > 10 {
			return
		}
		Read(strings.NewReader(text), perSet)
	})
}
