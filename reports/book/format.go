package book

import (
	"regexp"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// Markdown is the entry as one reference of a numbered list, in Markdown:
//
//	Authors (year). Title. *Journal* volume(number), pages. Publisher. <url>
//
// A book's or web page's own title is in italics, an article's the
// journal's. Text from the file is escaped: it is data, not Markdown.
func (e *Entry) Markdown() string {
	f := e.Fields
	var parts []string
	head := e.names()
	if y := f["year"]; y != "" {
		if head != "" {
			head += " "
		}
		head += "(" + reports.EscapeMarkdown(y) + ")"
	}
	if head != "" {
		parts = append(parts, head)
	}
	container := firstOf(f, "journal", "booktitle")
	if container == "" && e.Type != "book" && e.Type != "booklet" && e.Type != "proceedings" {
		container = f["howpublished"]
	}
	title := reports.EscapeMarkdown(f["title"])
	if container != "" {
		parts = append(parts, title)
		where := "*" + reports.EscapeMarkdown(container) + "*"
		if v := f["volume"]; v != "" {
			where += " " + reports.EscapeMarkdown(v)
			if n := f["number"]; n != "" {
				where += "(" + reports.EscapeMarkdown(n) + ")"
			}
		} else if n := f["number"]; n != "" {
			where += " " + reports.EscapeMarkdown(n)
		}
		if pg := f["pages"]; pg != "" {
			where += ", " + reports.EscapeMarkdown(pg)
		}
		parts = append(parts, where)
	} else {
		parts = append(parts, "*"+title+"*")
	}
	for _, k := range []string{"edition", "publisher", "organization", "institution", "school", "address", "note"} {
		if v := f[k]; v != "" {
			parts = append(parts, reports.EscapeMarkdown(v))
		}
	}
	text := ""
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if text != "" {
			text += " "
		}
		text += p
		if end := strings.TrimSuffix(p, "*"); !strings.HasSuffix(end, ".") && !strings.HasSuffix(end, "?") && !strings.HasSuffix(end, "!") {
			text += "."
		}
	}
	if u := f["url"]; u != "" {
		text += " <" + u + ">"
	}
	return text
}

func firstOf(f map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := f[k]; v != "" {
			return v
		}
	}
	return ""
}

// names are the authors (or, failing them, the editors) as "First Last,
// First Last and First Last"; a name in braces ({Nederlandse Bridge Bond})
// is one name, as written.
func (e *Entry) names() string {
	raw, suffix := e.Raw["author"], ""
	if raw == "" {
		raw, suffix = e.Raw["editor"], " (ed.)"
	}
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	var names []string
	others := false
	for _, n := range splitNames(raw) {
		if strings.EqualFold(n, "others") {
			others = true
			continue
		}
		names = append(names, reports.EscapeMarkdown(personName(n)))
	}
	var s string
	switch {
	case others:
		s = strings.Join(names, ", ") + " et al."
	case len(names) == 1:
		s = names[0]
	default:
		s = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	if suffix != "" && len(names) > 1 {
		suffix = " (eds.)"
	}
	return s + suffix
}

// splitNames splits a raw name list at " and " outside braces.
func splitNames(raw string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '{':
			depth++
		case '}':
			depth--
		default:
			if m := andSep.FindStringIndex(raw[i:]); depth == 0 && m != nil && m[0] == 0 {
				out = append(out, strings.TrimSpace(raw[start:i]))
				start = i + m[1]
				i = start - 1
			}
		}
	}
	return append(out, strings.TrimSpace(raw[start:]))
}

var andSep = regexp.MustCompile(`^\s+(?i:and)\s+`)

// personName turns "Last, First" into "First Last"; a braced name stays.
func personName(raw string) string {
	if strings.HasPrefix(raw, "{") && strings.HasSuffix(raw, "}") {
		t, _ := detex(raw)
		return t
	}
	depth := 0
	for i, r := range raw {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				last, _ := detex(raw[:i])
				first, _ := detex(raw[i+1:])
				return strings.TrimSpace(first + " " + last)
			}
		}
	}
	t, _ := detex(raw)
	return t
}
