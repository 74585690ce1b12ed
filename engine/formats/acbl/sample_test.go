package acbl

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// An invented club session written as ACBLscore would print it, with
// its figures computed by a small oracle of the test's own (ACBL
// matchpoints: one a result beaten, a half a tie; a board played fewer
// times factored by (mp + ½)·E/A − ½; AVE+ 60 % of the top, AVE 50 %,
// AVE- 40 %), independent of engine/session, which the tests check
// against it.

type sampleLine struct {
	section string
	board   int
	ns, ew  int
	score   int
	art     string // "AVE+", "AVE", "AVE-" for NS ("" when played)
	ewArt   string
	round   int
	table   int
	nsMP    float64
	ewMP    float64
}

type samplePair struct {
	section, dir string
	number       int
	names        []string
	ids          []string
	strength     float64 // how much better than average it plays, in draws of the menu
	total        float64
	top          float64
	boards       int
	pct          float64
	rank         string
}

type sampleSession struct {
	event, club, date string
	lines             []*sampleLine
	pairs             []*samplePair
	boards            map[string]int // boards per section
}

type sectionPlan struct {
	name   string
	tables int // odd: a plain Mitchell
	perRnd int // boards a round
}

var firstNames = []string{"Ada", "Basil", "Cora", "Dmitri", "Edith", "Fergus", "Greta", "Hollis", "Ines", "Jasper", "Kveta", "Lionel", "Marisol", "Nils", "Oona", "Pavel", "Quincy", "Rosalind", "Saoirse", "Tobias", "Ulla", "Viggo", "Wanda", "Xavier", "Yusuf", "Zelda"}
var lastNames = []string{"Abernathy", "Brookfield", "Castellanos", "Dunmore", "Eberhardt", "Fairweather", "Gallagher", "Holloway", "Ishikawa", "Jovanović", "Kowalczyk", "Lindqvist", "Montague", "Nakamura", "Okonkwo", "Pemberton", "Quayle", "Rasmussen", "Sørensen", "Thibodeaux", "Ueda", "Valentin", "Whitcombe", "Yardley", "Zamora", "Éclair"}

// scoreMenu is what a board can produce, by the kind of board it is.
var scoreMenu = [][]int{
	{420, 420, 450, 170, -50, 140},
	{-110, -140, 50, 100, -110, -620},
	{110, 140, -100, 110, 200, 90},
	{620, 650, 170, -100, 620, 680},
	{-420, -450, -170, 50, 100, -420},
	{1430, 680, 1460, 680, -100, 710},
	{0, 0, 90, -50, 110, 0}, // often passed out
}

// makeSample plays a Mitchell per section with random results, a few
// artificial scores, and (when notPlayed) a board one table did not play.
func makeSample(seed uint64, plans []sectionPlan, artificials int, notPlayed bool) *sampleSession {
	return makeSampleOf(seed, plans, artificials, notPlayed, nil)
}

// makeSampleOf is makeSample with each pair's strength, which tilts its
// results (nil: every pair alike).
func makeSampleOf(seed uint64, plans []sectionPlan, artificials int, notPlayed bool, strength func(section, dir string, n int) float64) *sampleSession {
	rng := rand.New(rand.NewPCG(seed, 41))
	s := &sampleSession{event: "Tuesday Evening Pairs", club: "Maple Grove Bridge Club", date: "March 4, 2025", boards: map[string]int{}}
	used := map[string]bool{}
	name := func() string {
		for {
			n := firstNames[rng.IntN(len(firstNames))] + " " + lastNames[rng.IntN(len(lastNames))]
			if !used[n] {
				used[n] = true
				return n
			}
		}
	}
	for _, pl := range plans {
		T := pl.tables
		boards := T * pl.perRnd
		s.boards[pl.name] = boards
		for _, dir := range []string{"NS", "EW"} {
			for n := 1; n <= T; n++ {
				s.pairs = append(s.pairs, &samplePair{section: pl.name, dir: dir, number: n, names: []string{name(), name()}})
			}
		}
		kind := make([]int, boards+1)
		for b := 1; b <= boards; b++ {
			kind[b] = rng.IntN(len(scoreMenu))
		}
		for r := 0; r < T; r++ {
			for t := 0; t < T; t++ {
				ew := ((t-r)%T+T)%T + 1
				g := (t + r) % T
				for k := 0; k < pl.perRnd; k++ {
					b := g*pl.perRnd + k + 1
					menu := slices.Clone(scoreMenu[kind[b]])
					slices.Sort(menu)
					edge := 0.0
					if strength != nil {
						edge = strength(pl.name, "NS", t+1) - strength(pl.name, "EW", ew)
					}
					u := min(max(rng.Float64()+edge, 0), 0.999)
					sc := menu[int(u*float64(len(menu)))]
					s.lines = append(s.lines, &sampleLine{section: pl.name, board: b, ns: t + 1, ew: ew, score: sc, round: r + 1, table: t + 1})
				}
			}
		}
	}
	for i := 0; i < artificials; i++ {
		l := s.lines[rng.IntN(len(s.lines))]
		switch i % 3 {
		case 0:
			l.art, l.ewArt = "AVE+", "AVE-"
		case 1:
			l.art, l.ewArt = "AVE", "AVE"
		default:
			l.art, l.ewArt = "AVE-", "AVE+"
		}
	}
	if notPlayed {
		i := rng.IntN(len(s.lines))
		s.lines = slices.Delete(s.lines, i, i+1)
	}
	s.score()
	return s
}

