package main

import (
	"strings"
	"testing"
)

// TestFlagMistakes: a flag value that means nothing is refused with the
// flag named (exit 2), and a flag mistake gets one line pointing at the
// help, not the whole usage.
func TestFlagMistakes(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"catalogue", "--pairs", "14", "--hours", "NaN"}, "hours: NaN: want the session's length"},
		{[]string{"catalogue", "--pairs", "14", "--hours", "-1"}, "hours: -1: want"},
		{[]string{"preview", "--timeout", "-1s", "x.yaml"}, "--timeout -1s: want a positive duration"},
		{[]string{"preview", "--port", "99999", "x.yaml"}, "--port 99999: want 1 to 65535 (0: a free one)"},
		{[]string{"preview", "--port", "-1", "x.yaml"}, "--port -1: want 1 to 65535"},
		{[]string{"score", "--expected", "99999999999", "x.xml"}, "expected: 99999999999: want 0 (the most any board has) to 10000"},
		{[]string{"movement", "-o", "", "mitchell:3"}, "-o '': an empty value"},
		{[]string{"run", "-o", "", "x.yaml"}, "-o '': an empty value"},
		{[]string{"movement", "--bogus", "mitchell:3"}, "flag provided but not defined: -bogus"},
		{[]string{"movement"}, "want 1 argument(s), got 0"},
		{[]string{"movement", "nofile.asc"}, "nofile.asc: no such file"},
		{[]string{"movement", "--boards-per-round", "1000", "mitchell:7"}, "numbered up to 7000; a movement's boards go up to 5000"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			_, stderr, err := run(t, c.args...)
			var msg strings.Builder
			code := exitCode(err, &msg)
			all := stderr + msg.String()
			if code != exitBad || !strings.Contains(all, c.want) {
				t.Fatalf("exit %d, %q; want exit %d and %q", code, all, exitBad, c.want)
			}
			if lines := strings.Count(strings.TrimSpace(all), "\n") + 1; lines > 3 {
				t.Errorf("%d lines of message, want at most 3:\n%s", lines, all)
			}
		})
	}
}

// An error quoting an argument or a file prints no escape sequence: a
// name in a results file or a pasted spec cannot recolour or clear the
// terminal through a message.
func TestErrorsPrintNoEscapes(t *testing.T) {
	for _, args := range [][]string{
		{"balance", "mitchell:7,\x1b[31mred"},
		{"balance", "\x1b]0;title\x07nofile.asc"},
		{"movement", "--pick", "x\x1b[2J"},
	} {
		_, stderr, err := run(t, args...)
		var msg strings.Builder
		exitCode(err, &msg)
		if all := stderr + msg.String(); strings.ContainsAny(all, "\x1b\x07") || all == "" {
			t.Errorf("%q: %q", args, all)
		}
	}
}
