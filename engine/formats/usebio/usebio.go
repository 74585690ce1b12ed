// Package usebio reads USEBIO, the EBU's XML results format (versions
// 1.0 and 1.2), into a scoring.Session: the pairs, the travellers and the
// file's own figures. It reads only the io.Reader it is given, at most
// textfile.MaxBytes, and fetches nothing a DOCTYPE names.
package usebio

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// maxXMLDepth bounds how deeply elements may nest; USEBIO needs about six.
const maxXMLDepth = 64

// xmlNode is an element of a USEBIO file: its upper-cased name, attributes,
// trimmed text and children, with the line where it starts.
type xmlNode struct {
	name  string
	attr  map[string]string
	text  string
	kids  []*xmlNode
	line  int
	depth int
}

// child returns the text of the first child (or attribute) named one of
// names, and its line.
func (n *xmlNode) child(names ...string) (string, int, bool) {
	for _, name := range names {
		for _, k := range n.kids {
			if k.name == name {
				return k.text, k.line, true
			}
		}
		if v, ok := n.attr[name]; ok {
			return strings.TrimSpace(v), n.line, true
		}
	}
	return "", n.line, false
}

// Read reads a USEBIO results file (the EBU's XML results format,
// versions 1.0 and 1.2) of a matchpointed pairs event: EVENT, its
// PARTICIPANTS (PAIR: PAIR_NUMBER, DIRECTION, PERCENTAGE, PLACE, total,
// PLAYER/PLAYER_NAME) and its BOARDs (TRAVELLER_LINE: NS_PAIR_NUMBER,
// EW_PAIR_NUMBER, SCORE, NS_MATCH_POINTS, EW_MATCH_POINTS, CONTRACT, …),
// directly under EVENT (1.0) or under SESSION/SECTION (1.2). It reads from r
// only, at most 16 MiB: a DOCTYPE is noted and never fetched, an undeclared
// or ISO-8859-1 encoding is read as Latin-1, comments are skipped. BOARD
// elements without travellers (hand records) are ignored. Every error is a
// *engine.ParseError naming the line.
func Read(name string, r io.Reader) (*scoring.Session, error) {
	data, err := textfile.Read(name, r)
	if err != nil {
		return nil, err
	}
	root, err := parseXMLTree(name, data)
	if err != nil {
		return nil, err
	}
	fail := func(line int, format string, args ...any) error {
		return &engine.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	if root.name != "USEBIO" {
		return nil, fail(root.line, "root element <%s>: not a USEBIO results file (want <USEBIO>)", engine.Clip(root.name))
	}
	version := strings.TrimSpace(root.attr["VERSION"])
	if version == "" {
		version = "1.0"
	}
	s := &scoring.Session{Name: name, Format: "usebio " + version}
	rd := usebioReader{name: name, s: s}
	events := 0
	var walk func(n *xmlNode, section string) error
	walk = func(n *xmlNode, section string) error {
		switch n.name {
		case "EVENT":
			events++
			if t, line, ok := n.child("EVENT_TYPE"); ok && t != "" && !strings.Contains(strings.ToUpper(t), "PAIRS") {
				return fail(line, "event type %s: only pairs events are read", engine.Clip(t))
			}
			if t, line, ok := n.child("BOARD_SCORING_METHOD"); ok && notMatchpoints(t) {
				return fail(line, "board scoring method %s: only matchpointed sessions are read", engine.Clip(t))
			}
			if s.Event == "" {
				s.Event, _, _ = n.child("EVENT_DESCRIPTION", "EVENT_NAME", "EVENT_IDENTIFIER")
			}
			if s.Date == "" {
				s.Date, _, _ = n.child("DATE", "EVENT_DATE")
			}
		case "SESSION":
			if s.Date == "" {
				s.Date, _, _ = n.child("SESSION_DATE", "DATE")
			}
		case "SECTION":
			if id, _, ok := n.child("SECTION_ID", "SECTION_NAME", "SECTION_LETTER", "NAME", "ID"); ok {
				section = id
			}
		case "PAIR":
			return rd.pair(n, section)
		case "BOARD":
			return rd.board(n, section)
		}
		for _, k := range n.kids {
			if err := walk(k, section); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, ""); err != nil {
		return nil, err
	}
	if events == 0 {
		return nil, fail(root.line, "no <EVENT> element: not a USEBIO event")
	}
	if err := s.Finish(name); err != nil {
		return nil, err
	}
	return s, nil
}

// parseXMLTree reads XML into a tree, tolerantly: Strict off (so that HTML
// entities and unquoted attributes pass), every charset accepted because the
// bytes are UTF-8 by now.
func parseXMLTree(name string, data []byte) (*xmlNode, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("empty file: want a USEBIO XML document")}
	}
	if trimmed[0] != '<' {
		return nil, &engine.ParseError{File: name, Line: 1 + bytes.Count(data[:len(data)-len(trimmed)], []byte("\n")), Err: errors.New("not XML: a USEBIO file starts with <?xml or <USEBIO")}
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	d.CharsetReader = func(charset string, in io.Reader) (io.Reader, error) { return in, nil }
	var root *xmlNode
	var stack []*xmlNode
	var text []*strings.Builder
	for {
		line, _ := d.InputPos()
		// RawToken, because Token in non-strict mode closes a mismatched
		// element silently: a deleted closing tag must be an error, while
		// the other leniencies (HTML entities, a bare &) stay.
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &engine.ParseError{File: name, Line: se.Line, Err: fmt.Errorf("XML: %s", se.Msg)}
			}
			return nil, &engine.ParseError{File: name, Line: line, Err: err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root != nil && len(stack) == 0 {
				return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("a second root element <%s> after </%s>", engine.Clip(t.Name.Local), engine.Clip(root.name))}
			}
			if len(stack) >= maxXMLDepth {
				return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("elements nested more than %d deep", maxXMLDepth)}
			}
			// The token ends where InputPos now is; it started on the line
			// before reading, plus the newlines of leading text, which the
			// decoder returned as CharData already. So `line` is right.
			n := &xmlNode{name: strings.ToUpper(t.Name.Local), line: line, depth: len(stack)}
			for _, a := range t.Attr {
				if n.attr == nil {
					n.attr = map[string]string{}
				}
				n.attr[strings.ToUpper(a.Name.Local)] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			} else {
				root = n
			}
			stack = append(stack, n)
			text = append(text, &strings.Builder{})
		case xml.EndElement:
			if len(stack) == 0 {
				return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("unexpected </%s>", engine.Clip(t.Name.Local))}
			}
			n := stack[len(stack)-1]
			if end := strings.ToUpper(t.Name.Local); end != n.name {
				at, _ := d.InputPos()
				return nil, &engine.ParseError{File: name, Line: at, Err: fmt.Errorf("XML: element <%s> (line %d) closed by </%s>: a closing tag is missing or misspelt", engine.Clip(n.name), n.line, engine.Clip(t.Name.Local))}
			}
			n.text = strings.TrimSpace(text[len(text)-1].String())
			stack, text = stack[:len(stack)-1], text[:len(text)-1]
		case xml.CharData:
			if len(text) > 0 && text[len(text)-1].Len() < 1<<16 {
				text[len(text)-1].Write(t)
			}
		}
	}
	if root == nil {
		return nil, &engine.ParseError{File: name, Err: errors.New("no XML element: not a USEBIO file")}
	}
	if len(stack) > 0 {
		line, _ := d.InputPos()
		return nil, &engine.ParseError{File: name, Line: line, Err: fmt.Errorf("file ends inside <%s> (line %d)", engine.Clip(stack[len(stack)-1].name), stack[len(stack)-1].line)}
	}
	return root, nil
}

