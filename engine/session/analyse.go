package session

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/scoring"
)

// Settings controls Analyse. The zero value identifies the scoring method
// from the file, rounds at 0.1 in the Neuberg comparison unless the file
// rounds otherwise, and draws 20 000 numberings with seed 0 in the luck model
// when there are more than a million to enumerate.
type Settings struct {
	// Step is the rounding step of the Neuberg comparison; zero means the
	// file's own step when it rounds each board, else 0.1.
	Step float64
	// Samples is the number of random numberings of the luck model when
	// they are too many to enumerate (more than MaxEnumerate); zero means
	// DefaultSamples.
	Samples int64
	// Seed seeds the luck model's sampling.
	Seed uint64
	// NoLuck skips the luck model (the slowest part).
	NoLuck bool
}

// DefaultSamples is the number of numberings the luck model draws when
// Settings.Samples is zero.
const DefaultSamples = 20_000

// MaxEnumerate is the most numberings the luck model enumerates; above it
// it samples.
const MaxEnumerate = 1_000_000

// Analysis is everything Analyse finds; its json tags are the contract of
// `bridgereport score FILE --json` for results files.
type Analysis struct {
	Event  string `json:"event,omitempty"`
	Date   string `json:"date,omitempty"`
	Format string `json:"format"`
	// Club, FileMovement, FileTop and FileAverage are what the file's
	// header states (ACBLscore's reports and game files, Scorer's XML).
	Club         string  `json:"club,omitempty"`
	FileMovement string  `json:"file_movement,omitempty"`
	FileTop      float64 `json:"file_top,omitempty"`
	FileAverage  float64 `json:"file_average,omitempty"`
	// Warnings are the file's own mistakes, each with its file and line: a
	// score that does not follow from its contract, a contract that is not
	// one, a value the format does not allow. Only the first ten
	// (scoring.ShownPerKind) of each kind are listed; WarningCounts counts
	// every one by kind.
	Warnings      []scoring.Warning   `json:"warnings"`
	WarningCounts []scoring.KindCount `json:"warning_counts"`
	// Pairs are the pairs with the file's percentage and the recomputed
	// one, in rank order within each ranking group.
	Pairs []Pair `json:"pairs"`
	// Method names the scoring method identified, in words; MethodDetail
	// gives it in parts with how much of the file it reproduces.
	Method       string `json:"method"`
	MethodDetail Method `json:"method_detail"`
	// Disagreements lists the figures of the file that the identified
	// method does not reproduce: the first ten (scoring.ShownPerKind) of
	// each kind; DisagreementCounts counts every one by kind.
	Disagreements      []Disagreement      `json:"disagreements"`
	DisagreementCounts []scoring.KindCount `json:"disagreement_counts"`
	// Neuberg compares per-board rounding, total rounding, no rounding and
	// no Neuberg at all.
	Neuberg NeubergResult `json:"neuberg"`
	// Movement is the movement played, one per section as played; when
	// sections are matchpointed across the field, a last entry (Scope
	// "across") measures the union as one field.
	Movement []FieldMovement `json:"movement"`
	// Luck is the Bussemaker model run on each field's movement.
	Luck []FieldLuck `json:"luck"`
	// Instant are instant-matchpoint tables from the session's frequencies.
	Instant []InstantBoard `json:"instant"`
	// Notes say what could not be done and why.
	Notes []string `json:"notes,omitempty"`
	// PairBoards holds each pair's matchpoints and top on every board it
	// played under the identified method, for analyses over boards (a
	// bootstrap, a season); keyed like scoring.Session's pairs.
	PairBoards map[scoring.PairKey][]BoardMP `json:"-"`
}

// BoardMP is a pair's score on one board: its matchpoints out of Top.
type BoardMP struct {
	Board   int
	MP, Top float64
	// NS is true when the pair sat NS on the board.
	NS bool
}

// Key is the pair's key in PairBoards.
func (p Pair) Key() scoring.PairKey {
	return scoring.PairKey{Section: p.Section, Dir: p.Direction, Number: p.Pair}
}

