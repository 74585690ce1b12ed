package acbl

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// An ACBLscore game file is a heap of records found through pointers
// (absolute offsets, little-endian) from a master table at offset 0. The
// offsets below are those of Matthew Kidd's "ACBLscore Game Files
// Decoded"; only what a pairs session needs is read. Strings are Pascal
// strings: a length byte, then up to the field's size of characters.
const (
	masterSize       = 0x0a14 // the master table, its length word included
	eventPointers    = 0x12   // 50 event details pointers
	eventTypes       = 0xda   // 50 event types (0: pairs)
	eventScorings    = 0x10c  // 50 scoring methods (0: matchpoints)
	sectionSummaries = 0x13e  // 100 section summaries of 22 bytes
	summarySize      = 22
	versionAt        = 0x9db // ACBLscore version × 100
	maxEvents        = 50
	maxSections      = 100

	sectionDetailsSize = 802 // what Kidd's files declare (after the length word)
	entrySize          = 0xa2
	playerSize         = 120
	resultSize         = 18 // a pairs result: round, table, then NS and EW
)

// IsGame reports whether the first bytes are those of an ACBLscore game
// file: a master table whose Pascal string says AC3.
func IsGame(head []byte) bool {
	return len(head) >= 6 && head[2] == 3 && string(head[3:6]) == "AC3"
}

// Special scores of a result, in tens of points below 900.
const (
	scoreLatePlay  = 900
	scoreNotPlayed = 950
	scoreNotInPlay = 999
	scoreAveMinus  = 2040
	scoreAve       = 2050
	scoreAvePlus   = 2060
	scoreFouled    = 3000 // and above: a foul group's result
)

// ReadGame reads an ACBLscore game file (.ACA, .ACE, …; several ACBLscore
// versions, told by the version the file states) of a matchpointed pairs
// event: the event's name, date, club and strats, each section's pairs
// (their numbers, as reassigned by the director when they were, names,
// ACBL numbers, percentage, score, strat, ranks and masterpoints) and
// each board's results by round and table, with the file's matchpoints;
// phantom pairs, boards not in play, late plays and boards not played are
// no result; AVE, AVE+ and AVE- are artificial; fouled results (scored in
// their own group) are left out with a warning. A file holding several
// events is read for its first matchpointed pairs event. Errors and
// warnings name the record's offset.
func ReadGame(name string, r io.Reader) (*scoring.Session, error) {
	data, err := textfile.ReadAll(name, r)
	if err != nil {
		return nil, err
	}
	g := &gameReader{name: name, b: data}
	if !IsGame(data) {
		return nil, g.fail(0, "not an ACBLscore game file: it does not start with the AC3 master table")
	}
	if len(data) < masterSize {
		return nil, g.fail(0, "the file ends at %d bytes, inside the %d-byte master table: cut off", len(data), masterSize)
	}
	s, err := g.read()
	if err != nil {
		return nil, err
	}
	return s, nil
}

// gameReader reads records with bounds checks: a pointer outside the
// file is an error naming it, never a panic.
type gameReader struct {
	name string
	b    []byte
	s    *scoring.Session
}

func (g *gameReader) fail(off int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if off > 0 {
		msg = fmt.Sprintf("record at offset 0x%x: %s", off, msg)
	}
	return &engine.ParseError{File: g.name, Err: errors.New(msg)}
}

// errShort is a read past the file's end.
type errShort struct{ off, n int }

func (e errShort) Error() string {
	return fmt.Sprintf("a field of %d byte(s) at offset 0x%x lies past the end of the file: cut off, or not a game file", e.n, e.off)
}

func (g *gameReader) bytes(off, n int) ([]byte, error) {
	if off < 0 || n < 0 || off+n > len(g.b) {
		return nil, errShort{off, n}
	}
	return g.b[off : off+n], nil
}

func (g *gameReader) u8(off int) (int, error) {
	b, err := g.bytes(off, 1)
	if err != nil {
		return 0, err
	}
	return int(b[0]), nil
}

func (g *gameReader) u16(off int) (int, error) {
	b, err := g.bytes(off, 2)
	if err != nil {
		return 0, err
	}
	return int(binary.LittleEndian.Uint16(b)), nil
}

func (g *gameReader) i16(off int) (int, error) {
	v, err := g.u16(off)
	return int(int16(v)), err
}

func (g *gameReader) u32(off int) (int, error) {
	b, err := g.bytes(off, 4)
	if err != nil {
		return 0, err
	}
	return int(binary.LittleEndian.Uint32(b)), nil
}

