package kinds

import (
	"fmt"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/scoring"
	"github.com/bridgereport/bridgereport/engine/session"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
)

// A session cell's file (and the score command's FILE) may be a club's
// results file instead of a session CSV: USEBIO XML, PBN, NZ Scorer's XML,
// an ACBLscore report (text or its HTML) or an ACBLscore game file, told
// by the first bytes and the extension (engine/formats/results). Such a file
// is analysed by session.Analyse: its figures recomputed and checked, the
// method identified, Neuberg's rounding measured, the movement played
// reconstructed with its balance, the luck model run on it, and instant
// matchpoints built from the field.

// runResults analyses a results file.
func (c *SessionCell) runResults(env *cell.Env, s *scoring.Session) (*cell.Output, error) {
	if c.Expected != 0 || (c.Scale != scoring.ScaleDefault && c.Scale != scoring.ScaleWBF) {
		return nil, fmt.Errorf("file: %s is a results file, whose scoring method is identified from its own figures: drop expected and scale", c.File)
	}
	a, err := session.Analyse(env.Ctx, s, session.Settings{Step: c.Step})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.File, err)
	}
	for i, mv := range a.Movement {
		a.Movement[i].ASC = ascText(mv.Played)
	}
	blocks := analysisBlocks(env.ID, cell.CaptionOr(c.Caption, "Session "+c.File), a)
	var figs map[string]float64
	if c.Publishes() {
		if figs, err = analysisFigures(a); err != nil {
			return nil, err
		}
	}
	return c.Output(env, figs, blocks, a)
}

// ascText is a movement as played in the .ASC form, which the analyses
// leave to their printers ("" for none).
func ascText(m *movement.Movement) string {
	if m == nil {
		return ""
	}
	return asc.String(m)
}

// pairLabel names a pair in figures and tables: its section and number,
// and its direction in a file that numbers each direction from 1 ("EW3").
// A section whose name ends in a digit is kept apart from the number
// ("Sect1 1", not "Sect11").
func pairLabel(section string, pair int, dir string) string {
	s := section + dir
	if s != "" && s[len(s)-1] >= '0' && s[len(s)-1] <= '9' {
		s += " "
	}
	return s + fmt.Sprint(pair)
}

func fieldLabel(section string) string {
	if section == "" {
		return "session"
	}
	return section
}