// pairBoards lists every pair's boards under the candidate, by board.
func (c *candidate) pairBoards() map[scoring.PairKey][]BoardMP {
	out := map[scoring.PairKey][]BoardMP{}
	for _, f := range c.fields {
		for _, b := range f.boards {
			for _, l := range b.lines {
				mp, top := c.mp[l], c.top[l]
				out[l.NSKey()] = append(out[l.NSKey()], BoardMP{b.number, mp[0], top, true})
				out[l.EWKey()] = append(out[l.EWKey()], BoardMP{b.number, mp[1], top, false})
			}
		}
	}
	return out
}

// Pair is one pair's result.
type Pair struct {
	Pair    int    `json:"pair"`
	Section string `json:"section"`
	// Label is how the pair is written: A12, Sect1 12, 3 NS.
	Label string `json:"label"`
	// Direction is set when the file numbers each direction from 1, so
	// that NS 1 and EW 1 are two pairs.
	Direction string   `json:"direction,omitempty"`
	Names     []string `json:"names"`
	// Seats is where the travellers put the pair: NS, EW or both.
	Seats string `json:"seats"`
	// Group is the ranking group: the field's sections and, when the
	// field has two winners, the direction ("NS", "A+B EW"); "all" for a
	// single field with one winner.
	Group  string `json:"group"`
	Boards int    `json:"boards"`
	// PercentFile, TotalFile and PlaceFile are the file's figures as it
	// prints them (nil or "" when it gives none).
	PercentFile *float64 `json:"percent_file"`
	TotalFile   *float64 `json:"total_file,omitempty"`
	PlaceFile   string   `json:"place_file,omitempty"`
	// Total, Top and Percent are recomputed under the identified method.
	Total   float64 `json:"total"`
	Top     float64 `json:"top"`
	Percent float64 `json:"percent"`
	Rank    int     `json:"rank"`
	// Strat, StratRanks and Masterpoints are the file's stratum, ranks in
	// each stratum and masterpoint awards (ACBLscore's), read and shown,
	// never recomputed; HandicapFile the handicap the file applies.
	Strat        string              `json:"strat,omitempty"`
	StratRanks   []scoring.StratRank `json:"strat_ranks,omitempty"`
	Masterpoints []scoring.Award     `json:"masterpoints,omitempty"`
	HandicapFile *float64            `json:"handicap_file,omitempty"`
}

// Method is a scoring method in parts.
type Method struct {
	// Across is true when the sections are matchpointed as one field.
	Across bool `json:"across_sections"`
	// Scale is the matchpoint scale: "acbl" (1 a result beaten, ½ a tie:
	// ACBLscore's, whose factoring is Neuberg on this scale) when the
	// file's matchpoints are on it; absent for the 2-a-beat scale.
	Scale scoring.Scale `json:"scale,omitempty"`
	// Neuberg is true when boards with fewer results (or artificial
	// scores) are scaled to the full top; false means each board is scored
	// on its own, reduced top.
	Neuberg bool `json:"neuberg"`
	// OwnTop, with Neuberg, scales to the board's own number of results
	// (artificial scores included) rather than the field's most: only
	// artificial scores are Neuberg-adjusted, a board played fewer times
	// keeps its smaller top.
	OwnTop bool `json:"neuberg_to_own_top"`
	// BoardStep is the per-board rounding (0: none); TotalStep the rounding
	// of each pair's total (0: none).
	BoardStep float64 `json:"board_step"`
	TotalStep float64 `json:"total_step"`
	// MeanPercent is true when a pair's percentage is the mean of its
	// board percentages rather than its total over its top (they differ
	// when boards have different tops).
	MeanPercent bool `json:"mean_of_board_percentages"`
	// FactoredTotal is true when the file's total of a pair that played
	// fewer boards is scaled up to the field's boards (ACBLscore's
	// factored score); the percentage is the same either way.
	FactoredTotal bool `json:"totals_factored,omitempty"`
	// Adjusted is the number of board-fields scaled by Neuberg (played
	// fewer times than the most, or with an artificial score).
	Adjusted int `json:"boards_adjusted"`
	// LinesChecked are the traveller lines with the file's matchpoints,
	// LinesReproduced those the method reproduces; likewise for pairs'
	// percentages.
	LinesChecked    int `json:"lines_checked"`
	LinesReproduced int `json:"lines_reproduced"`
	PairsChecked    int `json:"pairs_checked"`
	PairsReproduced int `json:"pairs_reproduced"`
}

