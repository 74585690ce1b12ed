package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// syntheticUSEBIO writes an invented USEBIO 1.2 congress of about `pairs`
// pairs: sections of a 13-table Mitchell (26 pairs, 13 rounds of two
// boards), matchpointed across the field as a scorer would: every
// traveller line with its contract, declarer, score and both sides'
// matchpoints against the whole field, every pair with its names, total
// and percentage. Scores are drawn from a generator seeded with seed.
func syntheticUSEBIO(pairs int, seed uint64) []byte {
	const T, per = 13, 2
	rng := rand.New(rand.NewPCG(seed, 1))
	results := []struct {
		contract, by string
		score        int
	}{{"4S", "N", 420}, {"4S", "N", 450}, {"4S", "N", -50}, {"3NT", "S", 400}, {"3NT", "S", 430}, {"2H", "E", -110}, {"3C", "W", 50}, {"4Sx", "N", -100}}
	sections := max(1, (pairs+T)/(2*T))
	type line struct{ sec, ns, ew, res int }
	boards := make([][]line, T*per)
	for sec := range sections {
		for r := 1; r <= T; r++ {
			for t := 1; t <= T; t++ {
				g := (t + r - 2) % T
				ew := T + 1 + ((t-r)%T+T)%T
				for k := range per {
					boards[g*per+k] = append(boards[g*per+k], line{sec, t, ew, rng.IntN(len(results))})
				}
			}
		}
	}
	// Matchpoints across the field, 2 per result beaten, 1 per tie.
	mp := make([][]float64, len(boards))
	total := map[[2]int]float64{}
	for b, ls := range boards {
		scores := make([]int, len(ls))
		for i, l := range ls {
			scores[i] = results[l.res].score
		}
		mp[b] = make([]float64, len(ls))
		scoring.Matchpoints(mp[b], scores, scoring.ScaleWBF)
		top := scoring.ScaleWBF.Top(len(ls))
		for i, l := range ls {
			total[[2]int{l.sec, l.ns}] += mp[b][i]
			total[[2]int{l.sec, l.ew}] += top - mp[b][i]
		}
	}
	top := scoring.ScaleWBF.Top(T*sections) * float64(T*per)
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\"?>\n<USEBIO Version=\"1.2\">\n <EVENT EVENT_TYPE=\"PAIRS\">\n  <EVENT_DESCRIPTION>Synthetic Congress</EVENT_DESCRIPTION>\n  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>\n  <SESSION>\n")
	for sec := range sections {
		fmt.Fprintf(&b, "   <SECTION SECTION_ID=\"S%c%c\">\n    <PARTICIPANTS>\n", 'A'+sec/26, 'A'+sec%26)
		for p := 1; p <= 2*T; p++ {
			dir := "NS"
			if p > T {
				dir = "EW"
			}
			t := total[[2]int{sec, p}]
			fmt.Fprintf(&b, "     <PAIR><PAIR_NUMBER>%d</PAIR_NUMBER><DIRECTION>%s</DIRECTION><TOTAL_SCORE>%.2f</TOTAL_SCORE><PERCENTAGE>%.2f</PERCENTAGE><PLAYER><PLAYER_NAME>Player %d-%dA</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player %d-%dB</PLAYER_NAME></PLAYER></PAIR>\n",
				p, dir, t, 100*t/top, sec, p, sec, p)
		}
		b.WriteString("    </PARTICIPANTS>\n")
		for n, ls := range boards {
			fmt.Fprintf(&b, "    <BOARD><BOARD_NUMBER>%d</BOARD_NUMBER>\n", n+1)
			btop := scoring.ScaleWBF.Top(len(ls))
			for i, l := range ls {
				if l.sec != sec {
					continue
				}
				x := results[l.res]
				fmt.Fprintf(&b, "     <TRAVELLER_LINE><NS_PAIR_NUMBER>%d</NS_PAIR_NUMBER><EW_PAIR_NUMBER>%d</EW_PAIR_NUMBER><CONTRACT>%s</CONTRACT><PLAYED_BY>%s</PLAYED_BY><SCORE>%d</SCORE><NS_MATCH_POINTS>%g</NS_MATCH_POINTS><EW_MATCH_POINTS>%g</EW_MATCH_POINTS></TRAVELLER_LINE>\n",
					l.ns, l.ew, x.contract, x.by, x.score, mp[n][i], btop-mp[n][i])
			}
			b.WriteString("    </BOARD>\n")
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
				s, err := usebio.Read("synthetic.xml", bytes.NewReader(data))
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
	s, err := usebio.Read("synthetic.xml", bytes.NewReader(syntheticUSEBIO(200, 1)))
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
	s, err := usebio.Read("synthetic.xml", bytes.NewReader(syntheticUSEBIO(60, 1)))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyse(context.Background(), s, Settings{NoLuck: true})
	if err != nil {
		t.Fatal(err)
	}
	// 60 pairs: two sections of 13 tables, matchpointed across the field.
	if m := a.MethodDetail; !m.Across || m.LinesReproduced != m.LinesChecked || m.PairsReproduced != m.PairsChecked || len(a.Disagreements) > 0 {
		t.Errorf("method %s: %+v, %d disagreements", a.Method, m, len(a.Disagreements))
	}
	var got []string
	for _, m := range a.Movement {
		got = append(got, fmt.Sprintf("%s %s %d×%d", m.Scope, m.Section, m.Tables, m.Rounds))
	}
	if want := "section SAA 13×13, section SAB 13×13, across SAA+SAB 26×13"; strings.Join(got, ", ") != want {
		t.Errorf("movements %s\nwant %s", strings.Join(got, ", "), want)
	}
}
