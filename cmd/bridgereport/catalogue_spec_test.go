package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/bridgereport/bridgereport/reports/study"
)

// TestCatalogueSpecs: for every candidate of every field size, balance of
// the printed spec gives the candidate's figures exactly (-short: a few
// sizes).
func TestCatalogueSpecs(t *testing.T) {
	for n := 6; n <= 40; n++ {
		if testing.Short() && n != 7 && n != 13 && n != 20 {
			continue
		}
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var a study.CatalogueAnswer
			runJSON(t, &a, "catalogue", "--pairs", strconv.Itoa(n), "--json")
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
				if b.Pairs != n || b.Tables != c.Tables || b.Rounds != c.Rounds || b.BoardGroups != c.BoardGroups ||
					b.Qf != c.Qf || b.Qo != c.Qo || b.Vacancy.Av != c.Qf1Av || b.Vacancy.Max != c.Qf1Max {
					t.Errorf("%s: balance %s gives %+v; the candidate has tables %d rounds %d groups %d Qf %v Qo %v Qf1av %v Qf1max %v",
						c.Name, c.Spec, b, c.Tables, c.Rounds, c.BoardGroups, c.Qf, c.Qo, c.Qf1Av, c.Qf1Max)
				}
			}
		})
	}
}

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
