package movement

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/published"
)

func TestParseSpec(t *testing.T) {
	cases := []struct {
		in, canonical         string
		pairs, tables, rounds int
	}{
		{"mitchell:7", "mitchell:7", 14, 7, 7},
		{"relay-mitchell:8", "relay-mitchell:8", 16, 8, 8},
		{"stay-mitchell:7", "stay-mitchell:7", 14, 7, 7},
		{"stay-mitchell:9,switch=2", "stay-mitchell:9,switch=2", 18, 9, 9},
		{"skip-mitchell:8", "skip-mitchell:8", 16, 8, 7},
		{"skip-mitchell:8,rounds=7", "skip-mitchell:8", 16, 8, 7},
		{"skip-mitchell:8,rounds=5", "skip-mitchell:8,rounds=5", 16, 8, 5},
		{"web-mitchell:10,sets=13", "web-mitchell:10,sets=13", 20, 10, 13},
		{"web-mitchell:10", "web-mitchell:10", 20, 10, 9},
		{"blackpool:5,extra=4", "blackpool:5,extra=4", 10, 5, 9},
		{"blackpool:5,extra=2", "blackpool:5", 10, 5, 7},
		{"rover-mitchell:7", "rover-mitchell:7", 15, 7, 7},
		{"appendix-mitchell:9", "appendix-mitchell:9", 21, 10, 9},
		{"hesitation-mitchell:7,switch=8,except=7", "hesitation-mitchell:7,switch=8,except=7", 14, 7, 8},
		{"howell:13", "howell:13", 13, 7, 13},
		{"howell:16", "howell:16", 16, 8, 15},
		{"howell:16,rounds=12", "howell:16,rounds=12", 16, 8, 12},
		{"howell:16,rounds=15", "howell:16", 16, 8, 15},
		{"howell:15,rounds=12", "howell:15,rounds=12", 15, 8, 12},
		{"howell:15,rounds=15", "howell:15", 15, 8, 15},
		{" mitchell:7, switch=2+5 ", "mitchell:7,switch=2+5", 14, 7, 7},
		{"relay-mitchell:6,except=1,switch=2", "relay-mitchell:6,switch=2,except=1", 12, 6, 6},
		{"mitchell:7,absent=14", "mitchell:7,absent=14", 13, 7, 7},
		{"mitchell:7,phantom=best", "mitchell:7,phantom=best", 13, 7, 7},
		{"perfect:12", "perfect:12", 12, 6, 11},
		{"perfect:12,sessions=2", "perfect:12,sessions=2", 12, 6, 11},
		{"perfect:12,rounds=11,sessions=1", "perfect:12", 12, 6, 11},
		{"perfect:8,rounds=14", "perfect:8,rounds=14", 8, 4, 14},
		{"perfect:10,rounds=18,sessions=2", "perfect:10,rounds=18,sessions=2", 10, 5, 18},
		{"perfect:6,vacancy=super", "perfect:6,vacancy=super", 6, 6, 5},
		{"perfect:6,vacancy=super,rounds=5,sessions=1,switch=3", "perfect:6,vacancy=super,switch=3", 6, 6, 5},
		{"multisession:14,sessions=6+7+6+7", "multisession:14,sessions=6+7+6+7", 14, 7, 26},
		{"multisession:14,base=howell,sessions=6+7", "multisession:14,sessions=6+7", 14, 7, 13},
		{"multisession:14,starter=12-1+2-11+3-10+4-9+5-8+6-7,sessions=6+7", "multisession:14,sessions=6+7,starter=12-1+2-11+3-10+4-9+5-8+6-7", 14, 7, 13},
		{"multisession:16,base=perfect,sessions=6+6+6+6+6,switch=2", "multisession:16,sessions=6+6+6+6+6,base=perfect,switch=2", 16, 8, 30},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			s, err := ParseSpec(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != c.canonical {
				t.Errorf("String() = %q, want %q", got, c.canonical)
			}
			again, err := ParseSpec(s.String())
			if err != nil || !specEqual(again, s) {
				t.Errorf("round trip: %+v, %v; want %+v", again, err, s)
			}
			m, err := s.Build()
			if err != nil {
				t.Fatal(err)
			}
			if m.Pairs != c.pairs || m.Tables != c.tables || m.Rounds != c.rounds {
				t.Errorf("built %d pairs, %d tables, %d rounds; want %d, %d, %d", m.Pairs, m.Tables, m.Rounds, c.pairs, c.tables, c.rounds)
			}
			if errs, _ := m.Check(); len(errs) > 0 {
				t.Errorf("built an invalid movement: %v", errs)
			}
		})
	}
}

