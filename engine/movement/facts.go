package movement

// Facts describe a movement the way a tournament director weighs it: how
// many tables and rounds, who stays put, how many copies of the boards are
// needed, who sits out, how many winners, and how much of the field each
// pair meets.
type Facts struct {
	Pairs, Tables, Rounds, Groups int
	// Stationary lists the pairs that sit at the same table in every round
	// they play (their direction may change), in increasing order.
	Stationary []int
	// Copies is the most tables that play one board group in one round:
	// 1 needs one set of boards with no sharing, 2 means two tables share a
	// group in some round (two copies of those boards, or sharing).
	Copies int
	// SitOuts[p-1] is the number of rounds pair p is not seated.
	SitOuts []int
	// MaxSitOuts is the largest of SitOuts.
	MaxSitOuts int
	// Fields is the number of separately ranked fields, so the number of
	// winners: pairs are in one field when a chain of comparisons links
	// them, a comparison being two pairs playing the same board group in
	// the same direction at different tables. An unswitched Mitchell has
	// two (NS and EW), an arrow-switched one or a Howell one.
	Fields int
	// Field is the fraction of the other pairs a pair meets, averaged over
	// the pairs that play.
	Field float64
	// MaxMeetings is the most times two pairs meet.
	MaxMeetings int
	// Uniform is true when every board group that is played is played the
	// same number of times (the balance figures are defined).
	Uniform bool
}

// Winners is the number of winners of the movement: 1 or, for a movement
// whose fields are never compared (an unswitched Mitchell), 2 or more.
func (f Facts) Winners() int { return f.Fields }

// BoardsPlayed is the number of boards a pair plays in the rounds it is
// seated, at boardsPerRound boards a round, for the pair that sits out most.
func (f Facts) BoardsPlayed(boardsPerRound int) int {
	return (f.Rounds - f.MaxSitOuts) * boardsPerRound
}

// BoardsNeeded is the number of physical boards to prepare: every board
// group at boardsPerRound boards, in Copies copies.
func (f Facts) BoardsNeeded(boardsPerRound int) int {
	return f.Groups * boardsPerRound * f.Copies
}

// Describe computes the facts of a movement.
func Describe(m *Movement) Facts {
	P := m.Pairs
	f := Facts{Pairs: P, Tables: m.Tables, Rounds: m.Rounds, Groups: m.Groups, SitOuts: make([]int, P)}
	table := make([]int, P) // the table of pair p, 0 before it plays, -1 once it moved
	meet := make([]int, P*P)
	perGroup := make([]int, m.Groups)
	seen := make([]int, m.Groups) // round+1 in which a group was last counted
	inRound := make([]int, m.Groups)
	field := newUnion(P)
	for r, row := range m.Schedule {
		seated := make([]bool, P)
		for ti, t := range row {
			if t.Empty() {
				continue
			}
			g := t.Group
			if seen[g] != r+1 {
				seen[g], inRound[g] = r+1, 0
			}
			inRound[g]++
			f.Copies = max(f.Copies, inRound[g])
			perGroup[g]++
			a, b := t.NS-1, t.EW-1
			meet[a*P+b]++
			meet[b*P+a]++
			for _, p := range []int{a, b} {
				seated[p] = true
				switch table[p] {
				case 0:
					table[p] = ti + 1
				case ti + 1, -1:
				default:
					table[p] = -1
				}
			}
		}
		for p, s := range seated {
			if !s {
				f.SitOuts[p]++
			}
		}
	}
	for p := range P {
		f.MaxSitOuts = max(f.MaxSitOuts, f.SitOuts[p])
		if table[p] > 0 {
			f.Stationary = append(f.Stationary, p+1)
		}
	}
	// Comparisons: the same group in the same direction at different tables.
	playing := 0
	var opponents int
	for p := range P {
		n := 0
		for q := range P {
			if meet[p*P+q] > 0 {
				n++
			}
			f.MaxMeetings = max(f.MaxMeetings, meet[p*P+q])
		}
		if table[p] != 0 {
			playing++
			opponents += n
		}
	}
	if playing > 1 {
		f.Field = float64(opponents) / float64(playing*(P-1))
	}
	for _, plays := range GroupPlays(m) {
		for i := 1; i < len(plays); i++ {
			field.join(plays[0].NS, plays[i].NS)
			field.join(plays[0].EW, plays[i].EW)
		}
	}
	roots := map[int]bool{}
	for p := range P {
		if table[p] != 0 {
			roots[field.find(p)] = true
		}
	}
	f.Fields = len(roots)
	f.Uniform = true
	want := -1
	for _, n := range perGroup {
		if n == 0 {
			continue
		}
		if want == -1 {
			want = n
		}
		f.Uniform = f.Uniform && n == want
	}
	return f
}

// union is a disjoint-set forest over 0..n-1.
type union []int

func newUnion(n int) union {
	u := make(union, n)
	for i := range u {
		u[i] = i
	}
	return u
}

func (u union) find(x int) int {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

func (u union) join(a, b int) { u[u.find(a)] = u.find(b) }
