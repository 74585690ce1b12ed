package kinds

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strings"
)

// Paper sizes the cards page is laid out for.
const (
	PaperA4     = "a4"
	PaperLetter = "letter"
)

// CardsOptions lay out the printable cards. The zero value means A4, one
// table card a page.
type CardsOptions struct {
	// Paper is PaperA4 or PaperLetter ("": A4).
	Paper string
	// TablesPerPage is 1 or 2 table cards a page (0: 2). A card too long
	// for half a page gets a page of its own.
	TablesPerPage int
	// Club, Date and Session head every card ("": left out).
	Club, Date, Session string
	// Note is a sentence for the first page: what the cards are for
	// (the cards of a plan that change); "": none.
	Note string
}

// page heights in millimetres inside the margins, and the sizes of what is
// printed, to put page breaks where they fall.
const (
	marginMM     = 12
	rowMM        = 6.5
	cardHeadMM   = 24
	slipHeadMM   = 20 // the title, the heading line, the column names, the padding
	slipRowMM    = 5.2
	slipGapMM    = 2
	cutNoteMM    = 8
	slipsAcross  = 3
	summaryRowMM = 5.5
)

func paperMM(paper string) (w, h float64) {
	if paper == PaperLetter {
		return 215.9, 279.4
	}
	return 210, 297
}

// cardsPage is what the template prints.
type cardsPage struct {
	Guide *GuideResult
	// Title is the movement in words ("13 pairs · 13 rounds × 2 boards"),
	// Heading the club, date and session.
	Title, Heading string
	Summary        string
	Note           string
	Paper          string
	PageCSS        template.CSS
	Tables         [][]TableCard
	Slips          [][]PairCard
	Pages          int
	// Spare says some board set waits on a spare table.
	Spare bool
}

// CardsPages is the number of printed pages of the cards: the summary
// page, the table card pages and the pair slip pages.
func (v *GuideResult) CardsPages(opts CardsOptions) int {
	p := v.layout(opts)
	return p.Pages
}

func (v *GuideResult) layout(opts CardsOptions) *cardsPage {
	paper := opts.Paper
	if paper == "" {
		paper = PaperA4
	}
	_, h := paperMM(paper)
	usable := h - 2*marginMM
	title := fmt.Sprintf("%d pairs · %d rounds", v.Pairs, v.Rounds)
	if v.BoardsPerRound > 0 {
		title += fmt.Sprintf(" × %d boards", v.BoardsPerRound)
	}
	var heading []string
	for _, h := range []string{opts.Club, opts.Date, opts.Session} {
		if h = strings.TrimSpace(h); h != "" {
			heading = append(heading, h)
		}
	}
	p := &cardsPage{Guide: v, Title: title, Heading: strings.Join(heading, " · "), Summary: v.summary(), Note: opts.Note, Paper: paper,
		PageCSS: template.CSS(fmt.Sprintf("@page { size: %s; margin: %dmm; }", map[string]string{PaperA4: "A4", PaperLetter: "letter"}[paper], marginMM))}
	p.Spare = slices.ContainsFunc(v.BoardSets, func(s BoardSet) bool { return s.Spare })
	perPage := opts.TablesPerPage
	if perPage == 0 {
		perPage = 2
	}
	// One row a round: a table's two board sets share it.
	rows := 0
	for _, c := range v.TableCards {
		rows = max(rows, len(c.Rounds))
	}
	if perPage == 2 && cardHeadMM+float64(rows)*rowMM > usable/2-6 {
		perPage = 1
	}
	for i := 0; i < len(v.TableCards); i += perPage {
		p.Tables = append(p.Tables, v.TableCards[i:min(i+perPage, len(v.TableCards))])
	}
	lines := 0
	for _, c := range v.PairCards {
		lines = max(lines, len(c.Rounds))
	}
	slipMM := slipHeadMM + float64(lines)*slipRowMM + slipGapMM
	perSlipPage := max(int((usable-cutNoteMM)/slipMM), 1) * slipsAcross
	for i := 0; i < len(v.PairCards); i += perSlipPage {
		p.Slips = append(p.Slips, v.PairCards[i:min(i+perSlipPage, len(v.PairCards))])
	}
	intro := int(math.Ceil((70 + float64(len(v.BoardSets))*summaryRowMM) / usable))
	p.Pages = intro + len(p.Tables) + len(p.Slips)
	return p
}

