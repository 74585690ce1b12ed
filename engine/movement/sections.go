package movement

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Section is one section of a field played as several movements side by
// side (Movement.Sections): its pairs, tables and board groups are
// consecutive ranges of the whole movement, in section order.
type Section struct {
	Pairs, Tables, Groups int
}

// SectionRange is where section s lies in the whole movement: its first
// pair (1-based), first table (1-based) and first board group (0-based).
func (m *Movement) SectionRange(s int) (firstPair, firstTable, firstGroup int) {
	firstPair, firstTable = 1, 1
	for _, sec := range m.Sections[:s] {
		firstPair += sec.Pairs
		firstTable += sec.Tables
		if !m.SharedBoards {
			firstGroup += sec.Groups
		}
	}
	return firstPair, firstTable, firstGroup
}

// SectionOf is the section (0-based) pair p plays in; 0 for a movement of
// one section.
func (m *Movement) SectionOf(p int) int {
	for s, sec := range m.Sections {
		if p <= sec.Pairs {
			return s
		}
		p -= sec.Pairs
	}
	return 0
}

// JoinSections plays the given movements side by side as the sections of
// one field: the pairs and tables of the second follow those of the first,
// and so on. With shared, the sections play the same deals (board group g of
// every section is one group: each section needs its own copy, or the
// sections pass boards); otherwise each section has its own boards, and the
// groups of the second follow those of the first. across says the field is
// scored across the sections (it needs shared boards); otherwise each
// section is scored apart. The sections must have the same number of rounds.
func JoinSections(sections []*Movement, shared, across bool) (*Movement, error) {
	if len(sections) < 2 {
		return nil, fmt.Errorf("sections: %d given, want 2 or more", len(sections))
	}
	if across && !shared {
		return nil, fmt.Errorf("sections: scored across the field needs shared boards (boards=shared): the sections must play the same deals to be compared")
	}
	var pairs, tables, groups int
	rounds := sections[0].Rounds
	for i, s := range sections {
		if len(s.Sections) > 0 {
			return nil, fmt.Errorf("sections: section %d is itself in sections", i+1)
		}
		if s.Rounds != rounds {
			return nil, fmt.Errorf("sections: section %d has %d rounds, section 1 has %d: the sections of a session play the same rounds", i+1, s.Rounds, rounds)
		}
		pairs += s.Pairs
		tables += s.Tables
		if shared {
			groups = max(groups, s.Groups)
		} else {
			groups += s.Groups
		}
	}
	m := New(pairs, tables, rounds, groups)
	m.SharedBoards, m.Across = shared, across
	m.NumericGroups = groups > 52
	var p0, t0, g0 int
	for _, s := range sections {
		m.Sections = append(m.Sections, Section{Pairs: s.Pairs, Tables: s.Tables, Groups: s.Groups})
		m.NumericGroups = m.NumericGroups || s.NumericGroups
		for r, row := range s.Schedule {
			for t, tb := range row {
				if tb.Empty() {
					continue
				}
				m.Schedule[r][t0+t] = Table{NS: tb.NS + p0, EW: tb.EW + p0, Group: tb.Group + g0}
			}
		}
		p0 += s.Pairs
		t0 += s.Tables
		if !shared {
			g0 += s.Groups
		}
	}
	return m, nil
}

// SplitSections returns each section of m as a movement of its own (its
// pairs, tables and groups numbered from the first); a movement of one
// section is returned as the only element.
func (m *Movement) SplitSections() []*Movement {
	if len(m.Sections) == 0 {
		return []*Movement{m}
	}
	out := make([]*Movement, len(m.Sections))
	for s, sec := range m.Sections {
		p0, t0, g0 := m.SectionRange(s)
		sm := New(sec.Pairs, sec.Tables, m.Rounds, sec.Groups)
		sm.NumericGroups = m.NumericGroups
		for r, row := range m.Schedule {
			for t := range sec.Tables {
				tb := row[t0-1+t]
				if !tb.Empty() {
					sm.Schedule[r][t] = Table{NS: tb.NS - p0 + 1, EW: tb.EW - p0 + 1, Group: tb.Group - g0}
				}
			}
		}
		out[s] = sm
	}
	return out
}

