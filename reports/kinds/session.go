package kinds

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/results"
	"github.com/bridgereport/bridgereport/engine/formats/sessioncsv"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/session"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
)

// SessionCell scores a pairs session: a session file (the CSV
// board,ns,ew,score that the score command reads), or a constructed session
// of named pairs with given scores and anonymous filler results, per board.
// A club's results file (USEBIO, PBN, NZ Scorer's XML, an ACBLscore
// report or game file) is analysed whole: its figures checked, its method
// named, Neuberg's rounding, the movement played with its balance, the
// luck model and instant matchpoints; its Result is then a
// session.Analysis. The score command runs it on a file.
// A scored session's figures are expected and step, and each pair's under
// its name or number: PAIR/rank, mp, top, percent, raw_mp, raw_top,
// raw_percent, boards (the json names of the pair in its Result).
type SessionCell struct {
	cell.Common `yaml:",inline"`
	// File is a session file, relative to the study, instead of Pairs and
	// Boards: a CSV, or a club's results file (USEBIO or Scorer .xml, PBN
	// .pbn, an ACBLscore report .txt or .htm, an ACBLscore game file
	// .ACA), told by its first bytes or its extension, which is analysed
	// whole (session_file.go lists its figures).
	File     string              `yaml:"file"`
	Scale    scoring.Scale       `yaml:"scale"`                     // wbf (default) or acbl
	Round    scoring.RoundPolicy `yaml:"round"`                     // total (default), board or none
	Step     float64             `yaml:"step"`                      // rounding step, default 0.1
	Expected int                 `yaml:"expected" range:"0..10000"` // results a board should have; default the most played
	// Pairs names the pairs under study, in the order they are listed.
	Pairs []string `yaml:"pairs"`
	// Boards with their results: the named pairs' and the field's.
	Boards []SessionBoard `yaml:"boards"`
}

// Session is the session kind.
var Session = register(Kind{Name: "session", New: func() cell.Body { return new(SessionCell) }, Results: []any{&SessionResult{}, &session.Analysis{}}})

// SessionBoard is one board (or a range "3-22" of identical boards).
type SessionBoard struct {
	// Board number.
	Board int `yaml:"board"`
	// Boards gives several board numbers with the same results, such as "2-27".
	Boards string `yaml:"boards"`
	// Results of the named pairs, who sit NS: pair, score (NS), and
	// against, a named pair sitting EW (default an anonymous one).
	Results []struct {
		Pair    string `yaml:"pair"`
		Against string `yaml:"against"`
		Score   int    `yaml:"score"`
	} `yaml:"results"`
	// Field is the anonymous results: [NS score, count] pairs.
	Field [][2]int `yaml:"field"`
}

// SessionResult is a matchpointed session; the score command's --json.
// maxExpected bounds expected: more results of one board than any field
// could have (2,000 pairs scored across the field is 1,000) is a slip,
// not a session.
const maxExpected = 10_000

// Expected, scale, rounding and step are the settings in force.
type SessionResult struct {
	File     string              `json:"file"`
	Expected int                 `json:"expected"`
	Scale    scoring.Scale       `json:"scale"`
	Rounding scoring.RoundPolicy `json:"rounding"`
	Step     float64             `json:"step"`
	Pairs    []SessionPair       `json:"pairs"`
	Boards   []SessionBoardScore `json:"boards"`
}

// SessionPair is a pair's total: mp is the Neuberg-adjusted total under
// the rounding policy, top the full-board top summed over the pair's
// boards; raw_mp, raw_top and raw_percent add up the matchpoints as
// scored. In a constructed session, name is the pair's and rank is among
// the named pairs.
type SessionPair struct {
	scoring.PairScore
	Name string `json:"name,omitempty"`
}

// SessionBoardScore is a board: top is its raw top, full_top the top
// after Neuberg.
type SessionBoardScore struct {
	Board   int           `json:"board"`
	Played  int           `json:"played"`
	Top     float64       `json:"top"`
	FullTop float64       `json:"full_top"`
	Results []SessionLine `json:"results"`
}

// SessionLine is one result of a board with both sides' matchpoints,
// raw and Neuberg-adjusted.
type SessionLine = scoring.ScoredResult

// sessionReaders read a session file into its results, by the file's
// extension (lower case); any other file is read as CSV. A reader of
// another results format plugs in here.
var sessionReaders = map[string]func(name string, r io.Reader) ([]scoring.BoardResult, error){
	".csv": sessioncsv.Read,
}