// WriteCardsHTML writes the cards as one self-contained HTML page for
// printing: a summary page with the board sets, the table cards (one or
// two a page) and the pair guide cards as slips to cut out. Everything is
// black on white; every text goes through html/template.
func (v *GuideResult) WriteCardsHTML(w io.Writer, opts CardsOptions) error {
	if opts.Paper != "" && opts.Paper != PaperA4 && opts.Paper != PaperLetter {
		return fmt.Errorf("paper %q: want a4 or letter", opts.Paper)
	}
	if opts.TablesPerPage < 0 || opts.TablesPerPage > 2 {
		return fmt.Errorf("table cards a page: %d: want 1 or 2", opts.TablesPerPage)
	}
	return cardsTemplate.Execute(w, v.layout(opts))
}

var cardsTemplate = template.Must(template.New("cards").Funcs(template.FuncMap{
	"labels":   labelRanges,
	"markText": markText,
	"starts":   startText,
	"inc":      func(i int) int { return i + 1 },
	// boards and nexts join a round's board sets on one line.
	"boards": func(t TableTurn) string {
		var parts []string
		for _, g := range t.Groups {
			b := g.Boards
			if g.NS != t.NS {
				b += fmt.Sprintf(" (%s NS)", g.NSLabel)
			}
			parts = append(parts, b)
		}
		return strings.Join(parts, " + ")
	},
	"boardsNext": func(t TableTurn) string {
		var parts []string
		for _, g := range t.Groups {
			parts = append(parts, arrowTable(g.NextLabel, t.LastRound))
		}
		return strings.Join(parts, " + ")
	},
	"go": arrowSeat,
	"dir": func(t PairTurn) string {
		var parts []string
		for _, g := range t.Groups {
			if !slices.Contains(parts, g.Direction) {
				parts = append(parts, g.Direction)
			}
		}
		return strings.Join(parts, "/")
	},
	"pairBoards": func(t PairTurn) string {
		var parts []string
		for _, g := range t.Groups {
			parts = append(parts, g.Boards)
		}
		return strings.Join(parts, " + ")
	},
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cards: {{.Title}}</title>
<style>
{{.PageCSS}}
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #000; background: #fff; }
.page { break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 18pt; margin: 0 0 2mm; overflow-wrap: anywhere; }
p.heading { font-size: 11pt; margin: 0 0 1mm; }
p.spec, small.spec { font-size: 7pt; margin: 0 0 3mm; overflow-wrap: anywhere; font-weight: normal; }
h2 { font-size: 15pt; margin: 0 0 2mm; }
p.summary { font-size: 10.5pt; line-height: 1.35; margin: 0 0 4mm; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #000; padding: 0.6mm 1.5mm; text-align: left; vertical-align: top; }
th { font-weight: bold; background: #fff; border-bottom-width: 0.7mm; white-space: nowrap; }
.sets td, .sets th { font-size: 9.5pt; height: 5.5mm; }
.tablecard { border: 0.8mm solid #000; padding: 4mm; margin-bottom: 6mm; break-inside: avoid; page-break-inside: avoid; }
.tablecard h2 { font-size: 24pt; }
.tablecard h2 small.spec { font-size: 9pt; }
.tablecard h2 small.mark { font-size: 12pt; }
.slip h3 small.mark { font-size: 8pt; font-weight: bold; }
.tablecard td, .tablecard th { font-size: 12pt; height: 6.5mm; padding: 0.5mm 1.5mm; }
.tablecard td.round { font-weight: bold; }
.tablecard tr.idle td { font-style: italic; }
.tablecard tr.second td { border-top-style: dotted; }
.slips { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0; }
.slipline { font-size: 8pt; margin: 0 0 1mm; }
.slip { border: 0.4mm dashed #000; padding: 2.5mm 2mm; break-inside: avoid; page-break-inside: avoid; }
.slip h3 { font-size: 12pt; margin: 0 0 1mm; }
.slip h3 small { font-size: 7.5pt; font-weight: normal; }
.slip td, .slip th { font-size: 8.5pt; height: 4.6mm; padding: 0.2mm 0.6mm; border-width: 0.2mm; }
.slip th { font-size: 7.5pt; }
.slip .out td { font-style: italic; }
.cut { font-size: 8pt; margin: 0 0 2mm; }
@media screen {
  body { background: #ddd; padding: 8px; }
  .page { background: #fff; max-width: 210mm; margin: 0 auto 12px; padding: 12mm; box-shadow: 0 0 4px #888; }
}
@media screen and (max-width: 600px) {
  body { padding: 0; }
  .page { padding: 6px; margin-bottom: 8px; }
  .slips { grid-template-columns: 1fr; }
  .tablecard { padding: 4px; border-width: 2px; }
  .tablecard td, .tablecard th { font-size: 8.5pt; padding: 2px 2px; height: auto; }
  .tablecard h2 { font-size: 18pt; }
  .sets td, .sets th { font-size: 7.5pt; padding: 1px 2px; }
  h1 { font-size: 14pt; }
}
</style>
</head>
<body>
<section class="page intro">
<h1>{{.Title}}</h1>
{{if .Heading}}<p class="heading">{{.Heading}}</p>
{{end}}<p class="spec">{{.Guide.Movement}}</p>
<p class="summary">{{.Summary}}</p>
{{if .Note}}<p class="summary"><strong>{{.Note}}</strong></p>
{{end}}<h2>Board sets</h2>
<p class="summary">{{if .Spare}}Before the first round put each set played in round 1 on its table, the others on a spare table until their round.{{else}}Put each set on the table where it is first played, before the first round.{{end}}</p>
<table class="sets">
<thead><tr><th>set</th><th>boards</th><th>starts at</th><th>first round</th><th>copies</th><th>shared by tables</th></tr></thead>
<tbody>
{{range $i, $s := .Guide.BoardSets}}<tr><td>{{inc $i}}</td><td>{{$s.Boards}}</td><td>{{starts $s}}</td><td>{{$s.FirstRound}}</td><td>{{$s.Copies}}</td><td>{{if $s.SharedByLabels}}{{labels $s.SharedByLabels}}{{else}}-{{end}}</td></tr>
{{end}}</tbody>
</table>
</section>
{{range .Tables}}<section class="page tables">
{{range .}}<div class="tablecard" id="table-{{.Label}}">
<h2>Table {{.Label}}{{with markText .Replaces .New}} <small class="mark">({{.}})</small>{{end}} <small class="spec">{{$.Title}}{{if $.Heading}} · {{$.Heading}}{{end}}</small></h2>
<table>
<thead><tr><th>round</th><th>NS</th><th>EW</th><th>boards</th><th>NS go</th><th>EW go</th><th>boards go</th></tr></thead>
<tbody>
{{range $t := .Rounds}}{{if $t.Idle}}<tr class="idle"><td class="round">{{$t.Round}}</td><td colspan="6">idle: nobody plays at this table</td></tr>
{{else}}<tr><td class="round">{{$t.Round}}</td><td>{{$t.NSLabel}}</td><td>{{$t.EWLabel}}</td><td>{{boards $t}}</td><td>{{go $t.NSNext $t.NSSitsOutNext}}</td><td>{{go $t.EWNext $t.EWSitsOutNext}}</td><td>{{boardsNext $t}}</td></tr>
{{end}}{{end}}</tbody>
</table>
</div>
{{end}}</section>
{{end}}{{range .Slips}}<section class="page pairs">
<p class="cut">Pair guide cards: cut along the dashed lines.</p>
<div class="slips">
{{range .}}<div class="slip" id="pair-{{.Label}}">
<h3>Pair {{.Label}}{{with markText .Replaces .New}} <small class="mark">({{.}})</small>{{end}} <small>· {{$.Title}}</small></h3>
{{if $.Heading}}<p class="slipline">{{$.Heading}}</p>
{{end}}<table>
<thead><tr><th>round</th><th>table</th><th>sit</th><th>against</th><th>boards</th></tr></thead>
<tbody>
{{range $t := .Rounds}}{{if $t.SitsOut}}<tr class="out"><td>{{$t.Round}}</td><td colspan="4">sits out</td></tr>
{{else}}<tr><td>{{$t.Round}}</td><td>{{$t.TableLabel}}</td><td>{{dir $t}}</td><td>{{$t.OpponentLabel}}</td><td>{{pairBoards $t}}</td></tr>
{{end}}{{end}}</tbody>
</table>
</div>
{{end}}</div>
</section>
{{end}}</body>
</html>
`))

// arrowSeat is where a pair goes next, on a table card: "→ table 1 EW",
// which cannot be read as pair 1.
func arrowSeat(s *Seat, sitsOut bool) string {
	switch {
	case s != nil:
		return fmt.Sprintf("→ table %s %s", s.Label, s.Direction)
	case sitsOut:
		return "sits out"
	}
	return "last round"
}

// arrowTable is where a board set goes next: "→ table 3" (label "": none).
func arrowTable(label string, last bool) string {
	switch {
	case label != "":
		return "→ table " + label
	case last:
		return "last round"
	}
	return "finished"
}