// Name says the method in words.
func (m Method) Name() string {
	var w []string
	if m.Scale == scoring.ScaleACBL {
		w = append(w, "ACBL matchpoints (1 a result beaten)")
	}
	switch {
	case m.Adjusted == 0:
		w = append(w, "plain matchpoints (every board played equally often)")
	case m.Neuberg && m.OwnTop && m.BoardStep > 0:
		w = append(w, fmt.Sprintf("Neuberg for artificial scores only (each board on the top of its own results), rounded per board to %s", fmtStep(m.BoardStep)))
	case m.Neuberg && m.OwnTop:
		w = append(w, "Neuberg for artificial scores only (each board on the top of its own results)")
	case m.Neuberg && m.BoardStep > 0:
		w = append(w, fmt.Sprintf("Neuberg, rounded per board to %s", fmtStep(m.BoardStep)))
	case m.Neuberg:
		w = append(w, "Neuberg, not rounded per board")
	default:
		w = append(w, "no Neuberg: each board on its own (reduced) top")
	}
	if m.TotalStep > 0 {
		w = append(w, fmt.Sprintf("totals rounded to %s", fmtStep(m.TotalStep)))
	}
	if m.MeanPercent {
		w = append(w, "percentages the mean of the board percentages")
	}
	if m.FactoredTotal {
		w = append(w, "totals of pairs with fewer boards factored up to the field's")
	}
	if m.Across {
		w = append(w, "sections matchpointed across the field")
	}
	return strings.Join(w, "; ")
}

func fmtStep(s float64) string { return fmt.Sprint(s) }

// Disagreement is one figure of the file that the method does not give.
type Disagreement struct {
	// Kind is "matchpoints", "percent", "total" or "place".
	Kind string `json:"kind"`
	// Where is "board N" for a board's matchpoints, "session total" for a
	// pair's percentage, total or place (Board is then 0).
	Where   string `json:"where"`
	Section string `json:"section,omitempty"`
	Board   int    `json:"board,omitempty"`
	Pair    int    `json:"pair,omitempty"`
	// Label is the pair as written (A12, Sect1 12).
	Label string `json:"label"`
	// Direction qualifies Pair in a file numbered by direction.
	Direction string `json:"direction,omitempty"`
	NS        int    `json:"ns,omitempty"`
	EW        int    `json:"ew,omitempty"`
	// File is the figure as the file prints it, Ours the recomputed one
	// and OursText that printed with the file's decimals.
	File     string  `json:"file"`
	Ours     float64 `json:"ours"`
	OursText string  `json:"ours_text"`
	Line     int     `json:"line,omitempty"`
	// Record is where a binary file holds the figure ("offset 0x1a2c"),
	// when it is not a text file with lines.
	Record string `json:"record,omitempty"`
}

// decimalsOf is the number of decimals a figure is written with.
func decimalsOf(text string) int {
	t := strings.TrimSuffix(strings.TrimSpace(text), "%")
	if i := strings.IndexAny(t, ".,"); i >= 0 {
		return len(t) - i - 1
	}
	return 0
}

// withDecimals prints x as a figure written like text is.
func withDecimals(x float64, text string) string {
	return strconv.FormatFloat(x, 'f', min(decimalsOf(text), 8), 64)
}

// Analyse runs every analysis of the package on a session.
func Analyse(ctx context.Context, s *scoring.Session, set Settings) (*Analysis, error) {
	if s == nil || len(s.Boards) == 0 {
		return nil, errors.New("session: no boards")
	}
	a := &Analysis{Event: s.Event, Date: s.Date, Format: s.Format, Club: s.Club, FileMovement: s.Movement, FileTop: s.Top, FileAverage: s.Average, Disagreements: []Disagreement{}, Warnings: slices.Clone(s.Warnings), WarningCounts: s.WarningTally.Counts()}
	if a.Warnings == nil {
		a.Warnings = []scoring.Warning{}
	}
	best, err := identify(ctx, s)
	if err != nil {
		return nil, err
	}
	a.MethodDetail = best.method
	a.Method = best.method.Name()
	a.Pairs, a.Disagreements, a.DisagreementCounts = best.report(s)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a.PairBoards = best.pairBoards()
	a.Neuberg = neubergResult(s, best, set)
	// The movement as played is measured per section; across the field,
	// the union's figure follows, labelled.
	if best.method.Across {
		for _, f := range makeFields(s, false) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			fm, _, err := reconstruct(ctx, f)
			if err != nil {
				return nil, err
			}
			fm.Scope = "section"
			fm.Label = movementLabel(fm)
			a.Movement = append(a.Movement, fm)
		}
	}
	for _, f := range best.fields {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fm, m, err := reconstruct(ctx, f)
		if err != nil {
			return nil, err
		}
		switch {
		case best.method.Across:
			fm.Scope = "across"
		case len(f.sections) == 1 && f.sections[0] == "":
			fm.Scope = "session"
		default:
			fm.Scope = "section"
		}
		fm.Label = movementLabel(fm)
		a.Movement = append(a.Movement, fm)
		if set.NoLuck {
			continue
		}
		fl, err := fieldLuck(ctx, f, m, best, set)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			a.Notes = append(a.Notes, fmt.Sprintf("luck model, field %s: %v", f.label(), err))
			continue
		}
		a.Luck = append(a.Luck, *fl)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	a.Instant, a.Notes = instantBoards(best.fields, a.Notes)
	return a, nil
}

