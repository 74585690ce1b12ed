package catalogue

import "github.com/bridgereport/bridgereport/engine/movement"

// Deal is what the director deals for a movement at some boards a round,
// beside what each pair plays: a curtailed Mitchell of 20 tables played for
// 12 rounds of 2 boards has each pair play 24 boards, but its 20 board sets
// need 40 boards dealt.
type Deal struct {
	// PerRound is the boards a round (0: none within the bounds).
	PerRound int
	// Sets is the board sets (groups) the movement plays, PerSet the
	// boards in a set (PerRound over the sets a table plays in a round),
	// Copies the copies of each set the room needs (tables playing one
	// set in one round).
	Sets, PerSet, Copies int
	// Boards is the boards to deal: Sets × PerSet × Copies.
	Boards int
	// Played is the boards a pair plays that never sits out, Least those
	// of the pair that sits out most, Most those of the pair that sits
	// out least (Played when some pair never sits out); AtLeast pairs play
	// Least boards and Fewer pairs fewer than Most.
	Played, Least, Most int
	AtLeast, Fewer      int
	// Parts are the deals of each section with its own boards.
	Parts []Deal
}

// DealOf is the deal of m at perRound boards a round, its tables playing
// groupsPerRound sets a round (movement.PlayingTables); f is m's facts.
// Sections with their own boards deal each its own sets, at its own boards
// a set (a section of split tables has sets of half the boards): PerSet is
// then 0 when the sections' sets differ, and Parts has each section's deal.
func DealOf(m *movement.Movement, f movement.Facts, groupsPerRound, perRound int) Deal {
	if perRound <= 0 {
		return Deal{}
	}
	if len(m.Sections) > 0 && !m.SharedBoards {
		d := Deal{PerRound: perRound}
		d.played(m, f, perRound)
		for i, sec := range m.SplitSections() {
			_, split := movement.PlayingTables(sec)
			part := DealOf(sec, movement.Describe(sec), split, perRound)
			d.Parts = append(d.Parts, part)
			d.Sets += part.Sets
			d.Boards += part.Boards
			d.Copies = max(d.Copies, part.Copies)
			if i == 0 || part.PerSet == d.PerSet {
				d.PerSet = part.PerSet
			} else {
				d.PerSet = 0
			}
		}
		return d
	}
	d := Deal{PerRound: perRound, PerSet: perRound / max(groupsPerRound, 1), Copies: max(f.Copies, 1)}
	played := make([]bool, m.Groups)
	for _, row := range m.Schedule {
		for _, t := range row {
			if !t.Empty() && !played[t.Group] {
				played[t.Group] = true
				d.Sets++
			}
		}
	}
	d.Boards = d.Sets * d.PerSet * d.Copies
	d.played(m, f, perRound)
	return d
}

// played works out the boards each pair plays, from the rounds it sits
// out (f.SitOuts): a pair plays perRound boards a round it is seated, two
// sets of a split table included.
func (d *Deal) played(m *movement.Movement, f movement.Facts, perRound int) {
	d.Played = m.Rounds * perRound
	d.Least, d.Most = (m.Rounds-f.MaxSitOuts)*perRound, 0
	for _, out := range f.SitOuts {
		d.Most = max(d.Most, (m.Rounds-out)*perRound)
	}
	for _, out := range f.SitOuts {
		if b := (m.Rounds - out) * perRound; b == d.Least {
			d.AtLeast++
		}
		if b := (m.Rounds - out) * perRound; b < d.Most {
			d.Fewer++
		}
	}
}
