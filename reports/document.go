package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
)

// Report is one document: a title, sections of blocks in reading order, the
// checks of published figures and where everything came from. It knows
// nothing of bridge or of the study language; the study runner builds it and
// a Renderer prints it.
type Report struct {
	Name     string // file-system name: the output folder of the report
	Title    string
	Summary  string
	Sections []Section
	Checks   []Check
	// Headline names the checks shown in the index of reports; empty means
	// the first three.
	Headline   []string
	Provenance Provenance
	// Warnings are things in the source that probably do not render as
	// meant ("study.yaml:250: warning: ..."), for the run's output; no
	// printer shows them.
	Warnings []string
	// NumberSections shows the numbers of the prose's level-2 and level-3
	// headings, set when the prose refers to a section by number.
	NumberSections bool
	// Nav, when set, is the navigation of the site the report is a page of.
	Nav *Nav
	// Live, when the study declares interactive parameters, lets the page
	// recompute the cells that use them in the reader's browser.
	Live *Live
}

// Section is the output of one cell of a study.
type Section struct {
	ID     string
	Kind   string // the cell's kind, as a study names it
	Blocks []Block
	// Result is what the cell computed, the --json of the command that
	// runs its kind; the blocks present it. nil for a cell of prose.
	Result    any
	FromCache bool // computed by an earlier run with the same inputs
	// CacheRecomputed: the cell's cache entry failed its checks (did not
	// decode, validate or match its checksum) and was recomputed.
	CacheRecomputed bool
}

// Provenance says what produced a report.
type Provenance struct {
	Version    string // of the engine
	SourceName string // the study file's name
	Source     []byte // the study file as read
	Inputs     []Input
	Parameters []Param
}

// Param is a declared parameter of the study with the value in force.
type Param struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Value string `json:"value"`
	Doc   string `json:"-"`
	// Interactive gives the parameter a control on the page; Min, Max and
	// Choices bound it, and Spec says it is a movement spec (a text box).
	Interactive bool     `json:"-"`
	Min, Max    *float64 `json:"-"`
	Choices     []string `json:"-"`
	Spec        bool     `json:"-"`
}

// Input is a file a study read, with its hash for provenance.
type Input struct {
	Path    string `json:"path,omitempty"`    // a file, as written in the study
	Library string `json:"library,omitempty"` // or a movement of the embedded library
	SHA256  string `json:"sha256"`
}

// Block is one piece of a report: prose, a table, a chart, or preformatted
// text.
type Block struct {
	Prose string // Markdown source
	Table *Table
	Chart *Chart
	// Pre is text laid out in fixed-width columns, printed as it is by
	// every printer: the layouts users rely on (the `balans -c` check
	// report of a movement, the seeds' tables, a movement's cards).
	Pre *Preformatted
	// Callout is a boxed note in prose (callout.go); References is the
	// numbered list of the works a report cites.
	Callout    *Callout
	References *References
	// Line is the study file's line of the first line of Prose, for
	// messages about it (an unknown reference); 0 when unknown.
	Line int
	// Plain is text that comes from data (names and notes of a results
	// file): every printer shows it as it is, never as Markdown.
	Plain *Plain
}

// Text is the author's prose of a block, for passes that rewrite it
// (citations, cross-references): its prose, or its callout's body.
func (b *Block) Text() *string {
	if b.Callout != nil {
		return &b.Callout.Body
	}
	return &b.Prose
}

// Plain is a paragraph of plain text and a bulleted list of plain items,
// either may be empty. A line break in any of them is a space.
type Plain struct {
	Text  string
	Items []string
}

// Preformatted is text printed as it is, in a fixed-width font: a <pre> in
// HTML, a fenced block in Markdown, a string in results.json.
type Preformatted struct {
	ID      string `json:"id"`
	Caption string `json:"caption,omitempty"`
	Text    string `json:"text"`
	// CommandLabel marks the lines that are shell commands to paste: a
	// line that begins with it ("Cards: ") is the label and a command. The
	// Text printer may continue such a line, when it is wider than the
	// terminal, on the next lines after a backslash, which a shell reads
	// as the same command; every other line stays whole.
	CommandLabel string `json:"-"`
	// Fit, when set, lays the text out again for a terminal of a width
	// (in columns, above 0), which the Text printer passes: a wide
	// matrix in blocks of columns, say. Text is the layout for any width.
	Fit func(width int) string `json:"-"`
}

// Table is a captioned table; its rows are data (numbers stay numbers in
// results.json) formatted per column for display.
type Table struct {
	ID      string   `json:"id"`
	Caption string   `json:"caption"`
	Columns []Column `json:"columns"`
	Rows    [][]any  `json:"rows"`
	Number  int      `json:"number"`
}

// Column describes a table column.
type Column struct {
	Name string `json:"name"`
	// Decimals for floats in the report, the precision at which a change is
	// a change; results.json keeps full precision.
	Decimals int `json:"decimals,omitempty"`
	// Priority says which columns a text table wider than the terminal
	// leaves out first: the highest Priority, then the rightmost (as
	// kubectl's column priority: 0, the default, matters most). The first
	// column names the row and is never left out. Pages show every column.
	Priority int `json:"-"`
	// Names marks a column that names the row with the first (the
	// movement beside its rank): like the first, it is never left out,
	// since the row's figures mean nothing without it.
	Names bool `json:"-"`
	// Wrap marks free text (a reason, a method, a suggestion) that a text
	// table wider than the terminal fills over several lines of a narrower
	// column before it leaves out any column.
	Wrap bool `json:"-"`
}

