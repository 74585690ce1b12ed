package reports

// Nav is the navigation of a site of reports, as one page shows it: the
// site's title and index, every page in order with this one marked, the
// pages before and after, and the search. Links are relative to the page.
type Nav struct {
	Title string // the site's title
	Index string // the site's index page
	Pages []NavPage
	// Prev and Next are the pages before and after this one, if any.
	Prev, Next *NavPage
	// Search is the site's search index script (search-index.js), empty
	// for no search; Root is the site's root as seen from this page ("../"
	// or ""), which the search's links to pages start with.
	Search, Root string
}

// NavPage is one page of a site.
type NavPage struct {
	Title, Link string
	Current     bool
}
