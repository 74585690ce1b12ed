package session

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/movement/rounds"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// FieldMovement is the movement a field played, reconstructed from its
// travellers, with its balance (DOMAIN.md §2).
type FieldMovement struct {
	// Section names the field: a section, or sections joined by "+" when
	// they were matchpointed as one field ("" for a session without
	// sections).
	Section string `json:"section"`
	// Scope says what the figures measure: "session" (no sections),
	// "section" (one section as played) or "across" (sections
	// matchpointed as one field, measured as their union: a second figure
	// beside each section's own).
	Scope string `json:"scope"`
	// Label says it in words.
	Label string `json:"label"`
	// PairNumbers[i] is the file's pair that is pair i+1 of the movement.
	PairNumbers []string `json:"pair_numbers"`
	// BoardGroups[g] lists the boards of group g: boards played by the
	// same tables (the same NS and EW pairs).
	BoardGroups [][]int `json:"board_groups"`
	Pairs       int     `json:"pairs"`
	Tables      int     `json:"tables"`
	Rounds      int     `json:"rounds"`
	// RoundsFrom says where the rounds come from: "file" when every line
	// gives its round, else "reconstructed": an assignment of the meetings
	// to rounds in which no pair sits twice, one of possibly many, which
	// the balance does not depend on.
	RoundsFrom string `json:"rounds_from"`
	// ASC is the movement in the .ASC format: Analyse leaves it empty (the
	// engine writes no file format) and the caller that prints the result
	// writes Played there (engine/formats/asc).
	ASC string `json:"asc"`
	// Balance: Qf, Qf1av (pooled over every absent pair), Qo, and whether
	// every board group was played equally often (else the figures use each
	// group's own h, which the theory does not define).
	Qf      float64 `json:"qf"`
	Qf1Av   float64 `json:"qf1_av"`
	Qo      float64 `json:"qo"`
	Uniform bool    `json:"uniform"`
	// Matrix is the score matrix, pairs in the order of PairNumbers; null
	// for a field of more than 100 pairs (maxMatrixPairs), whose matrix
	// nobody reads and whose size grows with the square of the field.
	Matrix [][]int `json:"matrix"`
	// Warnings are movement.Check's findings and reconstruction notes.
	Warnings []string `json:"warnings,omitempty"`
	// Played is the reconstructed movement itself, for callers that draw
	// or analyse it further; pair i+1 is PairNumbers[i].
	Played *movement.Movement `json:"-"`
}

// maxVacancyPairs is the largest field whose Qf1av is computed.
const maxVacancyPairs = 200

// maxMatrixPairs is the largest field whose score matrix is given.
const maxMatrixPairs = 100

