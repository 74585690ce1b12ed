package reports

import "testing"

// TestTallyText: one erratum is an erratum (mitchell14's run said "1
// errata").
func TestTallyText(t *testing.T) {
	for _, c := range []struct {
		ok, errata, failed int
		want               string
	}{
		{184, 1, 0, "184 ok, 1 erratum, 0 failed"},
		{1202, 7, 0, "1202 ok, 7 errata, 0 failed"},
		{0, 0, 1, "0 ok, 0 errata, 1 failed"},
	} {
		if got := TallyText(c.ok, c.errata, c.failed); got != c.want {
			t.Errorf("TallyText(%d, %d, %d) = %q, want %q", c.ok, c.errata, c.failed, got, c.want)
		}
	}
}
