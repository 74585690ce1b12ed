package reports

import "fmt"

// References is the numbered list of the works a report cites, in the
// order they are first cited; the citations in prose link to its entries.
type References struct {
	Entries []Reference
}

// Reference is one entry of the list.
type Reference struct {
	Key    string // the bibliography key; the entry's anchor is "ref-" + Key
	Number int
	Text   string // Markdown: authors, year, title, where published
}

// Citation is a reference to an entry of the list, with a locator.
type Citation struct {
	Key     string
	Number  int
	Locator string // "p. 3", "table 2"; may be empty
}

// Text is the citation as printed: "[3]" or "[3, table 2]".
func (c *Citation) Text() string {
	if c.Locator == "" {
		return fmt.Sprintf("[%d]", c.Number)
	}
	return fmt.Sprintf("[%d, %s]", c.Number, c.Locator)
}

// Anchor is the id of the cited entry on the page.
func (c *Citation) Anchor() string { return "ref-" + c.Key }

// PublishedCited is the published figure followed by its citation, if
// any: "92 [3, table 2]".
func (c Check) PublishedCited() string {
	if c.Cited == nil {
		return c.Published
	}
	return c.Published + " " + c.Cited.Text()
}