// Text formats a table cell for display.
func (t *Table) Text(row, col int) string {
	switch v := t.Rows[row][col].(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(v, 'f', t.Columns[col].Decimals, 64)
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}

// Chart is a captioned chart, drawn by echarts in HTML.
type Chart struct {
	ID      string   `json:"id"`
	Caption string   `json:"caption"`
	Kind    string   `json:"kind"` // bar, line, heatmap, boxplot
	XName   string   `json:"x_name"`
	YName   string   `json:"y_name"`
	XLabels []string `json:"x_labels"`
	YLabels []string `json:"y_labels,omitempty"`
	// ValueName names what a heatmap's colours show.
	ValueName string `json:"value_name,omitempty"`
	// Series for bar and line charts.
	Series []Series `json:"series,omitempty"`
	// Grid for heatmaps: Grid[y][x]; nil cells (a matrix diagonal) are not drawn.
	Grid [][]*float64 `json:"grid,omitempty"`
	// Boxes for box plots: per x label {min, q1, median, q3, max}, or
	// what Box says the five values are.
	Boxes [][5]float64 `json:"boxes,omitempty"`
	// Box says what a box plot's boxes show: "" the quartiles, BoxMeanSD
	// the mean and one standard deviation either side (of a sample).
	Box string `json:"box,omitempty"`
	// Table is the id of the table whose values the chart draws: diff
	// compares the chart's values at that table's printed precision
	// rather than at six decimals. Empty: the chart stands alone.
	Table string `json:"table,omitempty"`
	// XNumeric makes a line chart's x axis a scale of numbers: the x
	// labels are numbers, and the lines are drawn at them.
	XNumeric bool `json:"x_numeric,omitempty"`
	// XLog draws the numeric x axis on a log scale: for counts that grow
	// by factors, such as iterations. The x labels must be positive.
	XLog bool `json:"x_log,omitempty"`
	// Points are labelled markers over a line chart with a numeric x axis.
	Points []ChartPoint `json:"points,omitempty"`
	// SlantXLabels shows every x label of a bar chart, slanted, where
	// echarts would skip some (team names, say, that all matter).
	SlantXLabels bool `json:"-"`
	Number       int  `json:"number"`
}

// BoxMeanSD is the Box of a box plot drawn as min, mean − sd, mean,
// mean + sd, max.
const BoxMeanSD = "mean-sd"

// BoxNames are the names of the five values of each box, as the chart
// draws them and as diff and the Markdown data table name them.
func (c *Chart) BoxNames() [5]string {
	if c.Box == BoxMeanSD {
		return [5]string{"min", "mean − sd", "mean", "mean + sd", "max"}
	}
	return [5]string{"min", "q1", "median", "q3", "max"}
}

// Series is one named line or set of bars.
type Series struct {
	Name   string    `json:"name"`
	Values []float64 `json:"values"`
	// Color is a CSS colour; empty takes the next of the palette.
	Color string `json:"color,omitempty"`
	// Gaps are the indices of Values that are no data (their value is 0):
	// the line breaks there, no bar is drawn, and the data shows "—".
	Gaps []int `json:"gaps,omitempty"`
}

// Gap says whether value i of s is no data.
func (s Series) Gap(i int) bool { return slices.Contains(s.Gaps, i) }

// ChartPoint is one labelled marker, at (X, Y) on the chart's axes.
type ChartPoint struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Label string  `json:"label"`
	Color string  `json:"color,omitempty"`
	// Place of the label: right (default), left, top or bottom.
	Place string `json:"place,omitempty"`
}

// Check compares a published figure with the recomputed one.
type Check struct {
	Name      string `json:"name"`
	Published string `json:"published"`
	Computed  string `json:"computed"`
	Status    string `json:"status"` // ok, erratum or fail
	Reason    string `json:"reason,omitempty"`
	// Line is the line of the figure's entry under published: (or
	// beats:) in the study file, for messages; 0 when unknown. It is not
	// part of results.json, so that moving an entry is no drift.
	Line int `json:"-"`
	// Source is the bibliography key of the work the figure was published
	// in, with an optional locator: "moore1992" or "moore1992, table 2".
	Source string `json:"source,omitempty"`
	// Cited is Source resolved to its entry of the reference list.
	Cited *Citation `json:"-"`
}

// Check statuses.
const (
	StatusOK      = "ok"
	StatusErratum = "erratum"
	StatusFail    = "fail"
)

// Tally counts the checks by status.
func (r *Report) Tally() (ok, errata, failed int) {
	for _, c := range r.Checks {
		switch c.Status {
		case StatusOK:
			ok++
		case StatusErratum:
			errata++
		default:
			failed++
		}
	}
	return ok, errata, failed
}

// TallyText is the tally in words: "184 ok, 1 erratum, 0 failed".
func TallyText(ok, errata, failed int) string {
	word := "errata"
	if errata == 1 {
		word = "erratum"
	}
	return fmt.Sprintf("%d ok, %d %s, %d failed", ok, errata, word, failed)
}

// HeadlineChecks are the checks the report names as its headline, or its
// first three.
func (r *Report) HeadlineChecks() []Check {
	if len(r.Headline) == 0 {
		return r.Checks[:min(3, len(r.Checks))]
	}
	var out []Check
	for _, name := range r.Headline {
		for _, c := range r.Checks {
			if c.Name == name {
				out = append(out, c)
			}
		}
	}
	return out
}

// SourceHash is the SHA-256 of the study file.
func (r *Report) SourceHash() string {
	sum := sha256.Sum256(r.Provenance.Source)
	return hex.EncodeToString(sum[:])
}

// Blocks lists every block of every section, in order.
func (r *Report) Blocks() []Block {
	var out []Block
	for _, s := range r.Sections {
		out = append(out, s.Blocks...)
	}
	return out
}