// phantom makes pair n of a direction a phantom: its opponents sit out
// the rounds they would have played it; the figures are scored again.
func (s *sampleSession) phantom(sec, dir string, n int) {
	var keep []*sampleLine
	for _, l := range s.lines {
		if l.section == sec && (dir == "NS" && l.ns == n || dir == "EW" && l.ew == n) {
			continue
		}
		keep = append(keep, l)
	}
	s.lines = keep
	var pairs []*samplePair
	for _, p := range s.pairs {
		if p.section == sec && p.dir == dir && p.number == n {
			continue
		}
		p.total, p.top, p.boards = 0, 0, 0
		pairs = append(pairs, p)
	}
	s.pairs = pairs
	s.score()
}

func (s *sampleSession) artificials() int {
	n := 0
	for _, l := range s.lines {
		if l.art != "" {
			n++
		}
	}
	return n
}

// artPct is an artificial score's share of the top.
func artPct(a string) float64 {
	switch a {
	case "AVE+":
		return 0.6
	case "AVE-":
		return 0.4
	}
	return 0.5
}

// score is the test's oracle: ACBL matchpoints, factored when a board
// has fewer results than the section's most, percentages over the
// boards each pair played, two decimals.
func (s *sampleSession) score() {
	type bk struct {
		section string
		board   int
	}
	byBoard := map[bk][]*sampleLine{}
	most := map[string]int{}
	for _, l := range s.lines {
		k := bk{l.section, l.board}
		byBoard[k] = append(byBoard[k], l)
		most[l.section] = max(most[l.section], len(byBoard[k]))
	}
	for k, ls := range byBoard {
		E := most[k.section]
		top := float64(E - 1)
		var played []*sampleLine
		for _, l := range ls {
			if l.art == "" {
				played = append(played, l)
			}
		}
		A := len(played)
		for _, l := range ls {
			if l.art != "" {
				l.nsMP, l.ewMP = round2(artPct(l.art)*top), round2(artPct(l.ewArt)*top)
				continue
			}
			mp := 0.0
			for _, o := range played {
				switch {
				case o == l:
				case l.score > o.score:
					mp++
				case l.score == o.score:
					mp += 0.5
				}
			}
			ew := float64(A-1) - mp
			if A != E {
				mp = (mp+0.5)*float64(E)/float64(A) - 0.5
				ew = (ew+0.5)*float64(E)/float64(A) - 0.5
			}
			l.nsMP, l.ewMP = round2(mp), round2(ew)
		}
		for _, l := range ls {
			for _, p := range s.pairs {
				if p.section != l.section {
					continue
				}
				if p.dir == "NS" && p.number == l.ns {
					p.total += l.nsMP
					p.top += top
					p.boards++
				}
				if p.dir == "EW" && p.number == l.ew {
					p.total += l.ewMP
					p.top += top
					p.boards++
				}
			}
		}
	}
	for _, p := range s.pairs {
		p.pct = round2(100 * p.total / p.top)
	}
	// Ranks within section and direction, ties sharing "2/3".
	for _, p := range s.pairs {
		above, same := 0, 0
		for _, q := range s.pairs {
			if q.section == p.section && q.dir == p.dir {
				switch {
				case q.pct > p.pct:
					above++
				case q.pct == p.pct:
					same++
				}
			}
		}
		p.rank = fmt.Sprint(above + 1)
		if same > 1 {
			p.rank = fmt.Sprintf("%d/%d", above+1, above+same)
		}
	}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// header is the top of the report.
func (s *sampleSession) header() string {
	return fmt.Sprintf("%35s\n%-40s%s\n%35s\n\n", s.event, "          "+s.club, "Tuesday Eve Session", s.date)
}

// rankings prints each section's rankings, NS then EW.
func (s *sampleSession) rankings() string {
	var b strings.Builder
	for _, sec := range s.sections() {
		for _, dir := range []string{"NS", "EW"} {
			words := map[string]string{"NS": "North-South", "EW": "East-West"}[dir]
			boards := s.boards[sec]
			fmt.Fprintf(&b, "Scores after %d boards  Average: %7.1f      Section  %s  %s\n", boards, float64(boards)*s.topOf(sec)/2, sec, words)
			b.WriteString("Pair    Pct   Score   Section   Rank  MPs\n")
			b.WriteString("                       A   B   C\n")
			var ps []*samplePair
			for _, p := range s.pairs {
				if p.section == sec && p.dir == dir {
					ps = append(ps, p)
				}
			}
			slices.SortStableFunc(ps, func(x, y *samplePair) int {
				if x.pct != y.pct {
					if x.pct > y.pct {
						return -1
					}
					return 1
				}
				return x.number - y.number
			})
			for i, p := range ps {
				award := ""
				if i < 2 {
					award = fmt.Sprintf("%.2f(A)", 1.2-0.4*float64(i))
				}
				fmt.Fprintf(&b, "%3d  %6.2f %7.2f  %-5s       %-9s %s\n", p.number, p.pct, p.total, p.rank, award, strings.Join(p.names, " - "))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (s *sampleSession) sections() []string {
	var out []string
	for _, p := range s.pairs {
		if !slices.Contains(out, p.section) {
			out = append(out, p.section)
		}
	}
	return out
}

func (s *sampleSession) topOf(sec string) float64 {
	most := map[int]int{}
	m := 0
	for _, l := range s.lines {
		if l.section == sec {
			most[l.board]++
			m = max(m, most[l.board])
		}
	}
	return float64(m - 1)
}

func (s *sampleSession) pair(sec, dir string, n int) *samplePair {
	for _, p := range s.pairs {
		if p.section == sec && p.dir == dir && p.number == n {
			return p
		}
	}
	return nil
}

func surnames(p *samplePair) string {
	var out []string
	for _, n := range p.names {
		f := strings.Fields(n)
		out = append(out, f[len(f)-1])
	}
	return strings.Join(out, "-")
}

// travellers prints "RESULTS OF BOARD n" for every board of every
// section, the pairs prefixed by their section when there are several.
func (s *sampleSession) travellers() string {
	var b strings.Builder
	multi := len(s.sections()) > 1
	for _, sec := range s.sections() {
		for bd := 1; bd <= s.boards[sec]; bd++ {
			if multi {
				fmt.Fprintf(&b, "%35s%d   Section %s\n\n", "RESULTS OF BOARD ", bd, sec)
			} else {
				fmt.Fprintf(&b, "%35s%d\n\n", "RESULTS OF BOARD ", bd)
			}
			b.WriteString("        Scores          Matchpoints        Names\n")
			b.WriteString("     N-S     E-W       N-S     E-W\n")
			for _, l := range s.lines {
				if l.section != sec || l.board != bd {
					continue
				}
				ns, ew := "", ""
				switch {
				case l.art != "":
					ns, ew = l.art, l.ewArt
				case l.score == 0:
					ns = "PASS"
				case l.score > 0:
					ns = fmt.Sprint(l.score)
				default:
					ew = fmt.Sprint(-l.score)
				}
				prefix := ""
				if multi {
					prefix = sec
				}
				fmt.Fprintf(&b, "  %6s  %6s    %6.2f  %6.2f    %s%d-%s vs %s%d-%s\n", ns, ew, l.nsMP, l.ewMP,
					prefix, l.ns, surnames(s.pair(sec, "NS", l.ns)), prefix, l.ew, surnames(s.pair(sec, "EW", l.ew)))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// recaps prints a recap per pair, its boards across: Board, Vs, Score
// (the pair's own), MPs.
func (s *sampleSession) recaps() string {
	var b strings.Builder
	for _, sec := range s.sections() {
		for _, dir := range []string{"NS", "EW"} {
			fmt.Fprintf(&b, "                 PAIR RECAP   Section %s   %s\n\n", sec, map[string]string{"NS": "North-South", "EW": "East-West"}[dir])
			for _, p := range s.pairs {
				if p.section != sec || p.dir != dir {
					continue
				}
				fmt.Fprintf(&b, "Pair %d  %s   %s\n", p.number, map[string]string{"NS": "N-S", "EW": "E-W"}[dir], strings.Join(p.names, " - "))
				var bds, vs, sc, mp []string
				for _, l := range s.lines {
					if l.section != sec || (dir == "NS" && l.ns != p.number) || (dir == "EW" && l.ew != p.number) {
						continue
					}
					bds = append(bds, fmt.Sprint(l.board))
					opp, score, m, art := l.ew, l.score, l.nsMP, l.art
					if dir == "EW" {
						opp, score, m, art = l.ns, -l.score, l.ewMP, l.ewArt
					}
					vs = append(vs, fmt.Sprint(opp))
					switch {
					case art != "":
						sc = append(sc, art)
					case score == 0:
						sc = append(sc, "PASS")
					default:
						sc = append(sc, fmt.Sprint(score))
					}
					mp = append(mp, fmt.Sprintf("%.2f", m))
				}
				row := func(label string, cells []string) {
					fmt.Fprintf(&b, "  %-6s", label)
					for _, c := range cells {
						fmt.Fprintf(&b, "%7s", c)
					}
					b.WriteString("\n")
				}
				row("Board", bds)
				row("Vs", vs)
				row("Score", sc)
				row("MPs", mp)
				b.WriteString("\n")
			}
		}
	}
	return b.String()
}
