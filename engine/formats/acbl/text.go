package acbl

import (
	"html"
	"regexp"
	"strconv"
	"strings"
)

// token is a word of a report line and the columns it spans (tabs
// expanded), for reports whose meaning is in the column: a score printed
// under N-S or under E-W.
type token struct {
	s          string
	start, end int // [start, end) in the expanded line
}

// expandTabs replaces tabs by spaces to the next multiple of eight, as the
// printers ACBLscore wrote for did.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// tokens splits an expanded line into words with their columns (in
// runes, so that a name with an accent does not shift the columns after
// it).
func tokens(line string) []token {
	var out []token
	rs := []rune(line)
	for i := 0; i < len(rs); {
		if rs[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] != ' ' {
			j++
		}
		out = append(out, token{string(rs[i:j]), i, j})
		i = j
	}
	return out
}

// stripHTML turns a report ACBLscore wrote as HTML back into its text:
// what is inside <pre> (all of the page when it has none), tags dropped,
// entities decoded, each line where it was so that line numbers hold.
func stripHTML(lines []string) []string {
	hasPre := false
	for _, l := range lines {
		hasPre = hasPre || rePre.MatchString(l)
	}
	out := make([]string, len(lines))
	in := !hasPre
	for i, l := range lines {
		var keep strings.Builder
		for l != "" {
			m := rePre.FindStringIndex(l)
			if m == nil {
				if in {
					keep.WriteString(l)
				}
				break
			}
			if in {
				keep.WriteString(l[:m[0]])
			}
			in = !strings.HasPrefix(l[m[0]:], "</")
			l = l[m[1]:]
		}
		out[i] = html.UnescapeString(reTag.ReplaceAllString(keep.String(), ""))
	}
	return out
}

var (
	reTag = regexp.MustCompile(`<[^>]*>`)
	rePre = regexp.MustCompile(`(?i)</?pre\b[^>]*>`)
)

// isHTML reports whether the text is an HTML page.
func isHTML(text string) bool {
	head := strings.ToLower(text[:min(len(text), 2048)])
	return strings.Contains(head, "<html") || strings.Contains(head, "<pre") || strings.Contains(head, "<!doctype html")
}

// number reads a decimal figure ("62.18", "4.5", "-3") and the number of
// decimals it is written with.
func number(s string) (float64, int, bool) {
	s = strings.TrimSuffix(s, "%")
	if s == "" || s == "-" || s == "." {
		return 0, 0, false
	}
	for i, r := range s {
		if (r < '0' || r > '9') && r != '.' && !(i == 0 && (r == '-' || r == '+')) {
			return 0, 0, false
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, 0, false
	}
	dec := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		dec = len(s) - i - 1
	}
	return f, dec, true
}

// integer reads a whole number ("420", "-50", "+110").
func integer(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	return n, err == nil
}

// pairID reads a pair as a board report writes it: 5, A5, AB12, or with
// the surnames after a dash, A5-Adams-Baker. section is "" when the
// report gives none.
func pairID(s string) (section string, number int, names string, ok bool) {
	m := rePairID.FindStringSubmatch(s)
	if m == nil {
		return "", 0, "", false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil || n < 1 || n > 9999 {
		return "", 0, "", false
	}
	return m[1], n, m[3], true
}

var rePairID = regexp.MustCompile(`^([A-Z]{1,2})?(\d{1,4})(?:-(.*))?$`)

// direction reads how a report names a direction: North-South, N-S, NS,
// East-West, E-W, EW.
func direction(s string) string {
	switch strings.ToUpper(strings.NewReplacer("-", "", "/", "", " ", "").Replace(s)) {
	case "NORTHSOUTH", "NS":
		return "NS"
	case "EASTWEST", "EW":
		return "EW"
	}
	return ""
}

var reDirection = regexp.MustCompile(`(?i)\b(north[- ]?south|east[- ]?west|n-s|e-w|n/s|e/w)\b`)

// clip shortens text quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