func specEqual(a, b Spec) bool {
	return a.Family == b.Family && a.Size == b.Size && a.Rounds == b.Rounds && a.Sets == b.Sets &&
		a.Extra == b.Extra && a.Sessions == b.Sessions && slices.Equal(a.Switch, b.Switch) && slices.EqualFunc(a.SwitchAt, b.SwitchAt, func(x, y RoundTables) bool { return x.Round == y.Round && slices.Equal(x.Tables, y.Tables) }) && slices.Equal(a.Except, b.Except) &&
		a.Absent == b.Absent && a.Phantom == b.Phantom && a.Super == b.Super &&
		slices.Equal(a.SessionRounds, b.SessionRounds) && a.Base == b.Base && slices.Equal(a.Starter, b.Starter)
}

func TestParseSpecErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"howell:3", "howell:3: a Howell needs at least 4 pairs"},
		{"mitchell:7,swtich=2", `mitchell:7,swtich=2: unknown modifier "swtich" (known: rounds, switch, except, absent, phantom)`},
		{"skip-mitchell:8,sets=3", `skip-mitchell:8,sets=3: unknown modifier "sets" (known: rounds, switch, except, absent, phantom)`},
		{"mitchell:8", "mitchell:8: a standard Mitchell needs an odd number of tables, 3 or more (relay-mitchell, skip-mitchell and web-mitchell take even numbers)"},
		{"mitchel:7", `mitchel:7: unknown movement family "mitchel" (known: appendix-mitchell, blackpool, criss-cross-mitchell, hesitation-mitchell, howell, mitchell, multisession, perfect, relay-mitchell, rover-mitchell, skip-mitchell, stay-mitchell, web-mitchell)`},
		{"mitchell:seven", `mitchell:seven: the size must be a whole number of tables from 1, not "seven"`},
		{"mitchell:7.5", `mitchell:7.5: the size must be a whole number of tables from 1, not "7.5"`},
		{"howell:8,rounds=2.5", `howell:8,rounds=2.5: rounds must be a whole number from 1, not "2.5"`},
		{"mitchell:7,switch=2+x", `mitchell:7,switch=2+x: switch: "x" is not a round (2, r2) or a round at some tables (r2t1.4)`},
		{"mitchell:7,switch=r2t1.x", `mitchell:7,switch=r2t1.x: switch: "r2t1.x": tables are positive numbers joined by dots (r2t1.4)`},
		{"mitchell:7,switch=r9t1", `mitchell:7,switch=r9t1: switch: round 9 is outside 1..7`},
		{"mitchell:7,switch=9", "mitchell:7,switch=9: switch: round 9 is outside 1..7"},
		{"mitchell:7,switch", `mitchell:7,switch: "switch" is not key=value (known keys: rounds, switch, except, absent, phantom)`},
		{"mitchell:7,switch=2,switch=3", "mitchell:7,switch=2,switch=3: switch is given twice"},
		{"mitchell:7,absent=15", "mitchell:7,absent=15: absent pair 15 is outside 1..14"},
		{"mitchell:7,absent=3,phantom=best", "mitchell:7,absent=3,phantom=best: absent and phantom both leave a pair out: give one"},
		{"mitchell:7,phantom=3", `mitchell:7,phantom=3: phantom must be "best", not "3" (absent=N names the pair)`},
		{"mitchell:7,except=1", "mitchell:7,except=1: except lists tables left unswitched, but no round is switched"},
		{"web-mitchell:10,sets=8", "web-mitchell:10,sets=8: web mitchell: 8 sets: a 10-table Web Mitchell needs an odd number of board sets from 5"},
		{"skip-mitchell:8,rounds=8", "skip-mitchell:8,rounds=8: skip mitchell: 8 rounds: a 8-table skip Mitchell has 1 to 7 rounds"},
		{"blackpool:5,extra=3", "blackpool:5,extra=3: blackpool: 3 extra groups: the published special moves cover 2, 4 or 6 extra groups"},
		{"howell:16,rounds=8", "howell:16,rounds=8: short howell: 8 rounds: a short Howell for 16 pairs has 9 to 14 rounds"},
		{"howell:8,rounds=6", "howell:8,rounds=6: short howell: 8 pairs in 6 rounds: no cyclic arrangement found"},
		{"stay-mitchell:8", "stay-mitchell:8: a Mitchell with stationary boards needs an odd number of tables, 3 or more"},
		{"rover-mitchell:9", "rover-mitchell:9: a rover Mitchell needs an odd number of tables, 5 or more, not a multiple of 3"},
		{"perfect:7", "perfect:7: a perfect Howell needs an even number of pairs from 4 to 64"},
		{"perfect:12,rounds=12", "perfect:12,rounds=12: perfect: 12 pairs, 12 rounds, 1 sessions: supported are 11 rounds (a complete Howell) and 22 rounds (a double Howell)"},
		{"perfect:6,vacancy=best", `perfect:6,vacancy=best: vacancy must be "super" (perfect balance with any pair absent), not "best"`},
		{"perfect:8,vacancy=super", "perfect:8,vacancy=super: vacancy=super: built for 6 pairs in 5 rounds and 1 session only"},
		{"howell:6,vacancy=super", `howell:6,vacancy=super: unknown modifier "vacancy" (known: rounds, switch, except, absent, phantom)`},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			s, err := ParseSpec(c.in)
			if err == nil {
				_, err = s.Build()
			}
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Errorf("error %v is not a *SpecError", err)
			}
			if err.Error() != c.want {
				t.Errorf("error\n %q\nwant\n %q", err.Error(), c.want)
			}
		})
	}
}

