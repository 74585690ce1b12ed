// Package site writes a set of reports as one site: every page has a
// sidebar with the site's title, a search box and the reports in order
// (the current one marked), and links to the previous and next report;
// the index lists them all; search-index.js holds the text of every page
// for the search, which runs in the page, offline and from file://.
package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/render"
)

// SearchFile is the search index, at the site's root.
const SearchFile = "search-index.js"

// Navigate sets the navigation of every report of a site, in order: each
// is a page OUTDIR/<name>/index.html beside the others.
func Navigate(title string, reps []*reports.Report) {
	for i, r := range reps {
		nav := &reports.Nav{Title: title, Index: "../index.html", Search: "../" + SearchFile, Root: "../"}
		for j, o := range reps {
			p := reports.NavPage{Title: o.Title, Link: "../" + o.Name + "/index.html", Current: i == j}
			nav.Pages = append(nav.Pages, p)
			switch j {
			case i - 1:
				nav.Prev = &p
			case i + 1:
				nav.Next = &p
			}
		}
		r.Nav = nav
	}
}

// IndexNav is the navigation of the site's index page, at the root.
func IndexNav(title string, reps []*reports.Report) *reports.Nav {
	nav := &reports.Nav{Title: title, Index: "index.html", Search: SearchFile, Root: ""}
	for _, o := range reps {
		nav.Pages = append(nav.Pages, reports.NavPage{Title: o.Title, Link: o.Name + "/index.html"})
	}
	return nav
}

// Write writes a site into outDir: every report's page (with the
// navigation Navigate sets), the index with the broken studies listed,
// and the search index.
func Write(rd *render.Renderer, outDir, version, title string, reps []*reports.Report, broken []render.Broken) error {
	Navigate(title, reps)
	for _, r := range reps {
		if _, err := rd.Write(outDir, r); err != nil {
			return err
		}
	}
	return WriteIndex(rd, outDir, version, title, reps, broken)
}

// WriteIndex writes the site's index page and its search index, for
// reports already written with their navigation.
func WriteIndex(rd *render.Renderer, outDir, version, title string, reps []*reports.Report, broken []render.Broken) error {
	var index bytes.Buffer
	if err := rd.SiteIndex(&index, version, reps, broken, IndexNav(title, reps)); err != nil {
		return err
	}
	search, err := SearchIndex(reps)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	if err := disk.WriteFileAtomic(filepath.Join(outDir, SearchFile), search); err != nil {
		return err
	}
	return disk.WriteFileAtomic(filepath.Join(outDir, "index.html"), index.Bytes())
}

// searchPage is one page of the search index.
type searchPage struct {
	Title string `json:"title"`
	Link  string `json:"link"` // from the site's root
	Text  string `json:"text"`
}

// SearchIndex is the script that gives the search its index: it assigns
// the text of every page to window.bridgereportSearch. A script, not a JSON
// file, because a page opened from file:// may not fetch() its neighbours;
// JSON encoding keeps the text data (<, > and & escaped).
func SearchIndex(reps []*reports.Report) ([]byte, error) {
	var pages []searchPage
	for _, r := range reps {
		pages = append(pages, searchPage{Title: r.Title, Link: r.Name + "/index.html", Text: PageText(r)})
	}
	data, err := json.Marshal(map[string]any{"pages": pages})
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "window.bridgereportSearch = %s;\n", data), nil
}

var (
	linkTarget = regexp.MustCompile(`\]\([^)]*\)`)
	markup     = regexp.MustCompile("[#*_`<>|~\\[\\]]+")
	spaces     = regexp.MustCompile(`\s+`)
)

// PageText is what the search finds a page by: its title, summary, prose
// and callouts without Markdown markup, and the captions, column names and
// words (not numbers) of its tables, figures and references.
func PageText(r *reports.Report) string {
	var parts []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			parts = append(parts, s)
		}
	}
	prose := func(s string) {
		s = linkTarget.ReplaceAllString(s, "]")
		add(markup.ReplaceAllString(s, " "))
	}
	add(r.Title)
	add(r.Summary)
	for _, b := range r.Blocks() {
		switch {
		case b.Prose != "":
			prose(b.Prose)
		case b.Callout != nil:
			add(b.Callout.Label())
			prose(b.Callout.Body)
		case b.Table != nil:
			add(b.Table.Caption)
			for _, c := range b.Table.Columns {
				add(c.Name)
			}
			seen := map[string]bool{}
			for i := range b.Table.Rows {
				for j := range b.Table.Columns {
					if s, ok := b.Table.Rows[i][j].(string); ok && !seen[s] && hasLetter(s) {
						seen[s] = true
						add(s)
					}
				}
			}
		case b.Chart != nil:
			add(b.Chart.Caption)
		case b.Pre != nil:
			add(b.Pre.Caption)
		case b.References != nil:
			for _, e := range b.References.Entries {
				prose(e.Text)
			}
		}
	}
	return spaces.ReplaceAllString(strings.Join(parts, " "), " ")
}

func hasLetter(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 {
			return true
		}
	}
	return false
}
