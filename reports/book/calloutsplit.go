package book

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

var (
	divOpen  = regexp.MustCompile(`^:{3,}\s*(.*?)\s*$`)
	divClass = regexp.MustCompile(`^\{\s*\.callout-([A-Za-z]+)(?:\s+title\s*=\s*"([^"]*)")?\s*\}$`)
)

// SplitCallouts takes the callouts out of every prose block of a report:
// a block with callouts becomes the prose before, the callout, the prose
// after, and so on. Each block keeps the study line of its first line. An
// unknown kind, a div that is not a callout or one left open is an error
// at its line.
func SplitCallouts(r *reports.Report) error {
	for i := range r.Sections {
		var out []reports.Block
		for _, b := range r.Sections[i].Blocks {
			if b.Prose == "" || !strings.Contains(b.Prose, ":::") {
				out = append(out, b)
				continue
			}
			parts, err := splitCallouts(b.Prose, b.Line)
			if err != nil {
				return &reports.SourceError{File: r.Provenance.SourceName, Line: err.line, Err: err.err}
			}
			out = append(out, parts...)
		}
		r.Sections[i].Blocks = out
	}
	return nil
}

type lineError struct {
	line int
	err  error
}

// splitCallouts splits one prose text; first is the study line of its
// first line (0: unknown, and errors then count from 1 within the prose).
func splitCallouts(src string, first int) ([]reports.Block, *lineError) {
	lines := strings.SplitAfter(src, "\n")
	at := func(i int) int {
		if first == 0 {
			return i + 1
		}
		return first + i
	}
	var out []reports.Block
	var prose []string
	proseStart := 0
	flush := func(next int) {
		if text := strings.Join(prose, ""); strings.TrimSpace(text) != "" {
			b := reports.Block{Prose: text}
			if first > 0 {
				b.Line = at(proseStart)
			}
			out = append(out, b)
		}
		prose, proseStart = nil, next
	}
	fence := "" // the fence of the code block we are in, if any
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r\n")
		if f := codeFence(line); f != "" {
			if fence == "" {
				fence = f
			} else if strings.HasPrefix(strings.TrimSpace(line), fence) && strings.Trim(strings.TrimSpace(line), fence[:1]) == "" {
				fence = ""
			}
		}
		m := divOpen.FindStringSubmatch(line)
		if fence != "" || m == nil {
			prose = append(prose, lines[i])
			continue
		}
		if m[1] == "" {
			return nil, &lineError{at(i), fmt.Errorf("':::' closes no callout")}
		}
		c := divClass.FindStringSubmatch(m[1])
		if c == nil {
			return nil, &lineError{at(i), fmt.Errorf("%q: a div in prose must be a callout, {.callout-KIND} or {.callout-KIND title=\"...\"} with KIND one of %s", m[1], calloutKindList())}
		}
		kind := strings.ToLower(c[1])
		if _, ok := reports.CalloutKinds[kind]; !ok {
			return nil, &lineError{at(i), fmt.Errorf("callout-%s: unknown kind; want one of %s", c[1], calloutKindList())}
		}
		flush(i)
		var body []string
		end := -1
		inner := ""
		for j := i + 1; j < len(lines); j++ {
			l := strings.TrimRight(lines[j], "\r\n")
			if f := codeFence(l); f != "" {
				if inner == "" {
					inner = f
				} else if strings.Trim(strings.TrimSpace(l), inner[:1]) == "" {
					inner = ""
				}
			}
			if inner == "" {
				if mm := divOpen.FindStringSubmatch(l); mm != nil {
					if mm[1] != "" {
						return nil, &lineError{at(j), fmt.Errorf("a callout inside a callout: close the one opened at line %d first", at(i))}
					}
					end = j
					break
				}
			}
			body = append(body, lines[j])
		}
		if end < 0 {
			return nil, &lineError{at(i), fmt.Errorf("callout-%s is not closed: end it with a line ':::'", kind)}
		}
		text := strings.Join(body, "")
		if strings.TrimSpace(text) == "" {
			return nil, &lineError{at(i), fmt.Errorf("callout-%s is empty", kind)}
		}
		b := reports.Block{Callout: &reports.Callout{Kind: kind, Title: c[2], Body: text}}
		if first > 0 {
			b.Line = at(i + 1)
		}
		out = append(out, b)
		i = end
		proseStart = end + 1
	}
	flush(len(lines))
	return out, nil
}

// codeFence is the fence that opens or closes a fenced code block on this
// line ("```" or "~~~"), or "".
func codeFence(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return ""
	}
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, f) {
			return f
		}
	}
	return ""
}

func calloutKindList() string {
	var kinds []string
	for k := range reports.CalloutKinds {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	return strings.Join(kinds, ", ")
}