// movementLabel says what a movement's figures measure.
func movementLabel(fm FieldMovement) string {
	switch fm.Scope {
	case "across":
		return "sections " + fm.Section + " matchpointed across the field, measured as one field"
	case "section":
		return "section " + fm.Section + " as played"
	}
	return "the session as played"
}

// field is a set of pairs matchpointed against each other: a section, or
// every section when the session is scored across the field.
type field struct {
	sections []string
	pairs    []scoring.PairKey // sorted
	boards   []fieldBoard      // by number
	expected int               // the most lines of any board
	// twoWinners is true when every pair sat one way all session, so the
	// field is ranked by direction.
	twoWinners bool
	seats      map[scoring.PairKey]string
	names      map[scoring.PairKey][]string
}

type fieldBoard struct {
	number int
	lines  []*scoring.TravellerLine
}

func (f *field) label() string {
	if len(f.sections) == 1 && f.sections[0] == "" {
		return "the session"
	}
	return strings.Join(f.sections, "+")
}

// makeFields splits the session into fields.
func makeFields(s *scoring.Session, across bool) []*field {
	names := map[scoring.PairKey][]string{}
	for _, p := range s.Pairs {
		names[p.Key()] = p.Names
	}
	bySec := map[string]*field{}
	var order []string
	get := func(sec string) *field {
		if across {
			sec = "*"
		}
		f := bySec[sec]
		if f == nil {
			f = &field{seats: map[scoring.PairKey]string{}, names: names}
			bySec[sec] = f
			order = append(order, sec)
		}
		return f
	}
	for bi := range s.Boards {
		b := &s.Boards[bi]
		for li := range b.Lines {
			l := &b.Lines[li]
			f := get(l.Section)
			if !slices.Contains(f.sections, l.Section) {
				f.sections = append(f.sections, l.Section)
			}
			if n := len(f.boards); n == 0 || f.boards[n-1].number != b.Number {
				f.boards = append(f.boards, fieldBoard{number: b.Number})
			}
			fb := &f.boards[len(f.boards)-1]
			fb.lines = append(fb.lines, l)
			for _, side := range []struct {
				k    scoring.PairKey
				seat string
			}{{l.NSKey(), "NS"}, {l.EWKey(), "EW"}} {
				switch f.seats[side.k] {
				case "":
					f.seats[side.k] = side.seat
					f.pairs = append(f.pairs, side.k)
				case side.seat:
				default:
					f.seats[side.k] = "both"
				}
			}
		}
	}
	var out []*field
	for _, sec := range order {
		f := bySec[sec]
		slices.Sort(f.sections)
		slices.SortFunc(f.pairs, func(a, b scoring.PairKey) int {
			return cmp.Or(cmp.Compare(a.Section, b.Section), cmp.Compare(a.Number, b.Number))
		})
		f.twoWinners = true
		for _, seat := range f.seats {
			f.twoWinners = f.twoWinners && seat != "both"
		}
		for _, b := range f.boards {
			f.expected = max(f.expected, len(b.lines))
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *field) int { return cmp.Compare(a.sections[0], b.sections[0]) })
	return out
}

