package render

import (
	"strings"
	"unicode/utf8"
)

// A terminal obeys what it is sent: an escape sequence in a name from a
// results file could recolour, retitle or rewrite the screen (CSI and OSC
// sequences, carriage returns, the C1 controls), and bidirectional
// overrides could make a line read differently from what it holds. The
// Text printer passes every string of a report through these functions.

// TerminalText is s made safe for a terminal, on one line: escape
// sequences and control characters removed, line breaks and tabs made
// spaces, invalid UTF-8 replaced.
func TerminalText(s string) string { return terminalSafe(s, false) }

// TerminalBlock is TerminalText that keeps line breaks and tabs, for
// prose and preformatted text.
func TerminalBlock(s string) string { return terminalSafe(s, true) }

func terminalSafe(s string, lines bool) string {
	if isPlainASCII(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
			i++
			continue
		}
		i += size
		switch {
		case c == '\n' || c == '\t':
			if lines {
				b.WriteRune(c)
			} else {
				b.WriteByte(' ')
			}
		case c == '\r':
			if !lines && !strings.HasPrefix(s[i:], "\n") {
				b.WriteByte(' ')
			}
		case c == 0x1b: // ESC: skip the sequence it starts
			i = skipEscape(s, i)
		case c == 0x9b: // CSI as one C1 character
			i = skipCSI(s, i)
		case c == 0x9d || c == 0x90 || c == 0x98 || c == 0x9e || c == 0x9f: // OSC, DCS, SOS, PM, APC
			i = skipString(s, i)
		case c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0:
		case c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069: // bidi embeddings, overrides, isolates
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// isPlainASCII: printable ASCII only, the common case, which needs no copy.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x7f || c < 0x20 && c != ' ' {
			return false
		}
	}
	return true
}

// skipEscape returns the index after the escape sequence whose ESC ended
// just before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// ESC, intermediates (space to /), one final character.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipCSI skips a control sequence's parameters, intermediates and final
// byte, starting after its introducer.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString skips an OSC, DCS or other control string up to its
// terminator: BEL, ESC \ or the C1 string terminator; an unterminated one
// runs to the end of a line.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		case s[i] == '\n':
			return i
		}
		i++
	}
	return i
}
