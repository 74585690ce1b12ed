package session

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/pbn"
)

// Whatever a results file holds, once it is read the analysis never
// panics: it returns an analysis or an error.
func FuzzAnalysePBN(f *testing.F) {
	data, err := os.ReadFile("../formats/results/testdata/monday.pbn")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte("[Board \"1\"]\n[ScoreTable \"Round;PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW\"]\n1 1 2 420 2 0\n1 3 4 A5050 1 1\n2 2 3 -50 0 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := pbn.Read("fuzz.pbn", bytes.NewReader(data))
		if err != nil {
			return
		}
		if _, err := Analyse(context.Background(), s, Settings{Samples: 50}); err != nil && len(s.Boards) > 0 {
			t.Logf("analyse: %v", err)
		}
	})
}
