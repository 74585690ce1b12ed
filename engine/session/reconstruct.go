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
	// Reading says what the figures measure: the movement as set, by board
	// groups, every board of a group counted at every table of the group
	// even where a table missed it. QfBoards is the Qf of the boards as
	// played, each board on its own with the tables that played it (equal
	// to Qf when every board was played at every table of its group).
	Reading  string  `json:"reading"`
	QfBoards float64 `json:"qf_board_by_board"`
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
	// Board groups: boards played by the same tables (the same two pairs
	// meeting). A table that missed a board of its group (it ran out of
	// time, the board was fouled) leaves the group whole: the movement is
	// what was set, and the missing plays are noted.
	fileRounds := true
	for _, b := range f.boards {
		for _, l := range b.lines {
			fileRounds = fileRounds && l.Round > 0
		}
	}
	groups := boardGroups(f.boards, index)
	for _, g := range groups {
		fm.BoardGroups = append(fm.BoardGroups, g.boards)
		fm.Warnings = append(fm.Warnings, g.notes...)
	}
	// Meetings: the tables of each group, merged per pair of pairs (and
	// per round when the file gives rounds).
	type mkey struct{ a, b, round int }
	meets := map[mkey]*rounds.Meeting{}
	var order []mkey
	for g, grp := range groups {
		for _, t := range grp.tables {
			k := mkey{min(t.ns, t.ew), max(t.ns, t.ew), 0}
			if fileRounds {
				k.round = t.round
			}
			m := meets[k]
			if m == nil {
				m = &rounds.Meeting{A: k.a, B: k.b, Round: k.round, Table: t.table}
				meets[k] = m
				order = append(order, k)
			}
			m.Entries = append(m.Entries, movement.Table{NS: t.ns, EW: t.ew, Group: g})
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
	fm.QfBoards, fm.Reading = fm.Qf, "by board groups: every board of a group was played at every table of the group"
	if missed := missedPlays(groups, f.boards); missed > 0 {
		fm.QfBoards = boardByBoard(f.boards, index, ms, mv).Qf
		fm.Reading = fmt.Sprintf("by board groups as set: the %d play(s) a table missed count as played (board by board, as played, Qf is %.2f)", missed, fm.QfBoards)
	}
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

// missedPlays counts the boards a table of their group did not play.
func missedPlays(groups []boardGroup, boards []fieldBoard) int {
	played := map[int]int{}
	for _, b := range boards {
		played[b.number] = len(b.lines)
	}
	n := 0
	for _, g := range groups {
		for _, b := range g.boards {
			n += len(g.tables) - played[b]
		}
	}
	return n
}

// boardByBoard is the balance of the boards as played: each board its own
// group, at the tables that played it, in the rounds of its meetings.
func boardByBoard(boards []fieldBoard, index map[scoring.PairKey]int, ms []*rounds.Meeting, mv *movement.Movement) *movement.Balance {
	round := map[meetingKey]int{}
	for _, m := range ms {
		round[meetingKey{m.A, m.B}] = m.Round
	}
	byBoard := movement.New(mv.Pairs, 0, mv.Rounds, len(boards))
	for g, b := range boards {
		for _, l := range b.lines {
			ns, ew := index[l.NSKey()], index[l.EWKey()]
			r := round[meetingOf(ns, ew)]
			if l.Round > 0 && mv.Rounds >= l.Round {
				r = l.Round
			}
			if r < 1 {
				continue
			}
			byBoard.Schedule[r-1] = append(byBoard.Schedule[r-1], movement.Table{NS: ns, EW: ew, Group: g})
		}
	}
	for _, row := range byBoard.Schedule {
		byBoard.Tables = max(byBoard.Tables, len(row))
	}
	return movement.ComputeBalance(byBoard)
}
