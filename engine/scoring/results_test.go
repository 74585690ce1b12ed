package scoring

import "testing"

func TestParseArtificial(t *testing.T) {
	for _, c := range []struct {
		in     string
		ns, ew float64
		ok     bool
	}{
		{"A5050", 50, 50, true}, {"A6040", 60, 40, true}, {"A+", 60, 40, true}, {"a-", 40, 60, true},
		{"AVE+", 60, 40, true}, {"AVE", 50, 50, true}, {"A=", 50, 50, true}, {"A4040", 40, 40, true},
		{"430", 0, 0, false}, {"ABC", 0, 0, false}, {"", 0, 0, false}, {"A60", 0, 0, false},
		{"40%", 40, 60, true}, {"60.0%", 60, 40, true}, {" 100% ", 100, 0, true},
		{"101%", 0, 0, false}, {"-40%", 0, 0, false}, {"%", 0, 0, false}, {"NaN%", 0, 0, false}, {"1e1%", 0, 0, false},
	} {
		a, ok := ParseArtificial(c.in)
		if ok != c.ok || ok && (a.NS != c.ns || a.EW != c.ew) {
			t.Errorf("ParseArtificial(%q) = %+v, %v; want %v/%v, %v", c.in, a, ok, c.ns, c.ew, c.ok)
		}
	}
}
