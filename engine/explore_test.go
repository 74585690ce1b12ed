package engine

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestExploreTargets(t *testing.T) {
	for T := 5; T <= 15; T++ {
		var m *Movement
		if T%2 == 1 {
			m, _ = Mitchell(T)
		} else {
			m, _ = RelayMitchell(T)
		}
		start := time.Now()
		r, err := Optimize(context.Background(), m, OptimizeSettings{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("T=%d Qf %.2f -> %.2f  av %.2f max %.2f proven=%v bits=%d iters=%d stop=%s %v switched=%d\n", T, r.Before.Qf, r.After.Qf, r.VacancyAfter.Av, r.VacancyAfter.Max, r.Proven, r.FreeBits, r.Iterations, r.Stop, time.Since(start).Round(time.Millisecond), len(r.Switched))
	}
}