// checkSections validates the section layout: the ranges add up and every
// table of a section seats that section's pairs on its groups.
func (m *Movement) checkSections() []Issue {
	if len(m.Sections) == 0 {
		return nil
	}
	var pairs, tables int
	for _, s := range m.Sections {
		pairs += s.Pairs
		tables += s.Tables
	}
	if pairs != m.Pairs || tables != m.Tables {
		return []Issue{{Msg: fmt.Sprintf("the sections hold %d pairs at %d tables, the movement %d at %d", pairs, tables, m.Pairs, m.Tables)}}
	}
	var out []Issue
	for s, sec := range m.Sections {
		p0, t0, g0 := m.SectionRange(s)
		for r, row := range m.Schedule {
			for t := t0 - 1; t < t0-1+sec.Tables; t++ {
				tb := row[t]
				if tb.Empty() {
					continue
				}
				if tb.NS < p0 || tb.NS >= p0+sec.Pairs || tb.EW < p0 || tb.EW >= p0+sec.Pairs || tb.Group < g0 || tb.Group >= g0+sec.Groups {
					out = append(out, Issue{r + 1, fmt.Sprintf("table %d: pairs %d and %d on group %s are not all of section %d", t+1, tb.NS, tb.EW, m.GroupLabel(tb.Group), s+1)})
				}
			}
		}
	}
	return out
}

// sectionsEqual compares the section layouts of two movements.
func sectionsEqual(a, b *Movement) bool {
	return slices.Equal(a.Sections, b.Sections) && a.SharedBoards == b.SharedBoards && a.Across == b.Across
}

// parseSections parses the rest of a "sections:" spec: the sections' specs
// joined by "/", and a last part of options (boards=, score=).
func parseSections(text, rest string) (Spec, error) {
	bad := func(format string, args ...any) (Spec, error) {
		return Spec{}, &SpecError{Spec: text, Msg: fmt.Sprintf(format, args...)}
	}
	s := Spec{Family: "sections"}
	parts := strings.Split(rest, "/")
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if !strings.Contains(part, ":") {
			if i != len(parts)-1 || i < 2 {
				return bad("%q: each section is a spec (family:size, as mitchell:7); options (boards=, score=) come last", part)
			}
			for _, opt := range strings.Split(part, ",") {
				key, val, _ := strings.Cut(strings.TrimSpace(opt), "=")
				switch {
				case key == "boards" && (val == "shared" || val == "own"):
					s.SharedBoards = val == "shared"
				case key == "score" && (val == "across" || val == "apart"):
					s.Across = val == "across"
				default:
					return bad("%q: the options of sections are boards=own or boards=shared, score=apart or score=across", opt)
				}
			}
			continue
		}
		sec, err := ParseSpec(part)
		if err != nil {
			var se *SpecError
			if errors.As(err, &se) {
				return bad("section %d: %s", i+1, se.Error())
			}
			return bad("section %d: %q: %v", i+1, part, err)
		}
		if sec.Family == "sections" {
			return bad("section %d: a section cannot itself be in sections", i+1)
		}
		s.Parts = append(s.Parts, sec)
	}
	if len(s.Parts) < 2 {
		return bad("give two sections or more, their specs joined by /")
	}
	if s.Across && !s.SharedBoards {
		return bad("score=across needs boards=shared: the sections must play the same deals to be compared")
	}
	return s, nil
}

// sectionsText is the canonical text of a "sections:" spec.
func sectionsText(s Spec) string {
	parts := make([]string, len(s.Parts))
	for i, p := range s.Parts {
		parts[i] = p.String()
	}
	var opts []string
	if s.SharedBoards {
		opts = append(opts, "boards=shared")
	}
	if s.Across {
		opts = append(opts, "score=across")
	}
	if len(opts) > 0 {
		parts = append(parts, strings.Join(opts, ","))
	}
	return "sections:" + strings.Join(parts, "/")
}

// buildSections builds each section and joins them.
func buildSections(s Spec) (*Movement, error) {
	wrap := func(err error) error { return &SpecError{Spec: s.String(), Msg: err.Error()} }
	if len(s.Parts) < 2 {
		return nil, wrap(fmt.Errorf("give two sections or more"))
	}
	var secs []*Movement
	for _, p := range s.Parts {
		if p.Family == "sections" {
			return nil, wrap(fmt.Errorf("a section cannot itself be in sections"))
		}
		m, err := p.Build()
		if err != nil {
			return nil, err
		}
		secs = append(secs, m)
	}
	m, err := JoinSections(secs, s.SharedBoards, s.Across)
	if err != nil {
		return nil, wrap(err)
	}
	return m, nil
}