type usebioReader struct {
	name  string
	s     *scoring.Session
	check scoring.LineChecker
}

func (rd *usebioReader) fail(line int, format string, args ...any) error {
	return &engine.ParseError{File: rd.name, Line: line, Err: fmt.Errorf(format, args...)}
}

func (rd *usebioReader) pair(n *xmlNode, section string) error {
	p := scoring.SessionPair{Section: section, Line: n.line}
	if sec, _, ok := n.child("SECTION", "SECTION_ID"); ok && sec != "" {
		p.Section = sec
	}
	num, line, ok := n.child("PAIR_NUMBER")
	if !ok {
		return rd.fail(n.line, "<PAIR> without <PAIR_NUMBER>")
	}
	var err error
	if p.Number, err = textfile.PairNumber("PAIR_NUMBER", num); err != nil {
		return rd.fail(line, "%v", err)
	}
	if dir, line, ok := n.child("DIRECTION"); ok && dir != "" {
		if p.Direction = normDirection(dir); p.Direction == "" {
			rd.s.Warn(rd.name, line, "direction", "pair %d: DIRECTION %q is not NS or EW; the travellers say where the pair sat", p.Number, engine.Clip(dir))
		}
	}
	if t, line, ok := n.child("PERCENTAGE"); ok && t != "" {
		if p.Percent, _, err = textfile.Number("PERCENTAGE", t); err != nil {
			return rd.fail(line, "pair %d: %v", p.Number, err)
		}
		p.PercentText, p.HasPercent = t, true
	}
	if t, line, ok := n.child("TOTAL_SCORE", "TOTAL_MATCH_POINTS", "MATCH_POINTS", "TOTAL_MP", "SCORE"); ok && t != "" {
		if p.Total, _, err = textfile.Number("total", t); err != nil {
			return rd.fail(line, "pair %d: %v", p.Number, err)
		}
		p.TotalText, p.HasTotal = t, true
	}
	p.Place, _, _ = n.child("PLACE", "POSITION")
	for _, k := range n.kids {
		if k.name != "PLAYER" {
			continue
		}
		if nm, _, ok := k.child("PLAYER_NAME", "NAME"); ok && nm != "" {
			p.Names = append(p.Names, nm)
			id, _, _ := k.child("NATIONAL_ID_NUMBER", "PLAYER_NUMBER", "MEMBERSHIP_NUMBER", "CLUB_ID_NUMBER", "PLAYER_ID")
			p.PlayerIDs = append(p.PlayerIDs, id)
		}
	}
	if nm, _, ok := n.child("PAIR_NAME", "NAMES"); ok && len(p.Names) == 0 {
		p.Names = textfile.Names(nm)
	}
	rd.s.Pairs = append(rd.s.Pairs, p)
	return nil
}

