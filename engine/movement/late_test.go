package movement

import (
	"strings"
	"testing"
)

// TestRoverSpecIsRoverMitchell: the rover modifier in the published order
// (table 2 in round 2, then two tables up) gives the rover Mitchell.
func TestRoverSpecIsRoverMitchell(t *testing.T) {
	s, err := ParseSpec("mitchell:7,rover=2:2+3:4+4:6+5:1+6:3+7:5")
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := RoverMitchell(7)
	if !got.Equal(want) {
		t.Error("the rover spec is not the rover Mitchell")
	}
	if s.String() != "mitchell:7,rover=2:2+3:4+4:6+5:1+6:3+7:5" {
		t.Errorf("canonical %s", s)
	}
}

func TestAppendixAndMiss(t *testing.T) {
	s, err := ParseSpec("howell:8,appendix=2:3+3:5,miss=4:1-1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	base, _ := CompleteHowell(8)
	if m.Pairs != 9 || m.Tables != 5 {
		t.Fatalf("%d pairs %d tables, want 9 and 5", m.Pairs, m.Tables)
	}
	if errs, _ := m.Check(); len(errs) > 0 {
		t.Fatal(errs)
	}
	// Round 2: pair 3 plays pair 9 at table 5 on its own table's boards.
	app := m.Schedule[1][4]
	seat := base.seatsOf(1, 3)[0]
	if app.Group != base.Schedule[1][seat].Group || (app.NS != 9 && app.EW != 9) || (app.NS != 3 && app.EW != 3) || !m.Schedule[1][seat].Empty() {
		t.Errorf("round 2 appendix table %+v, table %d %+v", app, seat+1, m.Schedule[1][seat])
	}
	// Round 1: pair 4 misses it, its table is empty; pair 9 sits out.
	if len(m.seatsOf(0, 4)) != 0 || len(m.seatsOf(0, 9)) != 0 {
		t.Error("round 1: pair 4 or pair 9 is seated")
	}
}

func TestJoinLate(t *testing.T) {
	s, err := ParseSpec("mitchell:5,absent=3,join=2")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	absent, _ := ParseSpec("mitchell:5,absent=3")
	without, _ := absent.Build()
	// Rounds 1 and 2 as the half table, with the late pair numbered 10.
	for r := range 2 {
		for tt := range m.Tables {
			a, b := m.Schedule[r][tt], without.Schedule[r][tt]
			if a != b {
				t.Errorf("round %d table %d: %+v, the half table has %+v", r+1, tt+1, a, b)
			}
		}
	}
	if len(m.seatsOf(2, 10)) != 1 || m.Pairs != 10 {
		t.Error("pair 10 is not seated in round 3")
	}
}

func TestLateSpecErrors(t *testing.T) {
	for text, want := range map[string]string{
		"mitchell:7,rover=2:2+2:4":          "round 2 is given twice",
		"mitchell:7,rover=2:x":              "round:pair",
		"mitchell:7,rover=2:2,appendix=3:4": "give one",
		"mitchell:7,rover=2:2,absent=3":     "half table",
		"mitchell:7,join=2":                 "absent=PAIR",
		"mitchell:7,miss=3:4-2":             "pair:first-last",
		"mitchell:7,rover=9:2":              "outside",
		"mitchell:7,absent=3,join=7":        "1 to 6",
	} {
		s, err := ParseSpec(text)
		if err == nil {
			_, err = s.Build()
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", text, err, want)
		}
	}
}
