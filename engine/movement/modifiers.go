package movement

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RoundTables names some tables of one round (1-based): an arrow switch at
// those tables only, written "r3t1.4" in a spec.
type RoundTables struct {
	Round  int
	Tables []int
}

// parseSwitch parses a switch list: whole rounds ("2", "r2") and rounds at
// some tables ("r3t1.4"), joined by "+".
func parseSwitch(val string) (rounds []int, at []RoundTables, err error) {
	for _, f := range strings.Split(val, "+") {
		item := strings.TrimPrefix(f, "r")
		rs, ts, perTable := strings.Cut(item, "t")
		r, errR := strconv.Atoi(rs)
		if errR != nil || r < 1 {
			return nil, nil, fmt.Errorf("%q is not a round (2, r2) or a round at some tables (r2t1.4)", f)
		}
		if !perTable {
			rounds = append(rounds, r)
			continue
		}
		rt := RoundTables{Round: r}
		for _, t := range strings.Split(ts, ".") {
			v, err := strconv.Atoi(t)
			if err != nil || v < 1 {
				return nil, nil, fmt.Errorf("%q: tables are positive numbers joined by dots (r2t1.4)", f)
			}
			rt.Tables = append(rt.Tables, v)
		}
		at = append(at, rt)
	}
	return rounds, at, nil
}

// switchText writes a switch list in canonical form: the items in round
// order, whole rounds as plain numbers.
func switchText(rounds []int, at []RoundTables) string {
	type item struct {
		round int
		text  string
	}
	var items []item
	for _, r := range rounds {
		items = append(items, item{r, strconv.Itoa(r)})
	}
	for _, rt := range at {
		parts := make([]string, len(rt.Tables))
		for i, t := range rt.Tables {
			parts[i] = strconv.Itoa(t)
		}
		items = append(items, item{rt.Round, fmt.Sprintf("r%dt%s", rt.Round, strings.Join(parts, "."))})
	}
	slices.SortStableFunc(items, func(a, b item) int { return a.round - b.round })
	texts := make([]string, len(items))
	for i, it := range items {
		texts[i] = it.text
	}
	return strings.Join(texts, "+")
}

// Modify applies the spec's modifiers (switch, except, rover or appendix,
// miss, absent, phantom, in that order) to a movement and returns the result; m is not changed.
func (s Spec) Modify(m *Movement) (*Movement, error) {
	var err error
	if len(s.Switch) > 0 {
		if m, err = m.SwitchRounds(s.Switch, s.Except); err != nil {
			return nil, err
		}
	}
	if len(s.SwitchAt) > 0 {
		m = m.Clone()
		for _, rt := range s.SwitchAt {
			if rt.Round > m.Rounds {
				return nil, fmt.Errorf("switch: round %d is outside 1..%d", rt.Round, m.Rounds)
			}
			for _, t := range rt.Tables {
				if t > m.Tables {
					return nil, fmt.Errorf("switch: round %d: table %d is outside 1..%d", rt.Round, t, m.Tables)
				}
				m.Switch(rt.Round, t)
			}
		}
	}
	switch {
	case len(s.Rover) > 0:
		if m, err = m.WithRover(s.Rover); err != nil {
			return nil, err
		}
	case len(s.Appendix) > 0:
		if m, err = m.WithAppendix(s.Appendix); err != nil {
			return nil, err
		}
	}
	if len(s.Miss) > 0 {
		if m, err = m.Missing(s.Miss); err != nil {
			return nil, err
		}
	}
	switch {
	case s.Absent != 0 && s.Join != 0:
		if m, err = m.JoinLate(s.Absent, s.Join); err != nil {
			return nil, err
		}
	case s.Absent != 0:
		if m, err = m.WithoutPair(s.Absent); err != nil {
			return nil, err
		}
	case s.Phantom:
		if m, _, err = HalfTable(m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// ParseModifiers parses modifiers alone, "switch=2+r3t1.4,absent=14" (see
// Spec), as they follow a movement that is not a family spec (a library
// movement or a file: "NAME,absent=14"). The result has only modifier
// fields set; Modify applies them.
func ParseModifiers(text string) (Spec, error) {
	// relay-mitchell has no family parameters: every key is a modifier.
	s, err := ParseSpec("relay-mitchell:4," + text)
	var se *SpecError
	if errors.As(err, &se) {
		return Spec{}, &SpecError{Spec: text, Msg: se.Msg}
	}
	if err != nil {
		return Spec{}, err
	}
	s.Family, s.Size = "", 0
	return s, nil
}

// ModifiersText is the canonical text of a spec's modifiers alone,
// "switch=…,absent=14", or "" when it has none.
func (s Spec) ModifiersText() string {
	t := Spec{Family: "x", Switch: s.Switch, SwitchAt: s.SwitchAt, Except: s.Except, Rover: s.Rover, Appendix: s.Appendix, Miss: s.Miss,
		Absent: s.Absent, Join: s.Join, Phantom: s.Phantom}.String()
	_, rest, _ := strings.Cut(t, ",")
	if !strings.Contains(t, ",") {
		return ""
	}
	return rest
}

// Switches returns the switch modifiers that turn from into to: the
// tables whose NS and EW are exchanged, a whole round as its number when
// every table playing in it is switched. from and to must be the same
// movement up to orientation.
func Switches(from, to *Movement) (rounds []int, at []RoundTables, err error) {
	if from.Rounds != to.Rounds || from.Tables != to.Tables || from.Pairs != to.Pairs {
		return nil, nil, fmt.Errorf("switches: the movements differ in size")
	}
	for r := range from.Schedule {
		var switched []int
		played := 0
		for t, a := range from.Schedule[r] {
			b := to.Schedule[r][t]
			if a.Empty() {
				continue
			}
			played++
			switch {
			case a == b:
			case a.NS == b.EW && a.EW == b.NS && a.Group == b.Group:
				switched = append(switched, t+1)
			default:
				return nil, nil, fmt.Errorf("switches: round %d, table %d differs by more than its orientation", r+1, t+1)
			}
		}
		switch {
		case len(switched) == 0:
		case len(switched) == played:
			rounds = append(rounds, r+1)
		default:
			at = append(at, RoundTables{Round: r + 1, Tables: switched})
		}
	}
	return rounds, at, nil
}