func (g *gameReader) i32(off int) (int, error) {
	b, err := g.bytes(off, 4)
	if err != nil {
		return 0, err
	}
	return int(int32(binary.LittleEndian.Uint32(b))), nil
}

// str reads a Pascal string of at most size characters, in the DOS code
// page ACBLscore writes (read as Windows-1252: names are Latin letters).
func (g *gameReader) str(off, size int) (string, error) {
	n, err := g.u8(off)
	if err != nil {
		return "", err
	}
	n = min(n, size)
	b, err := g.bytes(off+1, n)
	if err != nil {
		return "", err
	}
	b = bytes.TrimRight(b, "\x00 ")
	return strings.TrimSpace(string(textfile.UTF8(b))), nil
}

// first returns the first error of a list of reads.
func first(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func (g *gameReader) read() (*scoring.Session, error) {
	version, err := g.u16(versionAt)
	if err != nil {
		return nil, g.fail(0, "%v", err)
	}
	s := &scoring.Session{Name: g.name, Format: fmt.Sprintf("acblscore game %d.%02d", version/100, version%100), Scale: scoring.ScaleACBL}
	g.s = s
	if n, _ := g.u16(0); n != masterSize-2 {
		s.Warn(g.name, 0, "version", "the master table declares %d bytes, not the %d known: read by the known offsets (ACBLscore %d.%02d)", n, masterSize-2, version/100, version%100)
	}
	event, evPtr := -1, 0
	var skipped []string
	for i := 0; i < maxEvents; i++ {
		p, err := g.u32(eventPointers + 4*i)
		if err != nil {
			return nil, g.fail(0, "%v", err)
		}
		if p == 0 {
			continue
		}
		typ, _ := g.u8(eventTypes + i)
		sc, _ := g.u8(eventScorings + i)
		switch {
		case event >= 0:
			skipped = append(skipped, fmt.Sprint(i+1))
		case typ != 0:
			skipped = append(skipped, fmt.Sprintf("%d (%s)", i+1, eventType(typ)))
		case sc != 0:
			skipped = append(skipped, fmt.Sprintf("%d (%s)", i+1, scoringMethod(sc)))
		default:
			event, evPtr = i, p
		}
	}
	if event < 0 {
		if len(skipped) > 0 {
			return nil, g.fail(0, "no matchpointed pairs event: event(s) %s are not read", strings.Join(skipped, ", "))
		}
		return nil, g.fail(0, "the master table points to no event")
	}
	if len(skipped) > 0 {
		s.Warn(g.name, 0, "event", "the file holds other events (%s): only event %d is read", strings.Join(skipped, ", "), event+1)
	}
	strats, err := g.eventDetails(evPtr)
	if err != nil {
		return nil, err
	}
	sections := 0
	for i := 0; i < maxSections; i++ {
		at := sectionSummaries + summarySize*i
		ev, _ := g.u8(at)
		if ev != event+1 {
			continue
		}
		if err := g.section(at, strats); err != nil {
			return nil, err
		}
		sections++
	}
	if sections == 0 {
		return nil, g.fail(0, "event %d has no section", event+1)
	}
	if len(s.Boards) == 0 {
		return nil, g.fail(0, "no board results: the event was scored by hand in ACBLscore (masterpoints only), nothing to recompute")
	}
	if err := s.Finish(g.name); err != nil {
		return nil, err
	}
	return s, nil
}

func eventType(t int) string {
	if names := []string{"pairs", "teams", "individual", "home style pairs", "board-a-match", "series winner"}; t < len(names) {
		return names[t]
	}
	return fmt.Sprintf("event type %d", t)
}

func scoringMethod(m int) string {
	switch m {
	case 1, 2, 3, 13:
		return "IMPs"
	case 4:
		return "instant matchpoints"
	case 5, 16:
		return "board-a-match"
	case 14:
		return "European double matchpoints"
	case 15:
		return "total points"
	}
	return fmt.Sprintf("scoring method %d", m)
}

// eventDetails reads the event's names, date and club, and returns its
// strat letters.
func (g *gameReader) eventDetails(p int) ([]string, error) {
	s := g.s
	var errs [6]error
	s.Event, errs[0] = g.str(p+0x4, 25)
	sessionName, _ := g.str(p+0x1e, 13)
	s.Date, errs[1] = g.str(p+0x48, 19)
	s.Club, errs[2] = g.str(p+0x5c, 25)
	nstrats, e := g.u8(p + 0x9e)
	errs[3] = e
	if err := first(errs[:]...); err != nil {
		return nil, g.fail(p, "event details: %v", err)
	}
	if sessionName != "" && !strings.Contains(strings.ToLower(s.Event), strings.ToLower(sessionName)) {
		s.Event = strings.TrimSpace(s.Event + " " + sessionName)
	}
	var strats []string
	for i := 0; i < min(nstrats, 3); i++ {
		l, err := g.bytes(p+0xd4+95*i+0x22, 1)
		if err != nil {
			return nil, g.fail(p, "event details: strat %d: %v", i+1, err)
		}
		strats = append(strats, string(rune(l[0])))
	}
	return strats, nil
}

// section reads one section: its pairs and its boards.
func (g *gameReader) section(summary int, strats []string) error {
	s := g.s
	letter, err1 := g.str(summary+1, 2)
	details, err2 := g.u32(summary + 4)
	boardIndex, err3 := g.u32(summary + 8)
	if err := first(err1, err2, err3); err != nil {
		return g.fail(summary, "section summary: %v", err)
	}
	if details == 0 {
		return g.fail(summary, "section %s has no details record", letter)
	}
	length, err := g.u16(details)
	if err != nil {
		return g.fail(details, "section %s details: %v", letter, err)
	}
	if length != sectionDetailsSize {
		s.Warn(g.name, 0, "version", "section %s: details of %d bytes, not the %d known: read by the known offsets", letter, length, sectionDetailsSize)
	}
	var index [2]int
	for j := range index {
		if index[j], err = g.u32(details + 4 + 4*j); err != nil {
			return g.fail(details, "section %s details: %v", letter, err)
		}
	}
	moveType, _ := g.u8(details + 0x18)
	highest, _ := g.u16(details + 0x1b)
	top, _ := g.u16(details + 0x1e)
	moveName, _ := g.str(details+0x37, 11)
	phantomByte, err := g.bytes(details+0x43, 1)
	if err != nil {
		return g.fail(details, "section %s details: %v", letter, err)
	}
	phantom := int(int8(phantomByte[0]))
	if s.Movement == "" {
		s.Movement = strings.TrimSpace(moveName)
		if s.Movement == "" {
			s.Movement = movementType(moveType)
		}
	}
	if s.Top == 0 && top > 0 {
		s.Top = float64(top)
	}
	if index[1] == 0 && moveType != 1 {
		return g.fail(details, "section %s has no pair index: a teams or individual event", letter)
	}
	howell := moveType == 1 || moveType == 7
	reassign := map[[2]int]int{} // (movement pair, direction) → printed pair
	if highest > 80 || highest < 1 {
		return g.fail(details, "section %s: highest pair %d: want 1 to 80", letter, highest)
	}
	for i := 1; i <= highest; i++ {
		if howell {
			if to, err := g.u8(details + 0xdd + i - 1); err == nil && to > 0 {
				reassign[[2]int{i, 0}] = to
			}
			tab, err1 := g.u8(details + 0xdd + 0x50 + 2*(i-1))
			dir, err2 := g.u8(details + 0xdd + 0x50 + 2*(i-1) + 1)
			if err := first(err1, err2); err != nil {
				return g.fail(details, "section %s: pair map: %v", letter, err)
			}
			if i == phantom || dir < 1 || dir > 2 || index[dir-1] == 0 {
				continue
			}
			if err := g.entry(letter, "", pairNumber(reassign, i, 0), index[dir-1], tab, strats); err != nil {
				return err
			}
			continue
		}
		for j, dir := range []string{"NS", "EW"} {
			if to, err := g.u8(details + 0xdd + 4*(i-1) + j); err == nil && to > 0 {
				reassign[[2]int{i, j}] = to
			}
			if j == 0 && i == phantom || j == 1 && i == -phantom {
				continue
			}
			tab, err := g.u8(details + 0xdd + 0xa0 + 4*(i-1) + j)
			if err != nil {
				return g.fail(details, "section %s: pair map: %v", letter, err)
			}
			maxEntry, _ := g.u8(index[j] + 6)
			if tab == 0 || tab > maxEntry {
				continue // a pair number the movement does not seat (a bump, a phantom)
			}
			if err := g.entry(letter, dir, pairNumber(reassign, i, j), index[j], tab, strats); err != nil {
				return err
			}
		}
	}
	if boardIndex == 0 {
		return nil // scored by hand: no board results in the file
	}
	return g.boards(letter, boardIndex, howell, reassign)
}

func movementType(t int) string {
	if names := []string{"Mitchell", "Howell", "Web", "External", "External BAM", "Barometer", "Manual Mitchell", "Manual Howell"}; t < len(names) {
		return names[t]
	}
	return ""
}

// pairNumber is the number a pair is printed with: its movement number,
// or the number the director reassigned it (ACBLscore's EDMOV).
func pairNumber(reassign map[[2]int]int, n, dir int) int {
	if to, ok := reassign[[2]int{n, dir}]; ok {
		return to
	}
	return n
}

// entry reads the pair seated at table tab of a pair index: its result
// as the file gives it and its players.
func (g *gameReader) entry(section, dir string, number, index, tab int, strats []string) error {
	s := g.s
	p, err := g.u32(index + 0x10 + 8*tab)
	if err != nil {
		return g.fail(index, "section %s pair index: %v", section, err)
	}
	if p == 0 {
		return nil
	}
	length, e1 := g.u16(p)
	pct, e2 := g.u16(p + 0x1c)
	score, e3 := g.i32(p + 0x0c)
	strat, e4 := g.u8(p + 0x1e)
	if err := first(e1, e2, e3, e4); err != nil {
		return g.fail(p, "section %s pair %d: %v", section, number, err)
	}
	players := (length - entrySize) / playerSize
	if players < 1 || players > 6 {
		return g.fail(p, "section %s pair %d: an entry of %d bytes holds no whole player record", section, number, length)
	}
	sp := scoring.SessionPair{Section: section, Number: number, Direction: dir, Record: fmt.Sprintf("offset 0x%x", p)}
	for k := 0; k < min(players, 2); k++ {
		at := p + 0xa4 + playerSize*k
		last, e1 := g.str(at, 16)
		firstName, e2 := g.str(at+0x11, 16)
		id, e3 := g.str(at+0x36, 7)
		if err := first(e1, e2, e3); err != nil {
			return g.fail(at, "section %s pair %d, player %d: %v", section, number, k+1, err)
		}
		if n := strings.TrimSpace(firstName + " " + last); n != "" {
			sp.Names = append(sp.Names, n)
			sp.PlayerIDs = append(sp.PlayerIDs, id)
		}
	}
	if pct == 0 && len(sp.Names) == 0 {
		return nil // a phantom's empty entry
	}
	sp.Percent, sp.PercentText, sp.HasPercent = float64(pct)/100, fmt.Sprintf("%.2f", float64(pct)/100), true
	if score != -1 {
		sp.Total, sp.TotalText, sp.HasTotal = float64(score)/100, fmt.Sprintf("%.2f", float64(score)/100), true
	}
	if strat >= 1 && strat <= len(strats) {
		sp.Strat = strats[strat-1]
	}
	for k := 0; k < 3 && k < len(strats); k++ {
		low, e1 := g.u16(p + 0x5e + 20*k)
		high, e2 := g.u16(p + 0x5e + 20*k + 2)
		if first(e1, e2) != nil || low == 0 {
			continue
		}
		rank := fmt.Sprint(low)
		if high > low {
			rank = fmt.Sprintf("%d/%d", low, high)
		}
		if k == 0 {
			sp.Place = rank
		}
		sp.StratRanks = append(sp.StratRanks, scoring.StratRank{Strat: strats[k], Rank: rank})
	}
	// The current session's awards: up to three, each points × 100, a
	// pigmentation and what it was won for.
	for k := 0; k < 3; k++ {
		at := p + 0x34 + 12 + 4*k
		pts, e1 := g.u16(at)
		pig, e2 := g.u8(at + 2)
		why, e3 := g.u8(at + 3)
		if first(e1, e2, e3) != nil || pts == 0 {
			break
		}
		a := scoring.Award{Points: float64(pts) / 100, Colour: pigment(pig)}
		if why > 0 && why%10 >= 1 && why%10 <= len(strats) {
			a.Reason = strats[why%10-1]
			if why >= 10 {
				a.Reason = "O" + a.Reason
			}
		}
		sp.Awards = append(sp.Awards, a)
	}
	s.Pairs = append(s.Pairs, sp)
	return nil
}

func pigment(p int) string {
	if names := []string{"", "black", "silver", "red", "gold", "platinum"}; p < len(names) {
		return names[p]
	}
	return ""
}

// boards reads the board results of a section.
func (g *gameReader) boards(section string, index int, howell bool, reassign map[[2]int]int) error {
	s := g.s
	n, err := g.u16(index + 4)
	if err != nil {
		return g.fail(index, "section %s board index: %v", section, err)
	}
	if n > 400 {
		return g.fail(index, "section %s: %d boards: want at most 400", section, n)
	}
	fouled := 0
	for i := 0; i < n; i++ {
		at := index + 0x26 + 8*i
		board, e1 := g.u8(at)
		p, e2 := g.u32(at + 4)
		if err := first(e1, e2); err != nil {
			return g.fail(index, "section %s board index: %v", section, err)
		}
		if p == 0 || board == 0 {
			continue
		}
		length, e3 := g.u16(p)
		units, e4 := g.u8(p + 4)
		slots, e5 := g.u8(p + 5)
		if err := first(e3, e4, e5); err != nil {
			return g.fail(p, "section %s board %d: %v", section, board, err)
		}
		if units != 2 {
			return g.fail(p, "section %s board %d: %d competitors a result: only pairs events are read", section, board, units)
		}
		if room := (length - 4) / resultSize; length >= 4 && slots > room {
			s.Warn(g.name, 0, "record", "section %s board %d (offset 0x%x): %d results declared in a record of room for %d: read %d", section, board, p, slots, room, room)
			slots = room
		}
		for k := 0; k < slots; k++ {
			r := p + 6 + resultSize*k
			var v [8]int
			var errs [8]error
			v[0], errs[0] = g.u8(r)
			v[1], errs[1] = g.u8(r + 1)
			v[2], errs[2] = g.u16(r + 2)
			v[3], errs[3] = g.i16(r + 4)
			v[4], errs[4] = g.i32(r + 6)
			v[5], errs[5] = g.u16(r + 10)
			v[6], errs[6] = g.i16(r + 12)
			v[7], errs[7] = g.i32(r + 14)
			if err := first(errs[:]...); err != nil {
				return g.fail(p, "section %s board %d, result %d: %v", section, board, k+1, err)
			}
			nsCode, ewCode := v[3], v[6]
			switch {
			case nsCode == scoreNotInPlay || nsCode == scoreLatePlay || nsCode == scoreNotPlayed:
				continue
			case nsCode >= scoreFouled || ewCode >= scoreFouled:
				fouled++
				continue
			}
			ns, ew := v[2], v[5]
			if howell {
				ns, ew = pairNumber(reassign, ns, 0), pairNumber(reassign, ew, 0)
			} else {
				ns, ew = pairNumber(reassign, ns, 0), pairNumber(reassign, ew, 1)
			}
			l := scoring.TravellerLine{Section: section, NS: ns, EW: ew, Round: v[0], Table: v[1], Record: fmt.Sprintf("offset 0x%x", r),
				NSMP: float64(v[4]) / 100, EWMP: float64(v[7]) / 100, HasMP: true, MPDecimals: 2}
			l.NSMPText, l.EWMPText = fmt.Sprintf("%.2f", l.NSMP), fmt.Sprintf("%.2f", l.EWMP)
			nsArt, nsOK := special(nsCode)
			ewArt, ewOK := special(ewCode)
			switch {
			case nsOK || ewOK:
				if !nsOK {
					nsArt = 100 - ewArt
				}
				if !ewOK {
					ewArt = 100 - nsArt
				}
				l.Artificial = &scoring.Artificial{NS: nsArt, EW: ewArt, Text: fmt.Sprintf("%s %s", aveText(nsArt), aveText(ewArt))}
			case nsCode >= scoreLatePlay || nsCode <= -scoreLatePlay:
				s.Warn(g.name, 0, "score", "section %s board %d, pairs %d v %d (offset 0x%x): score code %d is not one ACBLscore writes; left out", section, board, ns, ew, r, nsCode)
				continue
			default:
				l.Score = 10 * nsCode
			}
			s.AddLine(board, 0, l)
		}
	}
	if fouled > 0 {
		s.Warn(g.name, 0, "fouled", "section %s: %d fouled result(s), which ACBLscore scores in groups of their own, are left out", section, fouled)
	}
	return nil
}

// special reads an artificial score code: the side's percent of the top.
func special(code int) (float64, bool) {
	switch code {
	case scoreAveMinus:
		return 40, true
	case scoreAve:
		return 50, true
	case scoreAvePlus:
		return 60, true
	}
	return 0, false
}

func aveText(pct float64) string {
	switch pct {
	case 40:
		return "AVE-"
	case 60:
		return "AVE+"
	}
	return "AVE"
}
