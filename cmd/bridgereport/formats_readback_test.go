package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRecommendationsReadBack: the movement command reads the files it
// writes. For the recommendation of every field of 6 to 40 pairs (-short:
// three, one of two sections), its Bridgemate Data Connector records and
// its bridgescorer file (refused for two sections: the format has none),
// read back as a MOVEMENT, have the spec's Qf.
func TestRecommendationsReadBack(t *testing.T) {
	t.Parallel()
	for n := 6; n <= 40; n++ {
		if testing.Short() && n != 7 && n != 13 && n != 29 {
			continue
		}
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			t.Parallel()
			c := catalogueOf(t, n)[0].Candidates[0]
			perRound := c.NearestBoardsPerRound
			if len(c.BoardsPerRound) > 0 {
				perRound = c.BoardsPerRound[0]
			}
			var want struct {
				Qf float64 `json:"qf"`
			}
			runJSON(t, &want, "balance", "--json", c.Spec)
			dir := t.TempDir()
			for _, format := range []string{"bridgemate", "bridgescorer"} {
				file := filepath.Join(dir, "movement-"+format)
				_, stderr, err := run(t, "movement", c.Spec, "--boards-per-round", strconv.Itoa(perRound), "--format", format, "-o", file)
				if format == "bridgescorer" && len(c.Sections) > 1 {
					// The format has no sections: refused, by name.
					if err == nil || !strings.Contains(err.Error(), "the format has none") {
						t.Errorf("bridgescorer of %d sections: err = %v, want a refusal", len(c.Sections), err)
					}
					continue
				}
				if format == "bridgescorer" && err != nil && strings.Contains(err.Error(), "mid-round") {
					continue // the format cannot say it, and the writer says so
				}
				if err != nil {
					t.Fatalf("%s: %v\n%s", format, err, stderr)
				}
				if _, err := os.Stat(file); err != nil {
					t.Fatal(err)
				}
				var got struct {
					Qf float64 `json:"qf"`
				}
				runJSON(t, &got, "balance", "--json", file)
				if got.Qf != want.Qf {
					t.Errorf("%s of %s read back: Qf %v, the spec's %v", format, c.Spec, got.Qf, want.Qf)
				}
			}
		})
	}
}