// A spec whose mistake repeats a hundred thousand times gets an error of
// a line: the spec and the wrong part clipped, said once.
func TestParseSpecErrorIsALine(t *testing.T) {
	for _, spec := range []string{
		"mitchell:7," + strings.Repeat("x", 100000),
		"mitchell:7,switch=" + strings.Repeat("1+", 50000),
		"mitchell:7," + strings.Repeat("switch=2,", 20000),
		strings.Repeat("m", 100000) + ":7",
		"howell:8,base=" + strings.Repeat("y", 100000),
	} {
		_, err := ParseSpec(spec)
		if err == nil {
			t.Fatalf("%.40s… accepted", spec)
		}
		if msg := err.Error(); len(msg) > 600 {
			t.Errorf("%.40s…: an error of %d bytes: %.300s", spec, len(msg), msg)
		}
	}
}

func TestParseSpecNotSpec(t *testing.T) {
	for _, in := range []string{"", "NBBR/7ronden/8p7rTeamH", "movements/14p.asc", "C:/movements/x.asc", "Mitchell:7", "./mitchell:7"} {
		if _, err := ParseSpec(in); !errors.Is(err, ErrNotSpec) {
			t.Errorf("ParseSpec(%q) = %v, want ErrNotSpec", in, err)
		}
	}
}

// TestSpecPublished builds, from specs, movements whose balance seed 004
// publishes.
func TestSpecPublished(t *testing.T) {
	cases := []struct{ spec, qf string }{
		{"mitchell:7,switch=2", "92.00"},
		{"mitchell:7,switch=2+7", "49.64"},
		{"relay-mitchell:6,switch=2,except=1", "84"},
		{"relay-mitchell:14,switch=2+5", "94.27"},
		{"mitchell:15,switch=2+8+9", "83.03"},
		{"skip-mitchell:8", "40.82"}, // NBB N311
		{"perfect:12", "100"},
		{"perfect:12,sessions=3", "100"},
		{"perfect:16,sessions=2", "100"},
		{"perfect:6,vacancy=super", "100"},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			s, err := ParseSpec(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.Build()
			if err != nil {
				t.Fatal(err)
			}
			if qf := ComputeBalance(m).Qf; !published.Matches(qf, c.qf) {
				t.Errorf("Qf %.4f, published %s", qf, c.qf)
			}
		})
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"mitchell:7", "howell:16,switch=2", "web-mitchell:10,sets=13", "x:y", "skip-mitchell:8,rounds=3,absent=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSpec(text)
		if err != nil {
			return
		}
		again, err := ParseSpec(s.String())
		if err != nil || !specEqual(s, again) {
			t.Fatalf("%q: round trip of %q gives %+v, %v", text, s.String(), again, err)
		}
	})
}

func TestCurtailedMitchell(t *testing.T) {
	full, err := ParseSpec("mitchell:9,rounds=9")
	if err != nil {
		t.Fatal(err)
	}
	if full.String() != "mitchell:9" {
		t.Errorf("rounds at the full length should print as the plain spec, got %s", full)
	}
	s, err := ParseSpec("mitchell:17,rounds=8")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	if m.Rounds != 8 || m.Tables != 17 || m.Pairs != 34 {
		t.Fatalf("size %d rounds %d tables %d pairs", m.Rounds, m.Tables, m.Pairs)
	}
	b := ComputeBalance(m)
	if !b.Uniform || b.H != 7 {
		t.Errorf("every group is played once a round: uniform %v, h %d (want 7)", b.Uniform, b.H)
	}
	if f := Describe(m); f.MaxMeetings != 1 || f.Winners() != 2 {
		t.Errorf("curtailed Mitchell: most meetings %d, winners %d", f.MaxMeetings, f.Winners())
	}
	if _, err := ParseSpec("mitchell:7,rounds=8"); err == nil {
		if _, err := (Spec{Family: "mitchell", Size: 7, Rounds: 8}).Build(); err == nil {
			t.Error("a 7-table Mitchell of 8 rounds was built")
		}
	}
}
