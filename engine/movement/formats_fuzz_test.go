package movement

import (
	"bytes"
	"strings"
	"testing"
)

// The readers of other programs' formats never panic, whatever they read.
func FuzzReadBridgemate(f *testing.F) {
	m, _ := Mitchell(3)
	var buf bytes.Buffer
	WriteBridgemate(&buf, m, BridgemateOptions{BoardsPerRound: 2})
	f.Add(buf.String(), 2)
	f.Add(`[{"Letters":"A","Tables":[{"SectionLetters":"A","TableNumber":1,"Rounds":[{"SectionLetters":"A","TableNumber":1,"RoundNumber":1,"PairNS":1,"PairEW":2,"LowBoardNumber":1,"HighBoardNumber":2}]}]}]`, 0)
	f.Fuzz(func(t *testing.T, text string, perSet int) {
		if perSet < 0 || perSet > 10 {
			return
		}
		var read BridgemateRead
		if perSet > 0 {
			read.PerSet = []int{perSet}
		}
		if m, err := ReadBridgemate(strings.NewReader(text), read); err == nil {
			if errs, _ := m.Check(); len(errs) > 0 {
				t.Errorf("read a movement with errors: %v", errs)
			}
		}
	})
}

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
