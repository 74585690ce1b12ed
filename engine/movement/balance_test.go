package movement

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// vacancyByRescoring is the definition: the movement scored afresh
// without each pair in turn.
func vacancyByRescoring(t *testing.T, m *Movement) *Vacancy {
	t.Helper()
	v := &Vacancy{Qf1: make([]float64, m.Pairs)}
	var sumS, sumSS int64
	n1 := int64((m.Pairs - 1) * (m.Pairs - 2) / 2)
	for p := 1; p <= m.Pairs; p++ {
		without, err := m.WithoutPair(p)
		if err != nil {
			t.Fatal(err)
		}
		mat, s, _, _, err := scoreMatrixContext(context.Background(), without)
		if err != nil {
			t.Fatal(err)
		}
		ss := sumSquaresUpper(mat, without.Pairs)
		v.Qf1[p-1] = QualityFactor(s, ss, n1)
		sumS += s
		sumSS += ss
		v.Max = max(v.Max, v.Qf1[p-1])
	}
	v.Av = QualityFactor(sumS, sumSS, int64(m.Pairs)*n1)
	return v
}

// TestVacancyMatchesRescoring compares the incremental vacancy with the
// full rescoring, figure for figure, on every library movement and on
// movements with random switches and emptied tables.
func TestVacancyMatchesRescoring(t *testing.T) {
	var ms []*Movement
	for _, name := range corpusFiles(t) {
		ms = append(ms, mustCorpus(t, name))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		m := mustCorpus(t, corpusFiles(t)[i*7%len(corpusFiles(t))]).Clone()
		for _, row := range m.Schedule {
			for t := range row {
				switch rng.IntN(6) {
				case 0:
					row[t].NS, row[t].EW = row[t].EW, row[t].NS
				case 1:
					row[t] = Table{Group: -1}
				}
			}
		}
		ms = append(ms, m)
	}
	// Random schedules: a pair may meet another twice or play a group
	// at two tables, which no real movement does.
	for range 30 {
		P, T, R, G := 3+rng.IntN(10), 1+rng.IntN(5), 1+rng.IntN(6), 1+rng.IntN(4)
		m := New(P, T, R, G)
		for r := range R {
			seat := rng.Perm(P)
			for t := range min(T, P/2) {
				if rng.IntN(5) > 0 {
					m.Schedule[r][t] = Table{NS: seat[2*t] + 1, EW: seat[2*t+1] + 1, Group: rng.IntN(G)}
				}
			}
		}
		ms = append(ms, m)
	}
	for i, m := range ms {
		if m.Pairs < 3 {
			continue
		}
		got, err := ComputeVacancy(m)
		if err != nil {
			t.Fatal(err)
		}
		want := vacancyByRescoring(t, m)
		if got.Av != want.Av || got.Max != want.Max {
			t.Fatalf("movement %d (%d pairs): Av %v Max %v, rescoring gives %v %v", i, m.Pairs, got.Av, got.Max, want.Av, want.Max)
		}
		for p := range got.Qf1 {
			if got.Qf1[p] != want.Qf1[p] {
				t.Fatalf("movement %d: Qf1[%d] = %v, rescoring gives %v", i, p+1, got.Qf1[p], want.Qf1[p])
			}
		}
	}
}

// TestVacancyStopsOnCancel: the vacancy of the largest relay Mitchell
// (1,000 pairs: seconds of work) stops within a second of a cancel, with
// the context's error; so does its balance.
func TestVacancyStopsOnCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1,000-pair movement")
	}
	m, err := RelayMitchell(500)
	if err != nil {
		t.Fatal(err)
	}
	for name, work := range map[string]func(context.Context) error{
		"vacancy": func(ctx context.Context) error { _, err := ComputeVacancyContext(ctx, m); return err },
		"balance": func(ctx context.Context) error { _, err := ComputeBalanceContext(ctx, m); return err },
	} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- work(ctx) }()
		time.Sleep(100 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("%s: err = %v, want %v", name, err, context.Canceled)
			}
			if name == "vacancy" && err == nil {
				t.Errorf("vacancy finished within 100 ms: the test no longer tests a cancel")
			}
		case <-time.After(time.Second):
			t.Fatalf("%s: still working a second after the cancel", name)
		}
	}
}

func TestEstimates(t *testing.T) {
	m, err := RelayMitchell(500)
	if err != nil {
		t.Fatal(err)
	}
	v := VacancyEstimate(m)
	if !v.Long() || v.Seconds() > 60 {
		t.Errorf("relay-mitchell:500 vacancy: %v, want seconds with a progress line", v)
	}
	m7, _ := Mitchell(7)
	// 7 groups of 7 tables: 2·7·49 = 686 comparisons and 14² = 196.
	if b := BalanceEstimate(m7); b.Units != 686+196 || b.Long() {
		t.Errorf("mitchell:7 balance: %v units", b.Units)
	}
}