func (c *SessionCell) Movements() []string { return nil }

func (c *SessionCell) Run(env *cell.Env) (*cell.Output, error) {
	if c.Expected < 0 || c.Expected > maxExpected {
		return nil, fmt.Errorf("expected: %d: want 0 (the most any board has) to %d", c.Expected, maxExpected)
	}
	var data []byte
	if c.File != "" {
		var err error
		if data, err = env.Read(c.File, disk.MaxInputBytes); err != nil {
			return nil, err
		}
		if s, ok, err := results.Read(c.File, data); err != nil {
			return nil, err
		} else if ok {
			return c.runResults(env, s) // a club's results file: cells_session_file.go
		}
		if err := load.CheckTextFile(c.File, data); err != nil {
			return nil, err
		}
	}
	res, err := c.compute(data)
	if err != nil {
		return nil, err
	}
	figs, err := res.figures()
	if err != nil {
		return nil, err
	}
	return c.Output(env, figs, res.blocks(env.ID, c.Caption), res)
}

// compute scores the session: the file's data, read by the reader of its
// format, or the constructed session when the cell has no file.
func (c *SessionCell) compute(data []byte) (*SessionResult, error) {
	set := scoring.SessionSettings{Expected: c.Expected, Scale: c.Scale, Round: c.Round, Step: c.Step}
	if c.File == "" {
		results, err := c.constructed()
		if err != nil {
			return nil, err
		}
		s, err := scoring.ScoreSession(results, set)
		if err != nil {
			return nil, err
		}
		return newSessionResult("", s, c.Pairs), nil
	}
	if len(c.Pairs) > 0 || len(c.Boards) > 0 {
		return nil, fmt.Errorf("file: give the session in a file or as pairs and boards, not both")
	}
	read, ok := sessionReaders[strings.ToLower(filepath.Ext(c.File))]
	if !ok {
		read = sessioncsv.Read
	}
	results, err := read(c.File, bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	s, err := scoring.ScoreSession(results, set)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.File, err)
	}
	return newSessionResult(c.File, s, nil), nil
}

// Filler pairs of a constructed session are numbered from these up.
const fillerNS, fillerEW = 100001, 200001

// constructed lays out the session of named pairs and filler results:
// the named pairs are numbered 1, 2, … in the order of Pairs.
func (c *SessionCell) constructed() ([]scoring.BoardResult, error) {
	if len(c.Pairs) == 0 {
		return nil, fmt.Errorf("pairs: name the pairs under study")
	}
	number := map[string]int{}
	for i, p := range c.Pairs {
		number[p] = i + 1
	}
	var results []scoring.BoardResult
	filler := 0
	for i, b := range c.Boards {
		lo, hi, err := boardRange(b)
		if err != nil {
			return nil, fmt.Errorf("boards: entry %d: %w", i+1, err)
		}
		for board := lo; board <= hi; board++ {
			for _, r := range b.Results {
				p, ok := number[r.Pair]
				if !ok {
					return nil, fmt.Errorf("boards: entry %d: pair %q is not in pairs", i+1, r.Pair)
				}
				ew := fillerEW + filler
				if r.Against != "" {
					if ew, ok = number[r.Against]; !ok || r.Against == r.Pair {
						return nil, fmt.Errorf("boards: entry %d: against %q is not another pair of pairs", i+1, r.Against)
					}
				}
				results = append(results, scoring.BoardResult{Board: board, NS: p, EW: ew, Score: r.Score})
				filler++
			}
			for _, f := range b.Field {
				for range f[1] {
					results = append(results, scoring.BoardResult{Board: board, NS: fillerNS + filler, EW: fillerEW + filler, Score: f[0]})
					filler++
				}
			}
		}
	}
	return results, nil
}

func boardRange(b SessionBoard) (int, int, error) {
	switch {
	case b.Board > 0 && b.Boards == "":
		return b.Board, b.Board, nil
	case b.Board == 0 && b.Boards != "":
		a, z, ok := strings.Cut(b.Boards, "-")
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(z))
		if !ok || err1 != nil || err2 != nil || lo < 1 || hi < lo {
			return 0, 0, fmt.Errorf("boards %q: want a range like 3-22", b.Boards)
		}
		return lo, hi, nil
	}
	return 0, 0, fmt.Errorf("give board (a number) or boards (a range)")
}