// analysisFigures are the figures a study may check against published
// ones: the Analysis's own (disagreements, pairs, …: how many), and its
// parts by json path under their labels: method/… (its MethodDetail),
// <pair>/…, neuberg/… (its own, as rank_changes) and neuberg/<pair>/…,
// movement/<field>/…, luck/<field>/…, luck/<pair>/…, luck/<group>/…,
// instant/<board>/<row>/….
func analysisFigures(a *session.Analysis) (map[string]float64, error) {
	figs, err := check.Own(a)
	if err != nil {
		return nil, err
	}
	type part struct {
		prefix string
		v      any
	}
	parts := []part{{"method/", a.MethodDetail}}
	for _, p := range a.Pairs {
		parts = append(parts, part{pairLabel(p.Section, p.Pair, p.Direction) + "/", p})
	}
	neuberg, err := check.Own(a.Neuberg)
	if err != nil {
		return nil, err
	}
	for k, v := range neuberg {
		figs["neuberg/"+k] = v
	}
	for _, p := range a.Neuberg.Pairs {
		parts = append(parts, part{"neuberg/" + pairLabel(p.Section, p.Pair, p.Direction) + "/", p})
	}
	for _, mv := range a.Movement {
		parts = append(parts, part{"movement/" + fieldLabel(mv.Section) + "/", mv})
	}
	for _, l := range a.Luck {
		own, err := check.Own(l)
		if err != nil {
			return nil, err
		}
		for k, v := range own {
			figs["luck/"+fieldLabel(l.Section)+"/"+k] = v
		}
		for _, p := range l.Pairs {
			parts = append(parts, part{"luck/" + pairLabel(p.Section, p.Pair, p.Direction) + "/", p})
		}
		for _, w := range l.Winners {
			parts = append(parts, part{"luck/" + w.Group + "/", w})
		}
	}
	for _, b := range a.Instant {
		for _, r := range b.Rows {
			parts = append(parts, part{fmt.Sprintf("instant/%d/%s/", b.Board, r.Label), r})
		}
	}
	for _, p := range parts {
		if err := check.AddPaths(figs, p.prefix, p.v); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

func fileFigure(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// analysisBlocks presents an analysis in a study: the ranking with the
// file's and the recomputed percentages, the method and disagreements,
// Neuberg's rounding, each field's movement (balance, heat map, .ASC),
// the luck model (table and chart) and the instant-matchpoint tables.
func analysisBlocks(id, caption string, a *session.Analysis) []reports.Block {
	m := a.MethodDetail
	var blocks []reports.Block
	disagreements := countTotal(a.DisagreementCounts)
	// Plain text, not Markdown: the terminal printed the method between
	// asterisks.
	blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: fmt.Sprintf("Method identified: %s. It reproduces %d of the file's %d %s and %d of its %d %s; %d %s.",
		a.Method, m.LinesReproduced, m.LinesChecked, plural(m.LinesChecked, "traveller line", "traveller lines"),
		m.PairsReproduced, m.PairsChecked, plural(m.PairsChecked, "percentage", "percentages"), disagreements, plural(disagreements, "disagreement", "disagreements"))}})
	pairs := &reports.Table{ID: id, Caption: caption + ": the ranking, the file's percentage beside the recomputed one.",
		Columns: []reports.Column{{Name: "group"}, {Name: "rank"}, {Name: "pair"}, {Name: "names"}, {Name: "seats"}, {Name: "boards"},
			{Name: "file %", Decimals: 2}, {Name: "percent", Decimals: 2}, {Name: "file place"}}}
	// The file's strats, strat ranks and masterpoints (ACBLscore's) and
	// handicaps (Scorer's), when it gives any: shown as read.
	awards, handicaps := false, false
	for _, p := range a.Pairs {
		awards = awards || p.Strat != "" || len(p.StratRanks) > 0 || len(p.Masterpoints) > 0
		handicaps = handicaps || p.HandicapFile != nil
	}
	if awards {
		pairs.Caption += " Strats, strat ranks and masterpoints as the file awards them."
		pairs.Columns = append(pairs.Columns, reports.Column{Name: "strat"}, reports.Column{Name: "strat ranks"}, reports.Column{Name: "masterpoints"})
	}
	if handicaps {
		pairs.Columns = append(pairs.Columns, reports.Column{Name: "file handicap", Decimals: 1})
	}
	for _, p := range a.Pairs {
		row := []any{p.Group, p.Rank, pairLabel(p.Section, p.Pair, p.Direction), strings.Join(p.Names, " & "), p.Seats, p.Boards,
			fileFigure(p.PercentFile), p.Percent, p.PlaceFile}
		if awards {
			var ranks, mps []string
			for _, r := range p.StratRanks {
				ranks = append(ranks, r.Strat+" "+r.Rank)
			}
			for _, m := range p.Masterpoints {
				mps = append(mps, strings.TrimSpace(fmt.Sprintf("%.2f %s %s", m.Points, m.Colour, m.Reason)))
			}
			row = append(row, p.Strat, strings.Join(ranks, ", "), strings.Join(mps, ", "))
		}
		if handicaps {
			row = append(row, fileFigure(p.HandicapFile))
		}
		pairs.Rows = append(pairs.Rows, row)
	}
	if header := fileHeader(a); header != "" {
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: header}}) // the file's words: plain
	}
	blocks = append(blocks, reports.Block{Table: pairs})
	if len(a.Disagreements) > 0 {
		caption := "Figures of the file the method does not reproduce, ours printed with the file's decimals."
		if countTotal(a.DisagreementCounts) > len(a.Disagreements) {
			caption = fmt.Sprintf("Figures of the file the method does not reproduce, ours printed with the file's decimals: the first %d of each kind (%s).",
				scoring.ShownPerKind, countWords(a.DisagreementCounts))
		}
		t := &reports.Table{ID: id + "-disagreements", Caption: caption,
			Columns: []reports.Column{{Name: "kind"}, {Name: "line"}, {Name: "where"}, {Name: "pair"}, {Name: "file"}, {Name: "ours"}}}
		for _, d := range a.Disagreements {
			var where any = d.Line
			if d.Record != "" {
				where = d.Record
			}
			t.Rows = append(t.Rows, []any{d.Kind, where, d.Where, pairLabel(d.Section, d.Pair, d.Direction), d.File, d.OursText})
		}
		blocks = append(blocks, reports.Block{Table: t})
	}
	if len(a.Warnings) > 0 {
		var lines []string
		for _, w := range a.Warnings {
			lines = append(lines, w.String()) // the file's text: plain, never Markdown
		}
		for _, c := range a.WarningCounts {
			if c.Count > scoring.ShownPerKind {
				lines = append(lines, fmt.Sprintf("… and %d more of the kind %q (%d in all; the first %d are listed)", c.Count-scoring.ShownPerKind, c.Kind, c.Count, scoring.ShownPerKind))
			}
		}
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: "The file's own mistakes (each score checked against its contract, declarer, vulnerability and tricks):", Items: lines}})
	}
	n := a.Neuberg
	nt := &reports.Table{ID: id + "-neuberg", Caption: fmt.Sprintf("Neuberg on %d board(s), rounded to %v per board or on the total, unrounded, and no Neuberg (percent, rank).", n.Adjusted, n.Step),
		Columns: []reports.Column{{Name: "pair"}, {Name: "per board", Decimals: 2}, {Name: "rank"}, {Name: "total rounded", Decimals: 2}, {Name: "rank"},
			{Name: "unrounded", Decimals: 3}, {Name: "rank"}, {Name: "no Neuberg", Decimals: 2}, {Name: "rank"}}}
	for _, p := range n.Pairs {
		nt.Rows = append(nt.Rows, []any{pairLabel(p.Section, p.Pair, p.Direction), p.PerBoard, p.Ranks[0], p.Total, p.Ranks[1], p.Unrounded, p.Ranks[2], p.Raw, p.Ranks[3]})
	}
	blocks = append(blocks, reports.Block{Table: nt})
	if len(n.RankChanges) == 0 {
		blocks = append(blocks, reports.Block{Prose: "No rank depends on how Neuberg is rounded, or on Neuberg at all."})
	} else {
		// Names from the file: plain text, never Markdown.
		var lines []string
		for _, c := range n.RankChanges {
			lines = append(lines, c.Text)
		}
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: "Ranks that change:", Items: lines}})
	}
	for _, mv := range a.Movement {
		fid := id + "-movement-" + fieldLabel(mv.Section)
		t := &reports.Table{ID: fid, Caption: fmt.Sprintf("The movement played (%s), reconstructed from the travellers; rounds %s; the figures %s.", mv.Label, mv.RoundsFrom, mv.Reading),
			Columns: []reports.Column{{Name: "pairs"}, {Name: "tables"}, {Name: "rounds"}, {Name: "board groups"}, {Name: "Qf", Decimals: 2}, {Name: "Qf1av", Decimals: 2}, {Name: "Qo", Decimals: 2}}}
		t.Rows = append(t.Rows, []any{mv.Pairs, mv.Tables, mv.Rounds, len(mv.BoardGroups), mv.Qf, mv.Qf1Av, mv.Qo})
		blocks = append(blocks, reports.Block{Table: t})
		heat := &reports.Chart{ID: fid + "-heatmap", Caption: fmt.Sprintf("Score matrix of the movement played (%s): how often each two pairs were compared, and which way.", fieldLabel(mv.Section)),
			Kind: "heatmap", XName: "pair", YName: "pair", ValueName: "score", XLabels: mv.PairNumbers, YLabels: mv.PairNumbers}
		for p := range mv.Matrix {
			row := make([]*float64, len(mv.Matrix))
			for q, v := range mv.Matrix[p] {
				if p != q {
					x := float64(v)
					row[q] = &x
				}
			}
			heat.Grid = append(heat.Grid, row)
		}
		if mv.Matrix != nil {
			blocks = append(blocks, reports.Block{Chart: heat})
		}
		blocks = append(blocks, reports.Block{Pre: &reports.Preformatted{ID: heat.ID + "-asc",
			Caption: "The movement in the .ASC format; its pairs 1, 2, 3, … are the file's pairs " + strings.Join(mv.PairNumbers, ", ") + ", in that order.",
			Text:    mv.ASC}})
		if len(mv.Warnings) > 0 {
			blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: "Notes on the movement: " + strings.Join(mv.Warnings, "; ") + "."}})
		}
	}
	for _, l := range a.Luck {
		lid := id + "-luck-" + fieldLabel(l.Section)
		how := fmt.Sprintf("all %d numberings", l.Samples)
		if !l.Exact {
			how = fmt.Sprintf("%d random numberings (seed %d)", l.Samples, l.Seed)
		}
		t := &reports.Table{ID: lid, Caption: fmt.Sprintf("How much could the movement decide (%s)? The Bussemaker model over %s: each pair plays as well as its result says and every board goes to the stronger pair; \"at its seat\" is what the model gives a pair at the number it had, \"expected\" its average over every number, and their difference what its seat gave it.", fieldLabel(l.Section), how),
			Columns: []reports.Column{{Name: "pair"}, {Name: "percent", Decimals: 2}, {Name: "model at its seat", Decimals: 2}, {Name: "model expected", Decimals: 2},
				{Name: "seat effect", Decimals: 2}, {Name: "sd", Decimals: 2}, {Name: "places"}, {Name: "P(first) %", Decimals: 1}}}
		chart := &reports.Chart{ID: lid + "-chart", Caption: "Model percentage of each pair over all numberings: min, mean − sd, mean, mean + sd, max.",
			Kind: "boxplot", XName: "pair", YName: "model percent", Box: reports.BoxMeanSD, Table: lid}
		for _, p := range l.Pairs {
			first := 0.0
			if len(p.Places) > 0 {
				first = p.Places[0]
			}
			t.Rows = append(t.Rows, []any{pairLabel(p.Section, p.Pair, p.Direction), p.Percent, p.Seated, p.Expected, p.SeatEffect, p.Sd, fmt.Sprintf("%d–%d", p.PlaceMin, p.PlaceMax), first})
			chart.XLabels = append(chart.XLabels, pairLabel(p.Section, p.Pair, p.Direction))
			chart.Boxes = append(chart.Boxes, [5]float64{p.Min, p.Expected - p.Sd, p.Expected, p.Expected + p.Sd, p.Max})
		}
		blocks = append(blocks, reports.Block{Table: t}, reports.Block{Chart: chart})
		var lines []string
		for _, w := range l.Winners {
			verdict := "exceeds"
			if !w.Exceeds {
				verdict = "does not exceed"
			}
			lines = append(lines, fmt.Sprintf("%s: pair %s wins by %.2f%% over pair %s; the movement gave the winner %+.2f points more than the runner-up under the model, so the margin %s it. The winner finishes first in %.1f%% of the numberings.",
				w.Group, pairLabel(w.WinnerSection, w.Winner, w.WinnerDirection), w.Margin, pairLabel(w.SecondSection, w.Second, w.SecondDirection), w.MovementGave, verdict, w.WinnerFirst))
		}
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Items: lines}}) // group names from the file
	}
	if len(a.Instant) > 0 {
		t := &reports.Table{ID: id + "-instant", Caption: "Instant matchpoints from the field: each board's scores and the gaps between them, each scored against the others with one imaginary result added.",
			Columns: []reports.Column{{Name: "board"}, {Name: "vul"}, {Name: "NS score"}, {Name: "count"}, {Name: "percent"}}}
		for _, b := range a.Instant {
			for _, r := range b.Rows {
				t.Rows = append(t.Rows, []any{b.Board, b.Vul.String(), r.Label, r.Count, r.Percent})
			}
		}
		blocks = append(blocks, reports.Block{Table: t})
	}
	if len(a.Notes) > 0 {
		blocks = append(blocks, reports.Block{Plain: &reports.Plain{Text: "Notes: " + strings.Join(a.Notes, "; ") + "."}})
	}
	return blocks
}

// fileHeader says what the file's header states (club, movement, top,
// average), "" when it states none of them.
func fileHeader(a *session.Analysis) string {
	var parts []string
	if a.Club != "" {
		parts = append(parts, "club "+a.Club)
	}
	if a.FileMovement != "" {
		parts = append(parts, "movement "+a.FileMovement)
	}
	if a.FileTop > 0 {
		parts = append(parts, fmt.Sprintf("top %g", a.FileTop))
	}
	if a.FileAverage > 0 {
		parts = append(parts, fmt.Sprintf("average %g", a.FileAverage))
	}
	if len(parts) == 0 {
		return ""
	}
	return "The file's header: " + strings.Join(parts, ", ") + "."
}

// countTotal adds the counts of every kind.
func countTotal(counts []scoring.KindCount) int {
	n := 0
	for _, c := range counts {
		n += c.Count
	}
	return n
}

// countWords says the counts by kind: "40000 matchpoints, 2000 percent".
func countWords(counts []scoring.KindCount) string {
	var parts []string
	for _, c := range counts {
		parts = append(parts, fmt.Sprintf("%d %s", c.Count, c.Kind))
	}
	return strings.Join(parts, ", ")
}