func (rd *usebioReader) board(n *xmlNode, section string) error {
	num, line, ok := n.child("BOARD_NUMBER")
	hasLines := false
	for _, k := range n.kids {
		hasLines = hasLines || k.name == "TRAVELLER_LINE"
	}
	if !hasLines {
		return nil // a hand record, or a board nobody played
	}
	if !ok {
		return rd.fail(n.line, "<BOARD> with travellers but no <BOARD_NUMBER>")
	}
	board, err := textfile.PairNumber("BOARD_NUMBER", num)
	if err != nil {
		return rd.fail(line, "%v", strings.Replace(err.Error(), "pair number", "board number", 1))
	}
	for _, k := range n.kids {
		if k.name != "TRAVELLER_LINE" {
			continue
		}
		l, err := rd.line(k, board, section)
		if err != nil {
			return err
		}
		if err := rd.check.Check(board, l); err != nil {
			return rd.fail(l.Line, "%v", err)
		}
		rd.s.AddLine(board, n.line, l)
	}
	return nil
}

func (rd *usebioReader) line(n *xmlNode, board int, section string) (scoring.TravellerLine, error) {
	l := scoring.TravellerLine{Section: section, Line: n.line}
	if sec, _, ok := n.child("SECTION", "SECTION_ID"); ok && sec != "" {
		l.Section = sec
	}
	var err error
	for _, side := range []struct {
		tag string
		dst *int
	}{{"NS_PAIR_NUMBER", &l.NS}, {"EW_PAIR_NUMBER", &l.EW}} {
		v, line, ok := n.child(side.tag)
		if !ok {
			return l, rd.fail(n.line, "board %d: traveller line without <%s>", board, side.tag)
		}
		if *side.dst, err = textfile.PairNumber(side.tag, v); err != nil {
			return l, rd.fail(line, "board %d: %v", board, err)
		}
	}
	l.Contract, _, _ = n.child("CONTRACT")
	l.Declarer, _, _ = n.child("PLAYED_BY", "DECLARER")
	if v, _, ok := n.child("ROUND_NUMBER", "ROUND"); ok {
		if r, err := textfile.PairNumber("round", v); err == nil {
			l.Round = r
		}
	}
	if v, line, ok := n.child("TRICKS", "TRICKS_TAKEN", "TRICKS_MADE"); ok && v != "" {
		t, err := strconv.Atoi(v)
		if err != nil || t < 0 || t > 13 {
			rd.s.Warn(rd.name, line, "tricks", "board %d, pairs %d v %d: tricks %q: want 0 to 13", board, l.NS, l.EW, engine.Clip(v))
		} else {
			l.Tricks, l.HasTricks = t, true
		}
	}
	if v, _, ok := n.child("TABLE_NUMBER", "TABLE"); ok {
		if t, err := textfile.PairNumber("table", v); err == nil {
			l.Table = t
		}
	}
	score, line, ok := n.child("SCORE", "NS_SCORE")
	ewScore := false
	if !ok || score == "" {
		if v, line2, ok2 := n.child("EW_SCORE"); ok2 && v != "" {
			score, line, ewScore = v, line2, true
		}
	}
	if a, art := scoring.ParseArtificial(score); art {
		// An EW_SCORE beside an artificial NS score is EW's own share
		// (both sides may get average-plus).
		if ew, _, ok := n.child("EW_SCORE"); ok && !ewScore {
			if b, art := scoring.ParseArtificial(ew); art {
				a.EW, a.Text = b.NS, a.Text+" "+b.Text
			}
		}
		if ewScore {
			a.NS, a.EW = a.EW, a.NS
		}
		l.Artificial = &a
	} else if a, art := scoring.ParseArtificial(l.Contract); art && score == "" {
		l.Artificial = &a
	} else {
		if score == "" {
			return l, rd.fail(line, "board %d, pairs %d v %d: no <SCORE>", board, l.NS, l.EW)
		}
		if l.Score, err = textfile.Score(score); err != nil {
			return l, rd.fail(line, "board %d: %v", board, err)
		}
		if ewScore {
			l.Score = -l.Score
		}
	}
	ns, nsLine, hasNS := n.child("NS_MATCH_POINTS")
	ew, ewLine, hasEW := n.child("EW_MATCH_POINTS")
	if hasNS && ns != "" {
		var d int
		if l.NSMP, d, err = textfile.Number("NS_MATCH_POINTS", ns); err != nil {
			return l, rd.fail(nsLine, "board %d: %v", board, err)
		}
		l.HasMP, l.MPDecimals, l.NSMPText = true, d, ns
	}
	if hasEW && ew != "" {
		var d int
		if l.EWMP, d, err = textfile.Number("EW_MATCH_POINTS", ew); err != nil {
			return l, rd.fail(ewLine, "board %d: %v", board, err)
		}
		l.EWMPText = ew
		if !l.HasMP {
			return l, rd.fail(ewLine, "board %d: EW_MATCH_POINTS without NS_MATCH_POINTS", board)
		}
		l.MPDecimals = max(l.MPDecimals, d)
	} else if l.HasMP {
		return l, rd.fail(nsLine, "board %d: NS_MATCH_POINTS without EW_MATCH_POINTS", board)
	}
	return l, nil
}

// notMatchpoints reports whether a scoring method is named and is not
// matchpoints: IMPs of any kind, aggregate, Butler.
func notMatchpoints(method string) bool {
	m := strings.ToUpper(method)
	return strings.Contains(m, "IMP") || strings.Contains(m, "AGGREGATE") || strings.Contains(m, "BUTLER") || strings.Contains(m, "TOTAL_POINTS")
}

// normDirection reads a direction as writers spell it (NS, N-S, N/S, North
// South, EW, …); "" when it is neither.
func normDirection(s string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		if r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	switch b.String() {
	case "NS", "NORTHSOUTH", "N":
		return "NS"
	case "EW", "EASTWEST", "E":
		return "EW"
	}
	return ""
}
