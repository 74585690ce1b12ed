package reports

// Live is what a page whose study declares interactive parameters carries
// to recompute its cells in the reader's browser (reports/live runs it): the
// study as written, before any ${name} is replaced, the values in force when
// the page was made, and the cells that use an interactive parameter. A
// report without interactive parameters has none, and its page is frozen.
type Live struct {
	Study  string            `json:"study"` // the study file's name, for messages
	Source string            `json:"source"`
	Values map[string]string `json:"values"`
	Cells  []LiveCell        `json:"cells"`
	// Static are the kinds of the page's cells that cannot run in the
	// browser: the page says their figures stay as published.
	Static []string `json:"-"`
}

// LiveCell is a cell the page recomputes.
type LiveCell struct {
	ID    string `json:"id"`
	Index int    `json:"index"` // its place in the study's cells, from 0
	Kind  string `json:"kind"`
	// Params are the interactive parameters the cell uses, itself or
	// through its movements.
	Params []string `json:"params"`
	// Tables and Figures count those of the cells before it: its own are
	// numbered from there, as in the page.
	Tables  int `json:"tables"`
	Figures int `json:"figures"`
}

// LiveID is the DOM id of the empty element that stands before a live
// cell's blocks in its page (an element of class live-end follows them).
func LiveID(cell string) string { return "live-" + cell }
