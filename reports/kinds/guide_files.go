package kinds

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// GuideFiles reads the movement command's -o and --cards: -o names the
// movement's .ASC file or, as .html, the cards page; --cards the cards
// page.
func GuideFiles(out, cards string) (ascFile, cardsFile string, err error) {
	switch ext := strings.ToLower(filepath.Ext(out)); {
	case out == "":
	case ext == ".asc":
		ascFile = out
	case ext == ".html" || ext == ".htm":
		if cards != "" {
			return "", "", fmt.Errorf("-o %s and --cards %s both write the cards: give one", out, cards)
		}
		cards = out
	default:
		return "", "", fmt.Errorf("-o %s: unknown extension %q: -o writes the movement (.asc) or the cards (.html)", out, ext)
	}
	if ext := strings.ToLower(filepath.Ext(cards)); cards != "" && ext != ".html" && ext != ".htm" {
		return "", "", fmt.Errorf("--cards %s: the cards are an HTML page: give a .html file", cards)
	}
	return ascFile, cards, nil
}

// WriteFiles writes the movement in .ASC form and the cards page to
// print, each when its file is named.
func (g *Guide) WriteFiles(ascFile, cardsFile string, opts CardsOptions) error {
	if opts.Paper != PaperA4 && opts.Paper != PaperLetter || opts.TablesPerPage < 1 || opts.TablesPerPage > 2 {
		return fmt.Errorf("--paper %q --tables-per-page %d: want a4 or letter, and 1 or 2", opts.Paper, opts.TablesPerPage)
	}
	if ascFile != "" {
		if err := reports.WriteFileAtomic(ascFile, []byte(g.ASC)); err != nil {
			return err
		}
	}
	if cardsFile == "" {
		return nil
	}
	var page bytes.Buffer
	if err := g.WriteCardsHTML(&page, opts); err != nil {
		return err
	}
	return reports.WriteFileAtomic(cardsFile, page.Bytes())
}
