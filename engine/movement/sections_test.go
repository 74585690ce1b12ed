package movement

import (
	"strings"
	"testing"
)

func TestSectionsSpec(t *testing.T) {
	for _, c := range []struct {
		text           string
		pairs, tables  int
		groups, rounds int
	}{
		{"sections:rover-mitchell:7/mitchell:7", 29, 14, 14, 7},
		{"sections:mitchell:15,rounds=13/mitchell:15,rounds=13,absent=30/boards=shared,score=across", 59, 30, 15, 13},
		{"sections:mitchell:7,absent=14/skip-mitchell:8,switch=2", 29, 15, 15, 7},
	} {
		s, err := ParseSpec(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if s.String() != c.text {
			t.Errorf("%s: canonical %s", c.text, s)
		}
		m, err := s.Build()
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if m.Pairs != c.pairs || m.Tables != c.tables || m.Groups != c.groups || m.Rounds != c.rounds {
			t.Errorf("%s: %d pairs %d tables %d groups %d rounds, want %d %d %d %d", c.text, m.Pairs, m.Tables, m.Groups, m.Rounds, c.pairs, c.tables, c.groups, c.rounds)
		}
		if errs, _ := m.Check(); len(errs) > 0 {
			t.Errorf("%s: %v", c.text, errs)
		}
		for i, sec := range m.SplitSections() {
			want, err := s.Parts[i].Build()
			if err != nil {
				t.Fatal(err)
			}
			if !sec.Equal(want) {
				t.Errorf("%s: section %d is not its spec's movement", c.text, i+1)
			}
		}
	}
}

func TestSectionsSpecErrors(t *testing.T) {
	for text, want := range map[string]string{
		"sections:mitchell:7":                         "two sections",
		"sections:mitchell:7/mitchell:9":              "same rounds",
		"sections:mitchell:7/mitchell:7/score=across": "boards=shared",
		"sections:mitchell:7/mitchell:7/boards=some":  "options of sections",
		"sections:mitchell:7/sections:mitchell:7":     "section 2",
		"sections:mitchell:6/mitchell:7":              "odd number of tables",
		"sections:boards=own/mitchell:7/mitchell:7":   "options (boards=, score=) come last",
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

func TestSectionsWithoutPair(t *testing.T) {
	s, _ := ParseSpec("sections:mitchell:7/mitchell:7")
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	w, err := m.WithoutPair(20) // pair 6 of section 2
	if err != nil {
		t.Fatal(err)
	}
	if w.Sections[0].Pairs != 14 || w.Sections[1].Pairs != 13 {
		t.Errorf("sections %v after pair 20 left", w.Sections)
	}
	if errs, _ := w.Check(); len(errs) > 0 {
		t.Error(errs)
	}
}
