package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/bridgereport/bridgereport/reports/kinds"
)

// TestCatalogueSpecs: for every candidate of every field size, balance of
// the printed spec gives the candidate's figures exactly, and movement its
// tables (the tables players sit at: balance counts the file's table
// positions, two for a split table) (-short: a few sizes).
func TestCatalogueSpecs(t *testing.T) {
	t.Parallel()
	for n := 6; n <= 40; n++ {
		if testing.Short() && n != 7 && n != 13 && n != 20 {
			continue
		}
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			t.Parallel()
			answers := catalogueOf(t, n)
			if len(answers) != 1 {
				t.Fatalf("%d answers, want the one field size's", len(answers))
			}
			a := answers[0]
			checkRecommended(t, n, &a)
			for _, c := range a.Candidates {
				var b struct {
					Pairs       int     `json:"pairs"`
					Tables      int     `json:"tables"`
					Rounds      int     `json:"rounds"`
					BoardGroups int     `json:"board_groups"`
					Qf          float64 `json:"qf"`
					Qo          float64 `json:"qo"`
					Vacancy     struct {
						Av  float64 `json:"qf1_av"`
						Max float64 `json:"qf1_max"`
					} `json:"vacancy"`
				}
				runJSON(t, &b, "balance", "--json", c.Spec)
				var g kinds.GuideResult
				runJSON(t, &g, "movement", "--json", c.Spec)
				if g.Tables != c.Tables || g.Qf != c.Qf || g.Qf1Av != c.Qf1Av || g.BoardGroups != c.BoardGroups || len(g.PairCards) != n {
					t.Errorf("%s: movement %s gives %d tables, Qf %v, Qf1av %v, %d groups, %d pair cards", c.Name, c.Spec, g.Tables, g.Qf, g.Qf1Av, g.BoardGroups, len(g.PairCards))
				}
				if b.Pairs != n || b.Rounds != c.Rounds || b.BoardGroups != c.BoardGroups ||
					b.Qf != c.Qf || b.Qo != c.Qo || b.Vacancy.Av != c.Qf1Av || b.Vacancy.Max != c.Qf1Max {
					t.Errorf("%s: balance %s gives %+v; the candidate has tables %d rounds %d groups %d Qf %v Qo %v Qf1av %v Qf1max %v",
						c.Name, c.Spec, b, c.Tables, c.Rounds, c.BoardGroups, c.Qf, c.Qo, c.Qf1Av, c.Qf1Max)
				}
			}
		})
	}
}

// catalogueOf is catalogue --pairs N --json, run once per test binary for
// each N (TestCatalogueSpecs and TestRecommendationsReadBack both read
// every field size's), decoded anew for each caller.
func catalogueOf(t *testing.T, pairs int) []kinds.CatalogueAnswer {
	t.Helper()
	f, _ := catalogueRuns.LoadOrStore(pairs, sync.OnceValues(func() ([]byte, error) {
		args := []string{"catalogue", "--pairs", strconv.Itoa(pairs), "--json"}
		var stdout, stderr bytes.Buffer
		if err := Run(context.Background(), args, &stdout, &stderr); err != nil {
			return nil, fmt.Errorf("%v: %v\n%s", args, err, stderr.String())
		}
		return stdout.Bytes(), nil
	}))
	out, err := f.(func() ([]byte, error))()
	if err != nil {
		t.Fatal(err)
	}
	var answers []kinds.CatalogueAnswer
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatalf("catalogue --pairs %d --json: %v", pairs, err)
	}
	return answers
}

var catalogueRuns sync.Map // pairs → func() ([]byte, error)

// runJSON runs the command and decodes its --json output into v.
func runJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := Run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, stderr.String())
	}
	if err := json.Unmarshal(stdout.Bytes(), v); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
}

// checkRecommended: with the default bounds the recommendation is a
// candidate of 2-4 boards a round and one copy, with a spec, and the
// movement command's cards of that spec give the same figures, one card a
// pair (an odd field's phantom sits out, no card), one entry a round.
func checkRecommended(t *testing.T, n int, a *kinds.CatalogueAnswer) {
	t.Helper()
	if a.Recommended == nil || len(a.Candidates) == 0 || a.Candidates[0].Name != *a.Recommended {
		t.Fatalf("%d pairs: recommended %v is not the first candidate", n, a.Recommended)
	}
	c := a.Candidates[0]
	bpr := c.NearestBoardsPerRound
	if len(c.BoardsPerRound) > 0 {
		bpr = c.BoardsPerRound[0]
	}
	for _, b := range append([]int{bpr}, c.BoardsPerRound...) {
		if b < 2 || b > 4 {
			t.Errorf("%s: %d boards a round", c.Name, b)
		}
	}
	if c.Copies != 1 || c.Spec == "" || c.Excluded != "" {
		t.Errorf("%s: copies %d, spec %q, excluded %q", c.Name, c.Copies, c.Spec, c.Excluded)
	}
	var g kinds.GuideResult
	runJSON(t, &g, "movement", "--json", "--boards-per-round", strconv.Itoa(bpr), c.Spec)
	if g.Qf != c.Qf || g.Qf1Av != c.Qf1Av || g.Tables != c.Tables || g.Rounds != c.Rounds ||
		g.Boards != c.DealBoards/c.DealCopies || g.Pairs != n || len(g.PairCards) != n {
		t.Errorf("%s: movement %s gives Qf %v Qf1av %v tables %d boards %d, %d pair cards; the candidate Qf %v Qf1av %v tables %d boards %d",
			c.Name, c.Spec, g.Qf, g.Qf1Av, g.Tables, g.Boards, len(g.PairCards), c.Qf, c.Qf1Av, c.Tables, c.DealBoards/c.DealCopies)
	}
	sitOut := false
	for _, card := range g.PairCards {
		if len(card.Rounds) != g.Rounds {
			t.Errorf("pair %d: %d rounds of %d", card.Pair, len(card.Rounds), g.Rounds)
		}
		for _, r := range card.Rounds {
			sitOut = sitOut || r.SitsOut
		}
	}
	if n%2 == 1 && !sitOut {
		t.Errorf("%s: %d pairs and nobody sits out", c.Name, n)
	}
}