// candidate is a method tried on the session, with its results.
type candidate struct {
	method Method
	fields []*field
	// mp holds each line's NS and EW matchpoints under the method (rounded
	// per board when it rounds), and top the top each side's score is out
	// of.
	mp  map[*scoring.TravellerLine][2]float64
	top map[*scoring.TravellerLine]float64
	// pairs holds each pair's total, top and boards.
	pairs map[scoring.PairKey]*pairTotal
	// fieldOf maps a pair to its field.
	fieldOf map[scoring.PairKey]*field
	// mostBoards is the most boards a pair of the field played.
	mostBoards map[*field]int
}

type pairTotal struct {
	total, top float64
	pctSum     float64 // the sum of the board percentages
	boards     int
}

// score matchpoints the session under a method: per board and field, the
// played results are compared among themselves; with Neuberg they are
// scaled to the field's most results and an artificial score is its
// percentage of that full top; without, each board keeps its own top of
// the played results and artificial scores take their percentage of it.
func score(s *scoring.Session, m Method) *candidate {
	c := &candidate{method: m, fields: makeFields(s, m.Across),
		mp: map[*scoring.TravellerLine][2]float64{}, top: map[*scoring.TravellerLine]float64{},
		pairs: map[scoring.PairKey]*pairTotal{}, fieldOf: map[scoring.PairKey]*field{}, mostBoards: map[*field]int{}}
	c.method.Adjusted = 0
	add := func(k scoring.PairKey, mp, top float64) {
		t := c.pairs[k]
		if t == nil {
			t = &pairTotal{}
			c.pairs[k] = t
		}
		t.total += mp
		t.top += top
		if top > 0 {
			t.pctSum += 100 * mp / top
		} else {
			t.pctSum += 50 // a board with no comparison is average
		}
		t.boards++
	}
	round := func(x float64) float64 {
		if m.BoardStep > 0 {
			return scoring.RoundTo(x, m.BoardStep)
		}
		return x
	}
	scale := m.Scale
	if scale == scoring.ScaleDefault {
		scale = scoring.ScaleWBF
	}
	for _, f := range c.fields {
		for _, k := range f.pairs {
			c.fieldOf[k] = f
		}
		for _, b := range f.boards {
			var played []int
			var idx []int
			for i, l := range b.lines {
				if l.Artificial == nil {
					played = append(played, l.Score)
					idx = append(idx, i)
				}
			}
			raw := make([]float64, len(played))
			scoring.Matchpoints(raw, played, scale)
			k := len(played)
			expected := f.expected
			if m.OwnTop {
				expected = len(b.lines)
			}
			top := scale.Top(k)
			if m.Neuberg {
				top = scale.Top(expected)
			}
			if k != expected || k != len(b.lines) {
				c.method.Adjusted++
			}
			for j, i := range idx {
				l := b.lines[i]
				ns, ew := raw[j], scale.Top(k)-raw[j]
				if m.Neuberg && k != expected {
					ns = scoring.Neuberg(ns, k, expected, scale)
					ew = scoring.Neuberg(ew, k, expected, scale)
				}
				c.mp[l] = [2]float64{round(ns), round(ew)}
			}
			for _, l := range b.lines {
				if a := l.Artificial; a != nil {
					c.mp[l] = [2]float64{round(a.NS * top / 100), round(a.EW * top / 100)}
				}
				c.top[l] = top
				add(l.NSKey(), c.mp[l][0], top)
				add(l.EWKey(), c.mp[l][1], top)
			}
		}
	}
	for k, t := range c.pairs {
		f := c.fieldOf[k]
		c.mostBoards[f] = max(c.mostBoards[f], t.boards)
	}
	return c
}

// percent is a pair's percentage under the candidate, with the total
// rounded to step (0: not rounded).
func (c *candidate) percent(k scoring.PairKey, step float64) (total, pct float64) {
	t := c.pairs[k]
	if t == nil || t.top == 0 {
		return 0, 0
	}
	total, top := t.total, t.top
	if most := c.mostBoards[c.fieldOf[k]]; c.method.FactoredTotal && t.boards < most {
		f := float64(most) / float64(t.boards)
		total, top = total*f, top*f
	}
	if step > 0 {
		total = scoring.RoundTo(total, step)
	}
	if c.method.MeanPercent {
		return total, t.pctSum / float64(t.boards)
	}
	return total, 100 * total / top
}

// mpTolerance is how far a recomputed figure may be from one the file
// prints with the given decimals.
func mpTolerance(decimals int) float64 { return 0.5*math.Pow(10, -float64(decimals)) + 1e-9 }

