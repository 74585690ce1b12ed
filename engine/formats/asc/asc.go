// Package asc reads and writes movements in the .ASC format of balans
// (seed 004's optimiser), the format of the movement library
// (studies/library) and of the movements the tool writes: a header line
// "P T R B I" (pairs, tables, rounds, board groups, pairs or individuals)
// and one line a round of "NS-EW G" entries. A round in which a table plays two board groups (a
// split table) lists the same two pairs at two table positions of the
// round, each with its own board group; the header then has twice as many
// tables as the round seats.
package asc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// maxFileBytes bounds what Parse reads; real movement files are a few KiB.
const maxFileBytes = 4 << 20

// generation says how the header asks for rounds after the first to be made.
type generation byte

const (
	givenRounds   generation = 0
	howellStyle   generation = 'H'
	mitchellStyle generation = 'M'
)

type header struct {
	pairs, tables, rounds, groups int
	numeric                       bool
	gen                           generation
}

// Parse reads a movement in the .ASC format of balans. The header line
// is "P T R B I" (pairs, tables, rounds, board groups, and 0 for pairs or
// 1 for individuals), or "P R" for T = P/2 and B = R; a trailing g says the
// board groups are numbers instead of letters, and H or M that only round 1
// is given and the other rounds follow Howell-style or Mitchell-style. Then
// comes one line per round of T entries "NS-EW G", an empty table "0-0 0".
// Any character that is not a letter or digit separates, # starts a
// comment, and text after the last needed entry is ignored (files often end
// with their published "Qf=92, Qo=53.85").
// name is used in error messages.
func Parse(name string, r io.Reader) (*movement.Parsed, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, &engine.ParseError{File: name, Err: err}
	}
	fail := func(line int, format string, args ...any) error {
		return &engine.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	size := len(data)
	data = textfile.LF(data) // an old Mac's lone CR ends a line too
	switch {
	case size > maxFileBytes:
		return nil, fail(0, "file is larger than %d bytes: not a movement", maxFileBytes)
	case bytes.IndexByte(data, 0) >= 0:
		return nil, fail(bytes.Count(data[:bytes.IndexByte(data, 0)], []byte("\n"))+1, "binary data (a NUL byte): not a movement file")
	case !utf8.Valid(data):
		at := invalidUTF8(data)
		line := bytes.Count(data[:at], []byte("\n")) + 1
		col := at - (bytes.LastIndexByte(data[:at], '\n') + 1) + 1
		return nil, fail(line, "column %d: byte 0x%02X is not UTF-8 text (a Latin-1 character?): save the file as UTF-8", col, data[at])
	}

	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), maxFileBytes)
	lineNo := 0
	next := func() ([]string, bool) {
		for sc.Scan() {
			lineNo++
			if toks := tokens(sc.Text()); len(toks) > 0 {
				return toks, true
			}
		}
		return nil, false
	}

	toks, ok := next()
	if !ok {
		return nil, fail(0, "empty file: no header line")
	}
	h, err := parseHeader(toks)
	if err != nil {
		return nil, fail(lineNo, "header: %v", err)
	}
	m := movement.New(h.pairs, h.tables, h.rounds, h.groups)
	m.NumericGroups = h.numeric
	pm := &movement.Parsed{Movement: m, RoundLines: make([]int, h.rounds)}

	given := h.rounds
	if h.gen != givenRounds {
		given = 1
	}
	for r := 0; r < given; r++ {
		toks, ok := next()
		if !ok {
			return nil, fail(lineNo, "file ends after %d rounds, header says %d", r, given)
		}
		pm.RoundLines[r] = lineNo
		// The last round line may carry trailing text, such as "Qf=92".
		if len(toks) < 3*h.tables || (len(toks) > 3*h.tables && r < given-1) {
			return nil, fail(lineNo, "round %d: %s, want %d (one a table, NS-EW and a board group, as 4-1 A)%s",
				r+1, entriesWritten(toks), h.tables, onlyLastLine(len(toks) > 3*h.tables))
		}
		for t := 0; t < h.tables; t++ {
			tb, err := parseTable(toks[3*t:3*t+3], h.numeric)
			if err != nil {
				return nil, fail(lineNo, "round %d, table %d: %v", r+1, t+1, err)
			}
			m.Schedule[r][t] = tb
		}
	}
	switch h.gen {
	case howellStyle:
		generateHowellStyle(m)
	case mitchellStyle:
		generateMitchellStyle(m)
	}

	errs, warns := m.Check()
	lineOf := func(round int) int {
		if round == 0 || pm.RoundLines[round-1] == 0 {
			return pm.RoundLines[0]
		}
		return pm.RoundLines[round-1]
	}
	if len(errs) > 0 {
		e := errs[0]
		return nil, fail(lineOf(e.Round), "%s", e)
	}
	for _, w := range warns {
		pm.Warnings = append(pm.Warnings, &engine.ParseError{File: name, Line: lineOf(w.Round), Err: errors.New(w.String())})
	}
	return pm, nil
}

