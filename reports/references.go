package reports

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
