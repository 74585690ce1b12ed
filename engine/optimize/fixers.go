package optimize

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"

	"github.com/bridgereport/bridgereport/engine"
)

// Fixers marks, round by round, the tables whose orientation the search
// keeps (balans -a). The text format has one line per round, in order, with
// one 0 (free) or 1 (fixed) per table, in table order; digits may be
// separated by spaces. A # starts a comment; blank lines are skipped. For
// 3 rounds of 4 tables, round 1 and table 1 fixed:
//
//	# rounds 1-3, tables 1-4
//	1111
//	1000
//	1 0 0 0
//
// A 1 at an empty table is allowed and changes nothing.
type Fixers struct {
	// File names the source in errors.
	File string
	// Fixed[r][t] says table t+1 keeps its orientation in round r+1.
	Fixed [][]bool
	// Lines[r] is the line of round r+1 in the file.
	Lines []int
}

// maxFixerCells bounds a line, as the movement limits bound a movement.
const maxFixerCells = movement.MaxTables

// ParseFixers reads a fixers file (see Fixers). name is used in errors.
func ParseFixers(name string, r io.Reader) (*Fixers, error) {
	f := &Fixers{File: name}
	sc := bufio.NewScanner(r)
	sc.Split(scanLines)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		var row []bool
		for i, c := range text {
			switch c {
			case '0', '1':
				row = append(row, c == '1')
			case ' ', '\t', '\r':
			default:
				return nil, &engine.ParseError{File: name, Line: line, Column: i + 1, Err: fmt.Errorf("want 0 (free) or 1 (fixed), got %q", c)}
			}
		}
		if len(row) > maxFixerCells {
			return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("%d tables: at most %d", len(row), maxFixerCells)}
		}
		if len(f.Fixed) == movement.MaxRounds {
			return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("more than %d rounds", movement.MaxRounds)}
		}
		f.Fixed = append(f.Fixed, row)
		f.Lines = append(f.Lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, &engine.ParseError{File: name, Line: line + 1, Err: err}
	}
	if len(f.Fixed) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("no rounds: want one line of 0s and 1s per round")}
	}
	return f, nil
}

// scanLines is bufio.ScanLines with a lone CR (old Mac files) ending a
// line too, so that such a file is not one line of every round.
func scanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i, c := range data {
		switch {
		case c == '\n':
			return i + 1, data[:i], nil
		case c == '\r' && i+1 < len(data):
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		case c == '\r' && atEOF:
			return i + 1, data[:i], nil
		case c == '\r':
			return 0, nil, nil // a \n may follow
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// validate checks the fixers against the movement's rounds and tables.
func (f *Fixers) validate(m *movement.Movement) error {
	if len(f.Fixed) != m.Rounds {
		line := 0
		if len(f.Fixed) > m.Rounds {
			line = f.line(m.Rounds)
		}
		return &engine.ParseError{File: f.File, Line: line, Err: fmt.Errorf("fixers for %d round(s), the movement has %d", len(f.Fixed), m.Rounds)}
	}
	for r, row := range f.Fixed {
		if len(row) != m.Tables {
			return &engine.ParseError{File: f.File, Line: f.line(r), Err: fmt.Errorf("round %d: %d tables, the movement has %d", r+1, len(row), m.Tables)}
		}
	}
	return nil
}

// line is the file line of round r+1, 0 when unknown.
func (f *Fixers) line(r int) int {
	if r < len(f.Lines) {
		return f.Lines[r]
	}
	return 0
}

// fixed reports whether the fixers keep table t in round r (1-based).
func (f *Fixers) fixed(r, t int) bool {
	return f != nil && f.Fixed[r-1][t-1]
}