// entriesWritten counts a round line's entries as the user wrote them: an
// entry is three tokens (NS, EW, board group), and a last one cut short is
// named, not counted as tokens.
func entriesWritten(toks []string) string {
	n, rest := len(toks)/3, len(toks)%3
	s := fmt.Sprintf("%d entries", n)
	if n == 1 {
		s = "1 entry"
	}
	if rest > 0 {
		s += fmt.Sprintf(" and an incomplete one (%q)", engine.Clip(strings.Join(toks[3*n:], " ")))
	}
	return s
}

// onlyLastLine explains why entries too many are an error.
func onlyLastLine(tooMany bool) string {
	if tooMany {
		return "; only the last round line may carry text after its entries"
	}
	return ""
}

// tokens splits a line into its alphanumeric runs, dropping a # comment.
func tokens(line string) []string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.FieldsFunc(line, func(c rune) bool {
		return !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	})
}

func parseHeader(toks []string) (header, error) {
	var nums []int
	var h header
	for _, tk := range toks {
		n, err := strconv.Atoi(tk)
		if errors.Is(err, strconv.ErrRange) {
			return h, fmt.Errorf("%s is too large a number for a header (at most %d pairs, %d tables, %d rounds)", tk, movement.MaxPairs, movement.MaxTables, movement.MaxRounds)
		}
		if err == nil {
			if len(nums) == 5 {
				return h, fmt.Errorf("more than 5 numbers")
			}
			nums = append(nums, n)
			continue
		}
		switch tk {
		case "g":
			h.numeric = true
		case "H", "h":
			h.gen = howellStyle
		case "M", "m":
			h.gen = mitchellStyle
		default:
			return h, fmt.Errorf("%q is neither a number nor one of the flags g, H, M", engine.Clip(tk))
		}
	}
	switch len(nums) {
	case 2:
		h.pairs, h.rounds = nums[0], nums[1]
		h.tables, h.groups = (h.pairs+1)/2, h.rounds
	case 5:
		h.pairs, h.tables, h.rounds, h.groups = nums[0], nums[1], nums[2], nums[3]
		switch nums[4] {
		case 0:
		case 1:
			return h, fmt.Errorf("individual movements (last number 1) are not supported")
		default:
			return h, fmt.Errorf("last number must be 0 (pairs) or 1 (individuals), not %d", nums[4])
		}
	default:
		return h, fmt.Errorf("want `pairs tables rounds groups 0` or `pairs rounds`, got %d numbers", len(nums))
	}
	for _, c := range []struct {
		what   string
		n, max int
	}{{"pairs", h.pairs, movement.MaxPairs}, {"tables", h.tables, movement.MaxTables}, {"rounds", h.rounds, movement.MaxRounds}, {"board groups", h.groups, movement.MaxGroups}} {
		if c.n < 1 || c.n > c.max {
			return h, fmt.Errorf("%d %s is outside 1..%d", c.n, c.what, c.max)
		}
	}
	if h.pairs < 2 {
		return h, fmt.Errorf("a movement needs at least 2 pairs")
	}
	if !h.numeric && h.groups > 52 {
		return h, fmt.Errorf("%d board groups cannot be letters; add the flag g for numeric groups", h.groups)
	}
	return h, nil
}

