package movement

import (
	"testing"
)

func FuzzParseSectionsSpec(f *testing.F) {
	for _, s := range []string{"sections:mitchell:7/mitchell:7", "sections:howell:15,rounds=13/perfect:14/boards=shared", "mitchell:7,rover=2:2+3:4,miss=3:1-2", "howell:8,appendix=2:3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSpec(text)
		if err != nil {
			return
		}
		if again, err := ParseSpec(s.String()); err != nil || again.String() != s.String() {
			t.Errorf("%q: canonical %q does not parse back (%v)", text, s.String(), err)
		}
	})
}
