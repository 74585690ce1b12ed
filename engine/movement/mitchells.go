package movement

import "fmt"

// The Mitchell family beyond the standard and the relay Mitchell. In every
// generator below the NS pairs are 1..T and sit at the table of their number,
// the EW pairs are T+1..2T and EW pair T+e starts at table e; board groups
// are 0-based. The definitions follow the directors' manuals; each generator
// says which.

// SkipMitchell returns the skip Mitchell for an even number of tables T and
// R rounds (0 means T-1, the full movement). NS pairs stay, boards move one
// table down, EW pairs move one table up, except after round T/2, when they
// move up two: they skip the table they would otherwise meet their
// first-round boards at. The full movement has T-1 rounds: a T-th round
// would meet the first-round opponents again (the "revenge" round), so each
// EW pair meets T-1 of the T NS pairs and plays T-1 of the T board groups.
// Each group is played once per round at one table, R times in all; a
// curtailed movement (R < T-1) keeps that property.
func SkipMitchell(tables, rounds int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("skip mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 4 || tables%2 == 1 {
		return nil, fmt.Errorf("skip mitchell: %d tables: a skip Mitchell needs an even number of tables, 4 or more", tables)
	}
	T := tables
	if rounds == 0 {
		rounds = T - 1
	}
	if rounds < 1 || rounds > T-1 {
		return nil, fmt.Errorf("skip mitchell: %d rounds: a %d-table skip Mitchell has 1 to %d rounds", rounds, T, T-1)
	}
	m := New(2*T, T, rounds, T)
	for r := 1; r <= rounds; r++ {
		skip := 0
		if r > T/2 {
			skip = 1
		}
		for t := 1; t <= T; t++ {
			m.Schedule[r-1][t-1] = Table{NS: t, EW: T + 1 + mod(t-r-skip, T), Group: mod(t+r-2, T)}
		}
	}
	return m, nil
}

// WebMitchell returns the Web Mitchell for an even number of tables T with
// S board groups (sets; 0 means T-1), S odd and at least T/2. The pairs move
// as in a Mitchell over all T tables (EW one table up each round, never a
// skip); the boards move in two circuits of S stations each, with two copies
// of every group: tables 1..T/2 play the groups in ascending order (group g
// starts at table g+1, the groups beyond T/2 wait on a relay), tables
// T/2+1..T in descending order (table T starts with the last group, table
// T-1 with the first, and so on down, the rest on a second relay). Boards
// move one station down in both circuits. The movement has S rounds: every
// pair plays every group once, and each group is played T times, at two
// tables in each round it is not on a relay. With S > T some EW pairs meet
// an NS pair twice.
func WebMitchell(tables, sets int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("web mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 4 || tables%2 == 1 {
		return nil, fmt.Errorf("web mitchell: %d tables: a Web Mitchell needs an even number of tables, 4 or more", tables)
	}
	T, N := tables, tables/2
	if sets == 0 {
		sets = T - 1
	}
	S := sets
	if S%2 == 0 || S < N || S > MaxRounds {
		return nil, fmt.Errorf("web mitchell: %d sets: a %d-table Web Mitchell needs an odd number of board sets from %d", S, T, N+1-N%2)
	}
	m := New(2*T, T, S, S)
	for r := 1; r <= S; r++ {
		for t := 1; t <= T; t++ {
			g := mod(t+r-2, S) // first circuit, ascending
			if t > N {
				g = mod(T-t-r, S) // second circuit, descending
			}
			m.Schedule[r-1][t-1] = Table{NS: t, EW: T + 1 + mod(t-r, T), Group: g}
		}
	}
	return m, nil
}