func parseTable(toks []string, numeric bool) (movement.Table, error) {
	ns, err1 := strconv.Atoi(toks[0])
	ew, err2 := strconv.Atoi(toks[1])
	if err1 != nil || err2 != nil {
		return movement.Table{}, fmt.Errorf("want NS-EW pair numbers, got %q-%q", engine.Clip(toks[0]), engine.Clip(toks[1]))
	}
	if ns == 0 && ew == 0 {
		return movement.Table{Group: -1}, nil
	}
	if ns == 0 || ew == 0 {
		return movement.Table{}, fmt.Errorf("%d-%d: pair 0 only appears at an empty table 0-0", ns, ew)
	}
	g, err := parseGroup(toks[2], numeric)
	if err != nil {
		return movement.Table{}, err
	}
	return movement.Table{NS: ns, EW: ew, Group: g}, nil
}

func parseGroup(tok string, numeric bool) (int, error) {
	if numeric {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 {
			return 0, fmt.Errorf("board group %q: want a number from 1 (the header has g)", engine.Clip(tok))
		}
		return n - 1, nil
	}
	if len(tok) == 1 {
		switch c := tok[0]; {
		case c >= 'A' && c <= 'Z':
			return int(c - 'A'), nil
		case c >= 'a' && c <= 'z':
			return int(c-'a') + 26, nil
		}
	}
	return 0, fmt.Errorf("board group %q: want one letter (or the header flag g for numbers)", engine.Clip(tok))
}

// generateHowellStyle fills rounds 2.. from round 1: pairs numbered up to
// Rounds move one up (cyclically), higher pairs stay, board groups move one up.
func generateHowellStyle(m *movement.Movement) {
	move := func(p int) int {
		if p == 0 || p > m.Rounds {
			return p
		}
		return p%m.Rounds + 1
	}
	for r := 1; r < m.Rounds; r++ {
		for t, prev := range m.Schedule[r-1] {
			if prev.Empty() {
				continue
			}
			m.Schedule[r][t] = movement.Table{NS: move(prev.NS), EW: move(prev.EW), Group: (prev.Group + 1) % m.Groups}
		}
	}
}

// generateMitchellStyle fills rounds 2.. from round 1: NS pairs stay, EW pairs
// move one table up (cyclically), board groups at each table move one up.
func generateMitchellStyle(m *movement.Movement) {
	for r := 1; r < m.Rounds; r++ {
		for t := range m.Schedule[r] {
			first := m.Schedule[0][t]
			from := m.Schedule[r-1][(t-1+m.Tables)%m.Tables]
			if first.Empty() {
				continue
			}
			m.Schedule[r][t] = movement.Table{NS: first.NS, EW: from.EW, Group: (first.Group + r) % m.Groups}
		}
	}
}

// Write writes the movement in the five-number .ASC form that Parse reads
// back to the same movement.
func Write(w io.Writer, m *movement.Movement) error {
	bw := bufio.NewWriter(w)
	numeric := m.NumericGroups || m.Groups > 52
	fmt.Fprintf(bw, "%d %d %d %d 0", m.Pairs, m.Tables, m.Rounds, m.Groups)
	if numeric {
		bw.WriteString(" g")
	}
	bw.WriteByte('\n')
	pw := len(strconv.Itoa(m.Pairs))
	gw := 1
	if numeric {
		gw = len(strconv.Itoa(m.Groups))
	}
	label := *m
	label.NumericGroups = numeric
	for _, row := range m.Schedule {
		for t, tb := range row {
			if t > 0 {
				bw.WriteString("  ")
			}
			fmt.Fprintf(bw, "%*d-%*d %*s", pw, tb.NS, pw, tb.EW, gw, label.GroupLabel(tb.Group))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// invalidUTF8 is the offset of the first byte of data that is not UTF-8.
func invalidUTF8(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(data)
}

// String is m in the .ASC form Write writes.
func String(m *movement.Movement) string {
	var b strings.Builder
	Write(&b, m) // a strings.Builder takes every write
	return b.String()
}