// reconstruct builds the movement of a field from its travellers.
func reconstruct(ctx context.Context, f *field) (FieldMovement, *movement.Movement, error) {
	fm := FieldMovement{Section: strings.Join(f.sections, "+"), Pairs: len(f.pairs)}
	index := map[scoring.PairKey]int{}
	for i, k := range f.pairs {
		index[k] = i + 1
		fm.PairNumbers = append(fm.PairNumbers, k.String())
	}
	// Board groups: boards with the same set of (NS, EW) tables. A board
	// played at only some of the tables of a group (a table ran out of
	// time, a board was fouled and not replayed) belongs to that group:
	// the movement is what was set, the missing plays are noted.
	type tableSet struct {
		boards []int
		tabs   []string
		lines  []*scoring.TravellerLine
	}
	fileRounds := true
	var sets []tableSet
	for _, b := range f.boards {
		ts := tableSet{boards: []int{b.number}, lines: b.lines}
		for _, l := range b.lines {
			ts.tabs = append(ts.tabs, fmt.Sprintf("%d-%d", index[l.NSKey()], index[l.EWKey()]))
			fileRounds = fileRounds && l.Round > 0
		}
		slices.Sort(ts.tabs)
		sets = append(sets, ts)
	}
	bySize := slices.Clone(sets)
	slices.SortStableFunc(bySize, func(a, b tableSet) int { return cmp.Compare(len(b.tabs), len(a.tabs)) })
	var groups []tableSet
	for _, ts := range bySize {
		joined := false
		for g := range groups {
			if subset(ts.tabs, groups[g].tabs) {
				groups[g].boards = append(groups[g].boards, ts.boards[0])
				if len(ts.tabs) < len(groups[g].tabs) {
					fm.Warnings = append(fm.Warnings, fmt.Sprintf("board %d was played at %d of the %d tables of its board group (the group of board %d); the movement counts it as set",
						ts.boards[0], len(ts.tabs), len(groups[g].tabs), groups[g].boards[0]))
				}
				joined = true
				break
			}
		}
		if !joined {
			groups = append(groups, ts)
		}
	}
	for g := range groups {
		slices.Sort(groups[g].boards)
	}
	slices.SortFunc(groups, func(a, b tableSet) int { return cmp.Compare(a.boards[0], b.boards[0]) })
	for _, g := range groups {
		fm.BoardGroups = append(fm.BoardGroups, g.boards)
	}
	// Meetings: the tables of each group, merged per pair of pairs (and
	// per round when the file gives rounds).
	type mkey struct{ a, b, round int }
	meets := map[mkey]*rounds.Meeting{}
	var order []mkey
	for g, grp := range groups {
		for _, l := range grp.lines {
			ns, ew := index[l.NSKey()], index[l.EWKey()]
			k := mkey{min(ns, ew), max(ns, ew), 0}
			if fileRounds {
				k.round = l.Round
			}
			m := meets[k]
			if m == nil {
				m = &rounds.Meeting{A: k.a, B: k.b, Round: k.round, Table: l.Table}
				meets[k] = m
				order = append(order, k)
			}
			m.Entries = append(m.Entries, movement.Table{NS: ns, EW: ew, Group: g})
		}
	}
	ms := make([]*rounds.Meeting, len(order))
	for i, k := range order {
		ms[i] = meets[k]
	}
	if fileRounds {
		fm.RoundsFrom = "file"
	} else {
		fm.RoundsFrom = "reconstructed"
		if err := rounds.Assign(ctx, ms, len(f.pairs)); err != nil {
			return fm, nil, err
		}
	}
	lastRound := 0
	for _, m := range ms {
		lastRound = max(lastRound, m.Round)
	}
	byRound := make([][]movement.Table, lastRound)
	slices.SortStableFunc(ms, func(x, y *rounds.Meeting) int {
		return cmp.Or(cmp.Compare(x.Round, y.Round), cmp.Compare(x.Table, y.Table))
	})
	for _, m := range ms {
		byRound[m.Round-1] = append(byRound[m.Round-1], m.Entries...)
	}
	tables := 0
	for _, row := range byRound {
		tables = max(tables, len(row))
	}
	mv := movement.New(len(f.pairs), tables, lastRound, len(fm.BoardGroups))
	mv.NumericGroups = len(fm.BoardGroups) > 26
	for r, row := range byRound {
		copy(mv.Schedule[r], row)
	}
	fm.Tables, fm.Rounds, fm.Played = tables, lastRound, mv
	errs, warns := mv.Check()
	for _, e := range errs {
		fm.Warnings = append(fm.Warnings, "error: "+e.String())
	}
	for _, w := range warns {
		fm.Warnings = append(fm.Warnings, w.String())
	}
	bal := movement.ComputeBalance(mv)
	fm.Qf, fm.Qo, fm.Uniform = bal.Qf, bal.Qo, bal.Uniform
	if !bal.Uniform {
		fm.Warnings = append(fm.Warnings, "board groups were played unequal numbers of times: the balance uses each group's own h, which the theory does not define")
	}
	// Qf1av recomputes the balance once per absent pair (cubic in the
	// pairs): a congress's union across sections is left without it.
	if len(f.pairs) <= maxVacancyPairs {
		if v, err := movement.ComputeVacancyContext(ctx, mv); err == nil {
			fm.Qf1Av = v.Av
		} else if ctx.Err() != nil {
			return fm, nil, ctx.Err()
		}
	} else {
		fm.Warnings = append(fm.Warnings, fmt.Sprintf("Qf1av is not computed for a field of %d pairs (more than %d): each section's own figure is given", len(f.pairs), maxVacancyPairs))
	}
	P := len(f.pairs)
	if P > maxMatrixPairs {
		fm.Warnings = append(fm.Warnings, fmt.Sprintf("the score matrix is not given for a field of %d pairs (more than %d)", P, maxMatrixPairs))
		return fm, mv, nil
	}
	fm.Matrix = make([][]int, P)
	for p := range P {
		fm.Matrix[p] = make([]int, P)
		for q := range P {
			fm.Matrix[p][q] = bal.At(p+1, q+1)
		}
	}
	return fm, mv, nil
}

// subset reports whether every element of sorted a is in sorted b.
func subset(a, b []string) bool {
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i == len(b) || b[i] != x {
			return false
		}
		i++
	}
	return true
}