// Blackpool returns the standard Mitchell for an odd number of tables T
// lengthened by X extra board groups (X = 2, 4 or 6) on a relay between
// table T and table 1, the movement also called a Blackpool. NS pairs stay,
// boards move one station down through the relay, EW pairs move one table up,
// for T+X rounds, except in one special round that keeps the EW pairs off
// boards they have played: with 2 extra groups EW pair e goes to table
// T+1-e in the last round; with 4, to table T-e (2T-e if that is below 1)
// in the second-last round; with 6, to table T-1-e (2T-1-e if below 1) in
// the third-last round; after the special round they move one up again.
// Every pair plays every group once and each group is played T times; the EW
// pairs meet some NS pairs twice.
func Blackpool(tables, extra int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("blackpool: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 3 || tables%2 == 0 {
		return nil, fmt.Errorf("blackpool: %d tables: a Blackpool (Mitchell with extra board groups) needs an odd number of tables, 3 or more", tables)
	}
	if extra == 0 {
		extra = 2
	}
	if extra != 2 && extra != 4 && extra != 6 {
		return nil, fmt.Errorf("blackpool: %d extra groups: the published special moves cover 2, 4 or 6 extra groups", extra)
	}
	T, S := tables, tables+extra
	special := S - extra/2 + 1 // the round of the special move, 1-based
	// pos[e] is the table (1-based) of EW pair T+e+1 in the current round.
	pos := make([]int, T)
	m := New(2*T, T, S, S)
	for r := 1; r <= S; r++ {
		for e := range pos {
			n := e + 1 // the EW pair's number within the EW field
			switch {
			case r == 1:
				pos[e] = n
			case r == special:
				pos[e] = T + 2 - extra/2 - n
				if pos[e] < 1 {
					pos[e] += T
				}
			default:
				pos[e] = pos[e]%T + 1
			}
			t := pos[e]
			m.Schedule[r-1][t-1] = Table{NS: t, EW: T + n, Group: mod(t+r-2, S)}
		}
	}
	return m, nil
}

// RoverMitchell returns the standard Mitchell for T tables with one extra
// pair, the rover, as pair 2T+1 (the rover or replacement Mitchell, for
// T½ tables). The rover sits out round 1, then takes the NS seat at table 2
// in round 2 and moves up two tables each round; the NS pair it displaces
// sits out that round. The rover then meets a new EW pair and a new board
// group every round when T is prime to 2 and 3 (the manuals say "a prime
// number of tables", 5 or more); other T are refused.
func RoverMitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("rover mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 5 || tables%2 == 0 || tables%3 == 0 {
		return nil, fmt.Errorf("rover mitchell: %d tables: a rover Mitchell needs an odd number of tables, 5 or more, not a multiple of 3", tables)
	}
	T := tables
	m, err := Mitchell(T)
	if err != nil {
		return nil, err
	}
	m.Pairs = 2*T + 1
	for r := 2; r <= T; r++ {
		t := mod(2*(r-1)-1, T) + 1 // table 2 in round 2, then two up
		m.Schedule[r-1][t-1].NS = 2*T + 1
	}
	return m, nil
}

// AppendixMitchell returns the 1½-table appendix Mitchell on a base of B
// tables (for B+1½ tables): a Mitchell on tables 1..B (the skip version for
// an even B, skipping after round B/2) with table B+1 appended beside table
// 1, sharing its boards, and a half table: the pairs move as in a Mitchell
// of B+2 positions (tables 1..B+1 and a bye), EW one position up each round,
// from the bye to table 1; the boards move as in the base Mitchell. NS pairs
// are 1..B+1, EW pairs B+2..2B+3, the last of them starting on the bye. The
// movement has B rounds, every EW pair sits out one round, and every pair
// plays each board group at most once.
func AppendixMitchell(base int) (*Movement, error) {
	if base < 3 || base > MaxTables-2 {
		return nil, fmt.Errorf("appendix mitchell: base of %d tables: the base needs 3 tables or more", base)
	}
	B := base
	T := B + 1   // tables in play
	pos := B + 2 // positions of the EW circuit, the bye last
	m := New(2*B+3, T, B, B)
	for r := 1; r <= B; r++ {
		skip := 0
		if B%2 == 0 && r > B/2 {
			skip = 1
		}
		for e := 1; e <= pos; e++ {
			p := mod(e-1+r-1+skip, pos) + 1 // EW pair e's position
			if p == pos {
				continue // on the bye
			}
			g := mod(p+r-2, B)
			if p == T {
				g = mod(r-1, B) // shares with table 1
			}
			m.Schedule[r-1][p-1] = Table{NS: p, EW: T + e, Group: g}
		}
	}
	return m, nil
}

