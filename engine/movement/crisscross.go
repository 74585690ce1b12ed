package movement

import "fmt"

// CrissCrossMitchell returns the criss-cross Mitchell for a number of tables
// T that is a multiple of 4 (G. S. Coffin's movement, played with stationary
// boards as the directors' manuals describe it): a complete Mitchell, every
// NS pair meets every EW pair once and plays every board group once, with no
// board sharing and no relay, which the relay Mitchell needs for an even
// number of tables.
//
// Table t plays board group t-1 in every round. NS pair t starts at table t;
// odd-numbered NS pairs move one table down each round, even-numbered ones
// one table up. EW pair T+e starts at table e; until round T/2 the odd e move
// one table up and the even e one table down; before round T/2+1 every EW
// pair moves T/2 tables up, and from then on the odd e move down and the even
// e up. Pairs of opposite parity approach each other by two tables a round,
// which is why the half-time jump of T/2 only works out when T/2 is even:
// with T ≡ 2 (mod 4) the manuals jump T/2-1 tables and some pairs then play
// a board group twice, so that case is refused here.
func CrissCrossMitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("criss-cross mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 4 || tables%4 != 0 {
		return nil, fmt.Errorf("criss-cross mitchell: %d tables: a criss-cross Mitchell needs a multiple of 4 tables (with 4k+2 tables some pairs would play a board group twice)", tables)
	}
	T, half := tables, tables/2
	m := New(2*T, T, T, T)
	step := func(pair int) int { // +1 up, -1 down, for the first half
		if pair%2 == 1 {
			return 1
		}
		return -1
	}
	for r := 1; r <= T; r++ {
		for t := 1; t <= T; t++ {
			m.Schedule[r-1][t-1].Group = t - 1
		}
		for p := 1; p <= T; p++ {
			ns := 1 + mod(p-1-step(p)*(r-1), T)
			m.Schedule[r-1][ns-1].NS = p
			ew := p + step(p)*(r-1)
			if r > half {
				ew = p + step(p)*(half-1) + half - step(p)*(r-half-1)
			}
			m.Schedule[r-1][mod(ew-1, T)].EW = T + p
		}
	}
	return m, nil
}
