package movement

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/studies/library"
)

// corpusFiles lists every movement of the project's movement library.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	return library.Names()
}

// mustCorpus reads a movement of the movement library, named with or without
// its .txt ending.
func mustCorpus(t testing.TB, name string) *Movement {
	t.Helper()
	name = strings.TrimSuffix(name, ".txt")
	data, err := library.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := ParseASC(name, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return pm.Movement
}

// roundsTo reports whether x rounds to the published figure at its precision.
func roundsTo(x float64, published string) bool {
	decimals := 0
	if i := strings.IndexByte(published, '.'); i >= 0 {
		decimals = len(published) - i - 1
	}
	want, _ := strconv.ParseFloat(published, 64)
	scale := math.Pow(10, float64(decimals))
	return math.Abs(math.Round(x*scale)-math.Round(want*scale)) < 0.5
}