// HesitationMitchell returns the hesitation Mitchell for an odd number of
// tables T: T+1 rounds and T+1 board groups, one group on each table and one
// on a relay between tables (T-1)/2 and (T+1)/2. NS pairs 1..T-1 stay; the
// T+1 moving pairs (T, the NS pair of table T in round 1, and the EW pairs
// T+1..2T) move one position up each round along EW at tables 1..T, then NS
// at table T (the hesitation table), then EW at table 1 again; the boards
// move one station down through the relay. The moving pairs play both
// directions, so the field is one; the manuals add arrow switches in the
// last round or two at every table but T (switch=, except=).
func HesitationMitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("hesitation mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 3 || tables%2 == 0 {
		return nil, fmt.Errorf("hesitation mitchell: %d tables: a hesitation Mitchell needs an odd number of tables, 3 or more", tables)
	}
	T, S := tables, tables+1
	h := (T - 1) / 2
	station := func(t int) int { // board station of table t; the relay is station h
		if t <= h {
			return t - 1
		}
		return t
	}
	m := New(2*T, T, S, S)
	for r := 1; r <= S; r++ {
		for t := 1; t <= T; t++ {
			m.Schedule[r-1][t-1] = Table{NS: t, Group: mod(station(t)+r-1, S)}
		}
		// Moving pair j (0..T) starts at position j: positions 0..T-1 are
		// EW at tables 1..T, position T is NS at table T.
		// Pair T+j starts at position j-1 (pair T at position T).
		for j := 0; j <= T; j++ {
			pair, q := T+j, mod(j-1+r-1, S)
			if q == T {
				m.Schedule[r-1][T-1].NS = pair
			} else {
				m.Schedule[r-1][q].EW = pair
			}
		}
	}
	return m, nil
}

// StayMitchell returns the Mitchell for an odd number of tables T in which
// the boards stay and both lines of pairs move (seed 004, "Mitchell and
// variants"): after each round the NS pairs go up one table and the EW pairs
// go down one table, cyclically, while every table keeps its board group. NS
// pairs are 1..T, EW pairs T+1..2T; in round 1 NS pair t and EW pair T+t sit
// at table t, which plays group t-1 in every round. An NS and an EW pair
// close in on each other by two tables a round, so with T odd they meet
// exactly once in T rounds; with T even they would meet twice, which is why
// the family takes odd numbers of tables only.
//
// The NBB's Scheveningen movements for an odd number of tables (the movement
// library's N092, N094, N096 and N098, for 3, 5, 7 and 9 tables) are this
// movement with NS pair t numbered 2t-1 and EW pair T+t numbered 2t.
func StayMitchell(tables int) (*Movement, error) {
	if tables > MaxTables {
		return nil, fmt.Errorf("stay mitchell: %d tables: more than the %d tables the engine handles", tables, MaxTables)
	}
	if tables < 3 || tables%2 == 0 {
		return nil, fmt.Errorf("stay mitchell: %d tables: a Mitchell with stationary boards needs an odd number of tables, 3 or more", tables)
	}
	T := tables
	m := New(2*T, T, T, T)
	for r := 1; r <= T; r++ {
		for t := 1; t <= T; t++ {
			m.Schedule[r-1][t-1] = Table{NS: 1 + mod(t-r, T), EW: T + 1 + mod(t+r-2, T), Group: t - 1}
		}
	}
	return m, nil
}
