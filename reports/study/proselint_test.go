package study

import (
	"strings"
	"testing"
)

func TestLintProse(t *testing.T) {
	text := strings.Join([]string{
		"So Knights = (2.67 + 10.58 + (Owls", // 10
		"+ 10))/3 and Owls = 2.",             // 11: a list in the middle of a paragraph
		"",
		"A list, meant:",
		"",
		"- one",
		"- two",
		"",
		"Costs $5 and more.",                    // 19: unclosed $
		"Math $x^2$ closes; see https://x.org.", // 20: bare URL
		"Linked <https://x.org> and [x](https://x.org) and `$`.",
		"1. after text is a list too", // 22
		"2024. a year in the middle is not",
		"```",
		"- in code",
		"$",
		"```",
	}, "\n")
	var got []string
	for _, w := range LintProse("s.yaml", text, 10, 9) {
		got = append(got, w.String())
	}
	wantLines := []string{"s.yaml:11:", "s.yaml:18:", "s.yaml:19:", "s.yaml:21:"}
	if len(got) != len(wantLines) {
		t.Fatalf("warnings:\n%s\nwant %d at %v", strings.Join(got, "\n"), len(wantLines), wantLines)
	}
	for i, w := range wantLines {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("warning %d = %s, want at %s", i, got[i], w)
		}
	}
}
