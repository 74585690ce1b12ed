package scoring

import (
	"flag"
	"testing"
)

// TestSettingsReadAndWriteText: each setting reads back what it writes, and
// a wrong name says in words what was expected.
func TestSettingsReadAndWriteText(t *testing.T) {
	for _, s := range Scales {
		var got Scale
		text, _ := s.MarshalText()
		if err := got.UnmarshalText(text); err != nil || got != s {
			t.Errorf("scale %v: read back %v, %v", s, got, err)
		}
	}
	var v Vulnerability
	if err := v.UnmarshalText([]byte("all")); err == nil || err.Error() != `want none, ns, ew or both, got "all"` {
		t.Errorf("err = %v", err)
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var set InstantSettings
	fs.TextVar(&set.Ties, "ties", set.Ties, "")
	fs.TextVar(&set.Scale, "scale", ScaleACBL, "")
	if err := fs.Parse([]string{"-ties", "NUDGE"}); err != nil || set.Ties != TiesNudge || set.Scale != ScaleACBL {
		t.Errorf("ties %v scale %v: %v", set.Ties, set.Scale, err)
	}
}
