package book

import (
	"fmt"
	"strings"
	"unicode"
)

// accents are LaTeX's accent commands, as combining marks.
var accents = map[rune]rune{
	'"': '\u0308', '\'': '\u0301', '`': '\u0300', '^': '\u0302', '~': '\u0303', '=': '\u0304', '.': '\u0307',
	'c': '\u0327', 'v': '\u030C', 'u': '\u0306', 'H': '\u030B', 'r': '\u030A',
}

// composed are the accented letters with a character of their own.
var composed = map[string]string{}

func init() {
	for base, marks := range map[rune]string{
		'A': "ÀÁÂÃÄÅ", 'a': "àáâãäå", 'E': "ÈÉÊ-Ë", 'e': "èéê-ë", 'I': "ÌÍÎ-Ï", 'i': "ìíî-ï",
		'O': "ÒÓÔÕÖ", 'o': "òóôõö", 'U': "ÙÚÛ-Ü", 'u': "ùúû-ü", 'N': "---Ñ", 'n': "---ñ",
	} {
		for i, m := range []rune(marks) {
			if m != '-' {
				composed[string(base)+string([]rune("\u0300\u0301\u0302\u0303\u0308\u030A")[i])] = string(m)
			}
		}
	}
	for k, v := range map[string]string{"C\u0327": "Ç", "c\u0327": "ç", "y\u0301": "ý", "y\u0308": "ÿ", "Y\u0301": "Ý",
		"c\u030C": "č", "s\u030C": "š", "z\u030C": "ž", "C\u030C": "Č", "S\u030C": "Š", "Z\u030C": "Ž", "r\u030C": "ř",
		"e\u030C": "ě", "u\u030A": "ů", "o\u030B": "ő", "u\u030B": "ű", "A\u030A": "Å", "a\u030A": "å"} {
		composed[k] = v
	}
}

// letters are LaTeX's commands for letters of their own.
var letters = map[string]string{"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ",
	"oe": "œ", "OE": "Œ", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}

// wrappers are commands whose argument is kept as text.
var wrappers = map[string]bool{"emph": true, "textit": true, "textbf": true, "textsc": true, "texttt": true,
	"textrm": true, "mbox": true, "url": true, "textup": true, "textsf": true, "textnormal": true}

// detex turns a BibTeX value into text: braces dropped, escapes and accents
// resolved, -- and --- as dashes, ~ as a no-break space, white space
// collapsed. A command it does not know is an error, not silence.
func detex(s string) (string, error) {
	in := []rune(s)
	var b strings.Builder
	for i := 0; i < len(in); i++ {
		r := in[i]
		switch {
		case r == '{' || r == '}':
		case r == '~':
			b.WriteRune('\u00a0')
		case r == '-' && i+2 < len(in) && in[i+1] == '-' && in[i+2] == '-':
			b.WriteRune('—')
			i += 2
		case r == '-' && i+1 < len(in) && in[i+1] == '-':
			b.WriteRune('–')
			i++
		case r == '\\':
			if i+1 >= len(in) {
				return "", fmt.Errorf("a \\ at the end")
			}
			c := in[i+1]
			if strings.ContainsRune("&%$#_{}\\ ", c) {
				if c == '\\' {
					c = ' ' // \\ is a line break
				}
				b.WriteRune(c)
				i++
				continue
			}
			if mark, ok := accents[c]; ok && (!unicode.IsLetter(c) || i+2 < len(in) && !unicode.IsLetter(in[i+2])) {
				// \"o, \"{o}, \c{c} or \c c
				j := i + 2
				for j < len(in) && (in[j] == '{' || in[j] == ' ' && unicode.IsLetter(c)) {
					j++
				}
				if j >= len(in) || !unicode.IsLetter(in[j]) && in[j] != '\\' {
					return "", fmt.Errorf("\\%c: want a letter to put the accent on", c)
				}
				base := string(in[j])
				if in[j] == '\\' && j+1 < len(in) && in[j+1] == 'i' {
					base, j = "i", j+1 // \"{\i}
				}
				if ch, ok := composed[base+string(mark)]; ok {
					b.WriteString(ch)
				} else {
					b.WriteString(base + string(mark))
				}
				i = j
				for i+1 < len(in) && in[i+1] == '}' {
					i++
				}
				continue
			}
			j := i + 1
			for j < len(in) && unicode.IsLetter(in[j]) {
				j++
			}
			name := string(in[i+1 : j])
			switch {
			case name == "":
				return "", fmt.Errorf("\\%c: unknown LaTeX command", c)
			case letters[name] != "":
				b.WriteString(letters[name])
			case wrappers[name]:
				// the braces of the argument are dropped with the others
			default:
				return "", fmt.Errorf("\\%s: unknown LaTeX command (write the character itself; the file is UTF-8)", name)
			}
			i = j - 1
			if i+1 < len(in) && in[i+1] == ' ' && !wrappers[name] {
				i++ // the space that ends a command name
			}
		default:
			b.WriteRune(r)
		}
	}
	// Collapse white space, but not the no-break spaces.
	text := strings.Join(strings.Fields(strings.ReplaceAll(b.String(), "\u00a0", "\x00")), " ")
	return strings.ReplaceAll(text, "\x00", "\u00a0"), nil
}
