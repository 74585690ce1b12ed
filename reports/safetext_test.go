package reports

import (
	"strings"
	"testing"
)

func TestSafeProse(t *testing.T) {
	cases := []struct{ name, in, want, wantErr string }{
		{"html block", "<script>alert(1)</script>\n", "&lt;script&gt;alert(1)&lt;/script&gt;\n", ""},
		{"inline tag", "a <img src=x onerror=alert(1)> b\n", "a &lt;img src=x onerror=alert(1)&gt; b\n", ""},
		{"javascript link", "[x](javascript:alert(1))\n", "[x](#blocked-javascript-alert(1))\n", ""},
		{"upper-case scheme", "[x](JavaScript:alert(1))\n", "[x](#blocked-javascript-alert(1))\n", ""},
		{"file image", "![x](file:///etc/passwd)\n", "![x](#blocked-file-///etc/passwd)\n", ""},
		{"entity scheme", "[x](javascript&#58;alert(1))\n", "", "javascript"},
		{"code span kept", "`<b>` and\n\n    <i>\n", "`<b>` and\n\n    <i>\n", ""},
		{"plain link kept", "[x](https://example.org/a?b=1&c=2)\n", "[x](https://example.org/a?b=1&c=2)\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := SafeProse(c.in)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want one mentioning %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("safeProse(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
		})
	}
}