// percentTolerance also absorbs the float32 noise of files that print eight
// decimals of a single-precision number.
func percentTolerance(text string, x float64) float64 {
	d := 0
	if i := strings.IndexAny(text, ".,"); i >= 0 {
		d = len(strings.TrimSuffix(strings.TrimSpace(text), "%")) - i - 1
	}
	return mpTolerance(d) + 1e-6*math.Abs(x)
}

// identify tries every method and keeps the one that reproduces most of
// the file's matchpoints, then most of its percentages; ties go to the
// simpler method (the order of the loops).
func identify(ctx context.Context, s *scoring.Session) (*candidate, error) {
	sections := map[string]bool{}
	decimals := 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			sections[l.Section] = true
			if l.HasMP {
				decimals = max(decimals, l.MPDecimals)
			}
		}
	}
	tol := mpTolerance(decimals)
	acrossOptions := []bool{false}
	if len(sections) > 1 {
		acrossOptions = append(acrossOptions, true)
	}
	var best *candidate
	bestKey := [3]int{-1, -1, -1}
	scale := fileScale(s)
	for _, across := range acrossOptions {
		for _, scaling := range []Method{{Neuberg: true}, {Neuberg: true, OwnTop: true}, {}} {
			for _, step := range []float64{0, 0.1, 0.01} {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				c := score(s, Method{Across: across, Scale: scale, Neuberg: scaling.Neuberg, OwnTop: scaling.OwnTop, BoardStep: step})
				exact := 0
				for _, b := range s.Boards {
					for i := range b.Lines {
						l := &b.Lines[i]
						if !l.HasMP {
							continue
						}
						c.method.LinesChecked++
						mp := c.mp[l]
						if math.Abs(mp[0]-l.NSMP) <= tol && math.Abs(mp[1]-l.EWMP) <= tol {
							c.method.LinesReproduced++
						}
						if math.Abs(mp[0]-l.NSMP) <= 1e-6 && math.Abs(mp[1]-l.EWMP) <= 1e-6 {
							exact++
						}
					}
				}
				c.chooseTotalStep(s)
				// Within the printed precision first, then to the digit
				// (an unrounded 2.25 is within 0.05 of a printed 2.3, a
				// per-board rounding gives 2.3 itself), then percentages.
				key := [3]int{c.method.LinesReproduced, exact, c.method.PairsReproduced}
				if slices.Compare(key[:], bestKey[:]) > 0 {
					best, bestKey = c, key
				}
			}
		}
	}
	if best == nil {
		return nil, errors.New("session: nothing to score")
	}
	return best, nil
}

// fileScale is the matchpoint scale of the file: the one its format
// states, else the one whose top the file's matchpoints add up to on most
// boards (k results: k−1 on the ACBL scale, 2(k−1) on the WBF's, or the
// field's most results with Neuberg); ScaleDefault (the WBF's) when the
// file prints none. It is ScaleDefault rather than ScaleWBF so that the
// method of a file on the usual scale reads as before.
func fileScale(s *scoring.Session) scoring.Scale {
	if s.Scale == scoring.ScaleACBL {
		return s.Scale
	}
	type bk struct {
		section string
		board   int
	}
	count, most := map[bk]int{}, map[string]int{}
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			count[bk{l.Section, b.Number}]++
		}
	}
	for k, n := range count {
		most[k.section] = max(most[k.section], n)
	}
	acbl, wbf := 0, 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if !l.HasMP || l.Artificial != nil {
				continue
			}
			sum := l.NSMP + l.EWMP
			for _, n := range []int{count[bk{l.Section, b.Number}], most[l.Section], len(b.Lines)} {
				switch {
				case n > 1 && math.Abs(sum-float64(n-1)) < 0.02:
					acbl++
				case n > 1 && math.Abs(sum-float64(2*(n-1))) < 0.02:
					wbf++
				}
			}
		}
	}
	if acbl > wbf {
		return scoring.ScaleACBL
	}
	return scoring.ScaleDefault
}