// newSessionResult is the result of a scored session. With names, the
// pairs are the named ones (pair i+1 is names[i]), in the order of names
// and ranked among themselves, for the filler pairs play a board or two
// each; without, every pair by rank.
func newSessionResult(file string, s *scoring.SessionScore, names []string) *SessionResult {
	set := s.Settings
	res := &SessionResult{File: file, Expected: set.Expected, Scale: set.Scale, Rounding: set.Round, Step: set.Step}
	pair := func(p scoring.PairScore) SessionPair { return SessionPair{PairScore: p} }
	if names == nil {
		for _, p := range s.Pairs {
			res.Pairs = append(res.Pairs, pair(p))
		}
	}
	for i, name := range names {
		for _, p := range s.Pairs {
			if p.Pair == i+1 {
				sp := pair(p)
				sp.Name = name
				res.Pairs = append(res.Pairs, sp)
			}
		}
	}
	if names != nil {
		rankAmong(res.Pairs)
	}
	for _, b := range s.Boards {
		res.Boards = append(res.Boards, SessionBoardScore{Board: b.Board, Played: len(b.Results), Top: b.Top,
			FullTop: set.Scale.Top(set.Expected), Results: slices.Clip(b.Results)})
	}
	return res
}

// rankAmong ranks pairs among themselves by percent. Percents equal but
// for drift in unrounded sums share a rank, as in the engine's ranking.
func rankAmong(pairs []SessionPair) {
	same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a)) }
	order := make([]int, len(pairs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := pairs[a].Percent, pairs[b].Percent
		switch {
		case same(pa, pb):
			return 0
		case pa > pb:
			return -1
		}
		return 1
	})
	for k, i := range order {
		pairs[i].Rank = k + 1
		if k > 0 && same(pairs[i].Percent, pairs[order[k-1]].Percent) {
			pairs[i].Rank = pairs[order[k-1]].Rank
		}
	}
}

// named says whether the pairs are a constructed session's named pairs.
func (r *SessionResult) named() bool { return len(r.Pairs) > 0 && r.Pairs[0].Name != "" }

// figures are the cell's figures for the checks: the Result's own
// (expected, step, and pairs and boards: how many) and each pair's
// SessionPair under its name or number (A/rank, 1/raw_mp), by json path.
func (r *SessionResult) figures() (map[string]float64, error) {
	figs, err := check.Own(r)
	if err != nil {
		return nil, err
	}
	for _, p := range r.Pairs {
		key := strconv.Itoa(p.Pair)
		if p.Name != "" {
			key = p.Name
		}
		if err := check.AddPaths(figs, key+"/", p); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

// blocks presents the session: the ranking as a table
// (a constructed session's named pairs in the order given, raw figures
// first).
func (r *SessionResult) blocks(id, caption string) []reports.Block {
	settings := fmt.Sprintf("(expected %d results a board, %s scale, rounding %s).", r.Expected, r.Scale, r.Rounding)
	if r.named() {
		t := &reports.Table{ID: id, Caption: cell.Extend(cell.CaptionOr(caption, "Session"), " ", settings),
			Columns: []reports.Column{{Name: "pair"}, {Name: "boards"}, {Name: "raw MP", Decimals: 2}, {Name: "raw top", Decimals: 0}, {Name: "raw %", Decimals: 2},
				{Name: "Neuberg MP", Decimals: 2}, {Name: "full top", Decimals: 0}, {Name: "Neuberg %", Decimals: 2}, {Name: "rank"}}}
		for _, p := range r.Pairs {
			t.Rows = append(t.Rows, []any{p.Name, p.Boards, p.RawMP, p.RawTop, p.RawPercent, p.MP, p.Top, p.Percent, p.Rank})
		}
		return []reports.Block{{Table: t}}
	}
	t := &reports.Table{ID: id, Caption: cell.CaptionOr(caption, "Session "+r.File) + " " + settings,
		Columns: []reports.Column{{Name: "rank"}, {Name: "pair"}, {Name: "boards"}, {Name: "Neuberg MP", Decimals: 2}, {Name: "full top", Decimals: 0},
			{Name: "Neuberg %", Decimals: 2}, {Name: "raw MP", Decimals: 2}, {Name: "raw top", Decimals: 0}, {Name: "raw %", Decimals: 2}}}
	for _, p := range r.Pairs {
		t.Rows = append(t.Rows, []any{p.Rank, p.Pair, p.Boards, p.MP, p.Top, p.Percent, p.RawMP, p.RawTop, p.RawPercent})
	}
	return []reports.Block{{Table: t}}
}
