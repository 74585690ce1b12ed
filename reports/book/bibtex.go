package book

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
)

// Bibliography is a parsed BibTeX file.
type Bibliography struct {
	File    string
	Entries map[string]*Entry
	Keys    []string // in file order
}

// Entry is one work of a bibliography.
type Entry struct {
	Key  string
	Type string // lower case: article, book, misc, …
	Line int    // of the @ that opens it
	// Fields as text: braces, LaTeX escapes and accents resolved; names
	// lower case. Raw keeps the values as written, for the names of authors.
	Fields, Raw map[string]string
	// FieldLines are the lines the fields start on.
	FieldLines map[string]int
}

// Error is a mistake in a bibliography at a line.
type Error struct {
	File string
	Line int
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

// entryTypes are the kinds of entry the reader takes: BibTeX's and
// biblatex's common ones.
var entryTypes = []string{"article", "book", "booklet", "inbook", "incollection", "inproceedings", "manual",
	"mastersthesis", "misc", "online", "phdthesis", "proceedings", "report", "techreport", "unpublished"}

var months = map[string]string{"jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
	"jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December"}

// maxBibBytes bounds a bibliography: a file this large is not one.
const maxBibBytes = 8 << 20

// ParseBibliography reads a BibTeX file strictly: entries of the known types, fields
// as {braced}, "quoted", numbers or @string names joined with #; outside
// entries only blank lines and % comments. Every error names its line.
func ParseBibliography(r io.Reader, file string) (*Bibliography, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBibBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxBibBytes {
		return nil, &Error{file, 1, fmt.Errorf("more than %d bytes: not a bibliography", maxBibBytes)}
	}
	p := &parser{src: []rune(string(data)), line: 1, file: file, macros: map[string]string{}}
	b := &Bibliography{File: file, Entries: map[string]*Entry{}}
	for {
		if err := p.skipOutside(); err != nil {
			return nil, err
		}
		if p.eof() {
			return b, nil
		}
		e, err := p.entry()
		if err != nil {
			return nil, err
		}
		if e == nil {
			continue // @string, @comment
		}
		if old, dup := b.Entries[e.Key]; dup {
			return nil, p.errAt(e.Line, "the key %q is used twice (first at line %d)", e.Key, old.Line)
		}
		b.Entries[e.Key] = e
		b.Keys = append(b.Keys, e.Key)
	}
}

type parser struct {
	src    []rune
	pos    int
	line   int
	file   string
	macros map[string]string
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() rune {
	if p.eof() {
		return 0
	}
	return p.src[p.pos]
}

func (p *parser) next() rune {
	r := p.src[p.pos]
	p.pos++
	if r == '\n' {
		p.line++
	}
	return r
}

func (p *parser) errAt(line int, format string, args ...any) error {
	return &Error{p.file, line, fmt.Errorf(format, args...)}
}

func (p *parser) errf(format string, args ...any) error { return p.errAt(p.line, format, args...) }

func (p *parser) skipSpace() {
	for !p.eof() && unicode.IsSpace(p.peek()) {
		p.next()
	}
}

// skipOutside skips blank lines and % comments up to the next @.
func (p *parser) skipOutside() error {
	for {
		p.skipSpace()
		switch {
		case p.eof() || p.peek() == '@':
			return nil
		case p.peek() == '%':
			for !p.eof() && p.peek() != '\n' {
				p.next()
			}
		default:
			return p.errf("text outside an entry: %q (an entry starts with @, a comment with %%)", p.rest(20))
		}
	}
}

func (p *parser) rest(n int) string {
	end := min(len(p.src), p.pos+n)
	s := string(p.src[p.pos:end])
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func (p *parser) ident() string {
	start := p.pos
	for !p.eof() {
		r := p.peek()
		if unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_-:.+/", r) {
			p.next()
			continue
		}
		break
	}
	return string(p.src[start:p.pos])
}

// entry reads one @type{...}; it returns nil for @string and @comment.
func (p *parser) entry() (*Entry, error) {
	line := p.line
	p.next() // @
	typ := strings.ToLower(p.ident())
	p.skipSpace()
	open := p.peek()
	if open != '{' && open != '(' {
		return nil, p.errf("@%s: want { after the entry type", typ)
	}
	p.next()
	closer := map[rune]rune{'{': '}', '(': ')'}[open]
	switch {
	case typ == "comment":
		if _, err := p.braced(line, closer); err != nil {
			return nil, err
		}
		return nil, nil
	case typ == "string":
		p.skipSpace()
		name := strings.ToLower(p.ident())
		if name == "" {
			return nil, p.errf("@string: want a name")
		}
		p.skipSpace()
		if p.eof() || p.next() != '=' {
			return nil, p.errf("@string %s: want =", name)
		}
		v, _, err := p.value()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.eof() || p.next() != closer {
			return nil, p.errf("@string %s: want %c after the value", name, closer)
		}
		p.macros[name] = v
		return nil, nil
	case !slices.Contains(entryTypes, typ):
		return nil, p.errAt(line, "@%s: unknown entry type; want one of %s", typ, strings.Join(entryTypes, ", "))
	}
	p.skipSpace()
	key := p.ident()
	if key == "" || !validKey(key) {
		return nil, p.errf("@%s: want a key (letters, digits, _ - : .) after {", typ)
	}
	e := &Entry{Key: key, Type: typ, Line: line, Fields: map[string]string{}, Raw: map[string]string{}, FieldLines: map[string]int{}}
	for {
		p.skipSpace()
		if p.eof() {
			return nil, p.errAt(line, "@%s{%s: not closed", typ, key)
		}
		switch p.peek() {
		case closer:
			p.next()
			return e, e.check(p)
		case ',':
			p.next()
			continue
		}
		fline := p.line
		name := strings.ToLower(p.ident())
		if name == "" {
			return nil, p.errf("%s: want a field name, found %q", key, p.rest(10))
		}
		p.skipSpace()
		if p.eof() || p.next() != '=' {
			return nil, p.errAt(fline, "%s: field %s: want = after the name", key, name)
		}
		raw, text, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := e.Fields[name]; dup {
			return nil, p.errAt(fline, "%s: the field %s is given twice", key, name)
		}
		clean, err := detex(text)
		if err != nil {
			return nil, p.errAt(fline, "%s: field %s: %v", key, name, err)
		}
		e.Fields[name], e.Raw[name], e.FieldLines[name] = clean, raw, fline
		p.skipSpace()
		if p.eof() {
			return nil, p.errAt(line, "@%s{%s: not closed", typ, key)
		}
		if c := p.peek(); c != ',' && c != closer {
			return nil, p.errf("%s: field %s: want , or %c after the value, found %q", key, name, closer, p.rest(10))
		}
	}
}

func validKey(k string) bool {
	for _, r := range k {
		if !(r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || strings.ContainsRune("_-:.", r)) {
			return false
		}
	}
	last := k[len(k)-1]
	return last != '.' && last != ':' && last != '-'
}

// check asks for what every printed reference needs.
func (e *Entry) check(p *parser) error {
	if e.Fields["title"] == "" {
		return p.errAt(e.Line, "%s: no title", e.Key)
	}
	if u, ok := e.Fields["url"]; ok && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return p.errAt(e.FieldLines["url"], "%s: url %q: want an http or https address", e.Key, u)
	}
	if u := e.Fields["url"]; strings.ContainsAny(u, " <>\"") {
		return p.errAt(e.FieldLines["url"], "%s: url %q: spaces, quotes and angle brackets must be percent-escaped", e.Key, u)
	}
	return nil
}

// value reads parts joined by #: {braced}, "quoted", a number or a
// @string name. raw keeps the braces inside (for names), text is raw with
// the outer delimiters gone.
func (p *parser) value() (raw, text string, err error) {
	var parts []string
	for {
		p.skipSpace()
		line := p.line
		switch c := p.peek(); {
		case p.eof():
			return "", "", p.errf("want a value, found the end of the file")
		case c == '{':
			p.next()
			s, err := p.braced(line, '}')
			if err != nil {
				return "", "", err
			}
			parts = append(parts, s)
		case c == '"':
			p.next()
			s, err := p.quoted(line)
			if err != nil {
				return "", "", err
			}
			parts = append(parts, s)
		case unicode.IsDigit(c):
			parts = append(parts, p.ident())
		case unicode.IsLetter(c):
			name := strings.ToLower(p.ident())
			v, ok := p.macros[name]
			if !ok {
				v, ok = months[name]
			}
			if !ok {
				return "", "", p.errf("%s: not a @string defined above (a text value goes in braces or quotes)", name)
			}
			parts = append(parts, v)
		default:
			return "", "", p.errf("want a value in braces or quotes, found %q", p.rest(10))
		}
		p.skipSpace()
		if p.peek() != '#' {
			s := strings.Join(parts, "")
			return s, s, nil
		}
		p.next()
	}
}

// braced reads up to the closer that balances the opening brace, which
// was read; inner braces are kept.
func (p *parser) braced(line int, closer rune) (string, error) {
	return p.delimited(line, closer, "an unbalanced }", "a { that is not closed")
}

// quoted reads up to the " at brace depth 0.
func (p *parser) quoted(line int) (string, error) {
	return p.delimited(line, '"', "an unbalanced } in a quoted value", "a \" that is not closed")
}

// delimited reads up to closer at brace depth 0, the opening delimiter
// read; inner braces and escapes are kept. unbalanced and open are the
// errors of a stray } and of a value that runs to the end.
func (p *parser) delimited(line int, closer rune, unbalanced, open string) (string, error) {
	depth := 0
	var b strings.Builder
	for !p.eof() {
		r := p.next()
		switch {
		case r == '\\' && !p.eof():
			b.WriteRune(r)
			b.WriteRune(p.next())
			continue
		case r == closer && depth == 0:
			return b.String(), nil
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case r == '}':
			return "", p.errf("%s", unbalanced)
		}
		b.WriteRune(r)
	}
	return "", p.errAt(line, "%s", open)
}
