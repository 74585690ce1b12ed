package charts

import (
	"testing"
)

func TestCheckSVG(t *testing.T) {
	for _, bad := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>`,
		`<html><script>alert(1)</script></html>`,
		`<svg><unclosed></svg>`,
		``,
	} {
		if err := CheckSVG([]byte(bad)); err == nil {
			t.Errorf("CheckSVG accepted %q", bad)
		}
	}
	if err := CheckSVG([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><text>onload=&lt;script&gt;</text></svg>`)); err != nil {
		t.Errorf("a plain drawing refused: %v", err)
	}
}
