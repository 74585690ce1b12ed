package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// syntheticUSEBIO writes an invented USEBIO 1.2 congress of about `pairs`
// pairs: sections of a 13-table Mitchell (26 pairs, 13 rounds of two
// boards), the last section smaller (an odd number of tables), matchpointed across the field, with
// every pair's names and a percentage, and every traveller line's
// contract, declarer and score. Scores are drawn from a seeded generator.
func syntheticUSEBIO(pairs int, seed uint64) []byte {
	const T, per = 13, 2
	rng := rand.New(rand.NewPCG(seed, 1))
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n <EVENT EVENT_TYPE=\"PAIRS\">\n  <EVENT_DESCRIPTION>Synthetic Congress</EVENT_DESCRIPTION>\n  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n  <SESSION>\n")
	results := []struct {
		contract, by string
		score        int
	}{{"4S", "N", 420}, {"4S", "N", 450}, {"4S", "N", -50}, {"3NT", "S", 400}, {"3NT", "S", 430}, {"2H", "E", -110}, {"3C", "W", 50}, {"4Sx", "N", -100}}
	sections := (pairs + 2*T - 1) / (2 * T)
	for sec := range sections {
		tables := min(T, (pairs-sec*2*T)/2)
		if tables%2 == 0 {
			tables-- // the standard Mitchell wants an odd number of tables
		}
		if tables < 3 {
			tables = 3
		}
		fmt.Fprintf(&b, "   <SECTION SECTION_ID=\"S%c%c\">\n    <PARTICIPANTS>\n", 'A'+sec/26, 'A'+sec%26)
		for p := 1; p <= 2*tables; p++ {
			dir := "NS"
			if p > tables {
				dir = "EW"
			}
			fmt.Fprintf(&b, "     <PAIR><PAIR_NUMBER>%d</PAIR_NUMBER><DIRECTION>%s</DIRECTION><PERCENTAGE>50.00</PERCENTAGE><PLAYER><PLAYER_NAME>Player %d-%dA</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player %d-%dB</PLAYER_NAME></PLAYER></PAIR>\n", p, dir, sec, p, sec, p)
		}
		b.WriteString("    </PARTICIPANTS>\n")
		// Board k of group g is board g*per+k+1; the tables of a
		// standard Mitchell (DOMAIN.md §1), odd or even alike here.
		for g := range T {
			for k := range per {
				fmt.Fprintf(&b, "    <BOARD><BOARD_NUMBER>%d</BOARD_NUMBER>\n", g*per+k+1)
				for r := 1; r <= tables; r++ {
					for t := 1; t <= tables; t++ {
						if (t+r-2)%tables != g {
							continue
						}
						ew := tables + 1 + ((t-r)%tables+tables)%tables
						x := results[rng.IntN(len(results))]
						fmt.Fprintf(&b, "     <TRAVELLER_LINE><NS_PAIR_NUMBER>%d</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%d</EW_PAIR_NUMBER><CONTRACT>%s</CONTRACT><PLAYED_BY>%s</PLAYED_BY><SCORE>%d</SCORE></TRAVELLER_LINE>\n", t, ew, x.contract, x.by, x.score)
					}
				}
				b.WriteString("    </BOARD>\n")
			}
		}
		b.WriteString("   </SECTION>\n")
	}
	b.WriteString("  </SESSION>\n </EVENT>\n</USEBIO>\n")
	return b.Bytes()
}

// BenchmarkReadAnalyse reads and analyses synthetic congresses of 500,
// 1000 and 2000 pairs; the work should grow linearly with the pairs.
func BenchmarkReadAnalyse(b *testing.B) {
	for _, n := range []int{500, 1000, 2000} {
		data := syntheticUSEBIO(n, 1)
		b.Run(fmt.Sprintf("pairs=%d", n), func(b *testing.B) {
			for b.Loop() {
				s, err := scoring.ReadUSEBIO("synthetic.xml", bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Analyse(context.Background(), s, Settings{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
		})
	}
}

// A cancelled context stops the analysis of a large file.
func TestAnalyseCancelled(t *testing.T) {
	s, err := scoring.ReadUSEBIO("synthetic.xml", bytes.NewReader(syntheticUSEBIO(200, 1)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyse(ctx, s, Settings{}); !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

// The synthetic file is read and scored as it was written: every section
// a Mitchell whose rebuilt rounds are its tables.
func TestSyntheticSections(t *testing.T) {
	s, err := scoring.ReadUSEBIO("synthetic.xml", bytes.NewReader(syntheticUSEBIO(60, 1)))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyse(context.Background(), s, Settings{NoLuck: true})
	if err != nil {
		t.Fatal(err)
	}
	// 60 pairs: sections of 13 and 13 tables, then 2 pairs left: 3 tables.
	var got []string
	for _, m := range a.Movement {
		got = append(got, fmt.Sprintf("%s %s %d×%d", m.Scope, m.Section, m.Tables, m.Rounds))
	}
	if want := "section SAA 13×13, section SAB 13×13, section SAC 3×3, across SAA+SAB+SAC 29×13"; strings.Join(got, ", ") != want {
		t.Errorf("movements %s\nwant %s", strings.Join(got, ", "), want)
	}
}