// chooseTotalStep picks the rounding of totals that reproduces most of the
// file's totals (or percentages, when it prints no totals), and counts
// the percentages reproduced.
func (c *candidate) chooseTotalStep(s *scoring.Session) {
	bestStep, bestMean, bestN := 0.0, false, -1
	bestFactored := false
	for _, try := range []struct {
		step           float64
		mean, factored bool
	}{{0, false, false}, {0.1, false, false}, {0.01, false, false}, {0, true, false}, {0, false, true}, {0.01, false, true}} {
		step := try.step
		c.method.MeanPercent, c.method.FactoredTotal = try.mean, try.factored
		n := 0
		for _, p := range s.Pairs {
			total, pct := c.percent(p.Key(), step)
			switch {
			case p.HasTotal && math.Abs(total-p.Total) <= 1e-6+1e-9*math.Abs(total):
				n += 2
			case p.HasTotal && step == 0 && math.Abs(total-p.Total) <= 0.005:
				n += 2
			}
			if p.HasPercent && math.Abs(pct-p.Percent) <= percentTolerance(p.PercentText, p.Percent) {
				n++
			}
		}
		if n > bestN {
			bestStep, bestMean, bestFactored, bestN = step, try.mean, try.factored, n
		}
	}
	c.method.MeanPercent, c.method.FactoredTotal = bestMean, bestFactored
	c.method.PairsChecked, c.method.PairsReproduced = 0, 0
	for _, p := range s.Pairs {
		if _, played := c.pairs[p.Key()]; !p.HasPercent || !played {
			continue
		}
		c.method.PairsChecked++
		if _, pct := c.percent(p.Key(), bestStep); math.Abs(pct-p.Percent) <= percentTolerance(p.PercentText, p.Percent) {
			c.method.PairsReproduced++
		}
	}
	c.method.TotalStep = bestStep
}

// group is the ranking group of a pair: its field and, when the field has
// two winners, its direction.
func (c *candidate) group(k scoring.PairKey) string {
	f := c.fieldOf[k]
	if f == nil {
		return ""
	}
	g := strings.Join(f.sections, "+")
	if f.twoWinners {
		g = strings.TrimSpace(g + " " + f.seats[k])
	}
	if g == "" {
		g = "all"
	}
	return g
}

// rank ranks pairs by value within their groups, highest first; values
// within 1e-6 share a rank: a pair's rank is one more than the number of
// values above its own by more than 1e-6, found by binary search in the
// group's sorted values (a congress has thousands of pairs in one group).
func rank(keys []scoring.PairKey, group func(scoring.PairKey) string, value func(scoring.PairKey) float64) map[scoring.PairKey]int {
	byGroup := map[string][]float64{}
	vals := make(map[scoring.PairKey]float64, len(keys))
	for _, k := range keys {
		v := value(k)
		vals[k] = v
		byGroup[group(k)] = append(byGroup[group(k)], v)
	}
	for _, vs := range byGroup {
		slices.Sort(vs)
	}
	out := make(map[scoring.PairKey]int, len(keys))
	for _, k := range keys {
		vs := byGroup[group(k)]
		// Values above v+1e-6 are those after the last one ≤ v+1e-6.
		at, _ := slices.BinarySearchFunc(vs, vals[k]+1e-6, func(x, t float64) int {
			if x <= t {
				return -1
			}
			return 1
		})
		out[k] = 1 + len(vs) - at
	}
	return out
}

