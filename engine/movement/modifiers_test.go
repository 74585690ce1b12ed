package movement

import (
	"math/rand/v2"
	"testing"
)

func TestSwitchAtRoundTrip(t *testing.T) {
	for _, in := range []string{
		"mitchell:7,switch=2+r3t1.4+5",
		"howell:13,rounds=12,switch=r1t2+r12t1.3.7",
		"mitchell:7,switch=r2t1,absent=14",
	} {
		s, err := ParseSpec(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := s.String(); got != in {
			t.Errorf("ParseSpec(%q).String() = %q", in, got)
		}
	}
	// r2 is round 2: the same as 2.
	s, err := ParseSpec("mitchell:7,switch=r2")
	if err != nil || s.String() != "mitchell:7,switch=2" {
		t.Errorf("switch=r2: %v, %v", s, err)
	}
}

// Switches finds the orientation of any re-oriented movement, and Modify
// rebuilds it from the spec text.
func TestSwitchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, text := range []string{"mitchell:7", "howell:13,rounds=12", "perfect:6", "relay-mitchell:8", "howell:14"} {
		base, err := ParseSpec(text)
		if err != nil {
			t.Fatal(err)
		}
		from, err := base.Build()
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			to := from.Clone()
			for r := 1; r <= to.Rounds; r++ {
				all := rng.IntN(4) == 0
				for tb := 1; tb <= to.Tables; tb++ {
					if all || rng.IntN(3) == 0 {
						to.Switch(r, tb)
					}
				}
			}
			s := base
			if s.Switch, s.SwitchAt, err = Switches(from, to); err != nil {
				t.Fatal(err)
			}
			again, err := ParseSpec(s.String())
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			got, err := again.Build()
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if !got.Equal(to) {
				t.Fatalf("%s does not rebuild the switched movement", s)
			}
		}
	}
}

func TestParseModifiers(t *testing.T) {
	s, err := ParseModifiers("switch=2+r3t1,absent=14")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.ModifiersText(); got != "switch=2+r3t1,absent=14" {
		t.Errorf("ModifiersText = %q", got)
	}
	if _, err := ParseModifiers("rounds=3"); err == nil {
		t.Error("rounds=3 after a name: no error")
	}
	if got := (Spec{}).ModifiersText(); got != "" {
		t.Errorf("no modifiers: %q", got)
	}
}

func TestPlayingTables(t *testing.T) {
	for _, c := range []struct {
		spec          string
		tables, split int
	}{{"perfect:6", 3, 2}, {"mitchell:7", 7, 1}, {"howell:13", 7, 1}, {"perfect:10", 5, 2}} {
		s, err := ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Build()
		if err != nil {
			t.Fatal(err)
		}
		if tables, split := PlayingTables(m); tables != c.tables || split != c.split {
			t.Errorf("%s: %d tables, %d groups a round; want %d, %d", c.spec, tables, split, c.tables, c.split)
		}
	}
}