// report lists the pairs and the disagreements with the file: the first
// few of each kind, and the count of every kind.
func (c *candidate) report(s *scoring.Session) ([]Pair, []Disagreement, []scoring.KindCount) {
	dis := []Disagreement{}
	var tally scoring.Tally
	disagree := func(d Disagreement) {
		if tally.Add(d.Kind) {
			dis = append(dis, d)
		}
	}
	decimals := 0
	for _, b := range s.Boards {
		for _, l := range b.Lines {
			if l.HasMP {
				decimals = max(decimals, l.MPDecimals)
			}
		}
	}
	tol := mpTolerance(decimals)
	for _, b := range s.Boards {
		for i := range b.Lines {
			l := &b.Lines[i]
			if !l.HasMP {
				continue
			}
			mp := c.mp[l]
			for side, file := range []float64{l.NSMP, l.EWMP} {
				if math.Abs(mp[side]-file) > tol {
					text := [2]string{l.NSMPText, l.EWMPText}[side]
					if text == "" {
						text = trimFloat(file)
					}
					d := Disagreement{Kind: "matchpoints", Where: fmt.Sprintf("board %d", b.Number), Section: l.Section, Board: b.Number, NS: l.NS, EW: l.EW,
						File: text, Ours: mp[side], OursText: withDecimals(mp[side], text), Line: l.Line, Record: l.Record}
					if side == 0 {
						d.Pair, d.Direction = l.NS, l.NSKey().Dir
					} else {
						d.Pair, d.Direction = l.EW, l.EWKey().Dir
					}
					d.Label = scoring.PairLabel(d.Section, d.Pair, d.Direction)
					disagree(d)
				}
			}
		}
	}
	var keys []scoring.PairKey
	info := map[scoring.PairKey]scoring.SessionPair{}
	for _, p := range s.Pairs {
		if _, played := c.pairs[p.Key()]; played {
			keys = append(keys, p.Key())
			info[p.Key()] = p
		}
	}
	pct := func(k scoring.PairKey) float64 { _, p := c.percent(k, c.method.TotalStep); return p }
	ranks := rank(keys, c.group, pct)
	var pairs []Pair
	for _, k := range keys {
		sp := info[k]
		total, p := c.percent(k, c.method.TotalStep)
		t := c.pairs[k]
		f := c.fieldOf[k]
		label := k.String()
		pr := Pair{Pair: k.Number, Section: k.Section, Label: label, Direction: k.Dir, Names: sp.Names, Seats: f.seats[k], Group: c.group(k),
			Boards: t.boards, Total: total, Top: t.top, Percent: p, Rank: ranks[k], PlaceFile: sp.Place}
		if pr.Names == nil {
			pr.Names = []string{}
		}
		pr.Strat, pr.StratRanks, pr.Masterpoints = sp.Strat, sp.StratRanks, sp.Awards
		if sp.HasHandicap {
			h := sp.Handicap
			pr.HandicapFile = &h
		}
		if sp.HasPercent {
			v := sp.Percent
			pr.PercentFile = &v
			if math.Abs(p-v) > percentTolerance(sp.PercentText, v) {
				disagree(Disagreement{Kind: "percent", Where: "session total", Section: k.Section, Pair: k.Number, Label: label, Direction: k.Dir,
					File: sp.PercentText, Ours: p, OursText: withDecimals(p, sp.PercentText), Line: sp.Line, Record: sp.Record})
			}
		}
		if sp.HasTotal {
			v := sp.Total
			pr.TotalFile = &v
			if math.Abs(total-v) > 0.005+1e-9 {
				text := sp.TotalText
				if text == "" {
					text = trimFloat(v)
				}
				disagree(Disagreement{Kind: "total", Where: "session total", Section: k.Section, Pair: k.Number, Label: label, Direction: k.Dir,
					File: text, Ours: total, OursText: withDecimals(total, text), Line: sp.Line, Record: sp.Record})
			}
		}
		if place := leadingNumber(sp.Place); place != "" && place != fmt.Sprint(pr.Rank) {
			disagree(Disagreement{Kind: "place", Where: "session total", Section: k.Section, Pair: k.Number, Label: label, Direction: k.Dir,
				File: sp.Place, Ours: float64(pr.Rank), OursText: fmt.Sprint(pr.Rank), Line: sp.Line, Record: sp.Record})
		}
		pairs = append(pairs, pr)
	}
	slices.SortStableFunc(pairs, func(a, b Pair) int {
		return cmp.Or(compareGroups(a.Group, b.Group), cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.Section, b.Section), cmp.Compare(a.Pair, b.Pair))
	})
	return pairs, dis, tally.Counts()
}

func trimFloat(x float64) string { return fmt.Sprint(x) }

// compareGroups orders ranking groups by field, then NS before EW (the
// order a scorer prints them in), which plain string order reverses.
func compareGroups(a, b string) int {
	split := func(g string) (string, int) {
		switch {
		case g == "NS" || strings.HasSuffix(g, " NS"):
			return strings.TrimSuffix(g, "NS"), 0
		case g == "EW" || strings.HasSuffix(g, " EW"):
			return strings.TrimSuffix(g, "EW"), 1
		}
		return g, 0
	}
	ga, da := split(a)
	gb, db := split(b)
	return cmp.Or(cmp.Compare(ga, gb), cmp.Compare(da, db))
}

// leadingNumber is the place a file prints, without its tie marks: "8"
// of "8=", "8-9", "8T".
func leadingNumber(s string) string {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
