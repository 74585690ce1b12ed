package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/bridgemate"
	"github.com/bridgereport/bridgereport/engine/formats/bridgemate/send"
	"github.com/bridgereport/bridgereport/engine/formats/bridgescorer"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// guideFiles reads the movement command's -o and --cards: -o names the
// movement's .ASC file or, as .html, the cards page; --cards the cards
// page.
func guideFiles(out, cards string) (ascFile, cardsFile string, err error) {
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

// writeGuideFiles writes the guide's movement in .ASC form and its cards
// page to print, each when its file is named.
func writeGuideFiles(g *kinds.GuideResult, ascFile, cardsFile string, opts kinds.CardsOptions) error {
	if opts.Paper != kinds.PaperA4 && opts.Paper != kinds.PaperLetter || opts.TablesPerPage < 1 || opts.TablesPerPage > 2 {
		return fmt.Errorf("--paper %q --tables-per-page %d: want a4 or letter, and 1 or 2", opts.Paper, opts.TablesPerPage)
	}
	if ascFile != "" {
		if err := disk.WriteFileAtomic(ascFile, []byte(g.ASC)); err != nil {
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
	return disk.WriteFileAtomic(cardsFile, page.Bytes())
}

// formatOptions are the movement command's options of another scoring
// program's format.
type formatOptions struct {
	format         string // bridgemate or bridgescorer
	out            string // the file; "" for stdout
	boardsPerRound int
	fromRound      int    // bridgemate: the update from this round on (0: all)
	send           string // bridgemate: post to the Data Connector at this address instead
	clubID         string // with send
	licenceKey     string // with send
}

// writeFormat writes m, named name, in another scoring program's format
// to o.out or stdout, or posts the Bridgemate records to o.send.
func writeFormat(ctx context.Context, m *movement.Movement, name string, o formatOptions, stdout io.Writer) error {
	if o.send != "" {
		if o.format != "bridgemate" {
			return fmt.Errorf("--send %s: only with --format bridgemate", o.send)
		}
		if o.boardsPerRound < 1 {
			return fmt.Errorf("--send: give --boards-per-round: the records name the boards")
		}
		secs, err := bridgemate.Sections(m, bridgemate.WriteOptions{BoardsPerRound: o.boardsPerRound, FromRound: o.fromRound})
		if err != nil {
			return err
		}
		for _, sec := range secs {
			if err := send.UpdateMovement(ctx, o.send, o.clubID, o.licenceKey, sec); err != nil {
				return fmt.Errorf("--send %s: %w", o.send, err)
			}
			fmt.Fprintf(stdout, "section %s: %d tables sent, the Data Connector answered OK\n", sec.Letters, len(sec.Tables))
		}
		return nil
	}
	data, err := movementFormat(m, name, o.format, o.boardsPerRound, o.fromRound)
	if err != nil {
		return err
	}
	if o.out != "" {
		return disk.WriteFileAtomic(o.out, data)
	}
	_, err = stdout.Write(data)
	return err
}

// movementFormat writes m, named name, in another scoring program's
// format: the Bridgemate Data Connector's records (from fromRound on, when
// not 0) or the bridgescorer file.
func movementFormat(m *movement.Movement, name, format string, perRound, fromRound int) ([]byte, error) {
	if format != "bridgemate" && format != "bridgescorer" {
		return nil, fmt.Errorf("--format %q: want asc, bridgemate or bridgescorer", format)
	}
	if perRound < 1 {
		return nil, fmt.Errorf("--format %s: give --boards-per-round: the records name the boards", format)
	}
	var buf bytes.Buffer
	var err error
	switch format {
	case "bridgemate":
		if fromRound < 0 || fromRound > m.Rounds {
			return nil, fmt.Errorf("--from-round %d: the movement has %d rounds", fromRound, m.Rounds)
		}
		err = bridgemate.Write(&buf, m, bridgemate.WriteOptions{BoardsPerRound: perRound, FromRound: fromRound})
	default:
		if fromRound != 0 {
			return nil, fmt.Errorf("--from-round %d: only with --format bridgemate", fromRound)
		}
		if len(m.Sections) > 1 {
			// One numbering of tables and pairs, no sections: the file
			// would score the sections as one field, a movement never meant.
			return nil, fmt.Errorf("--format bridgescorer: %s has %d sections and the format has none: write each section's movement apart, or use --format bridgemate", name, len(m.Sections))
		}
		err = bridgescorer.Write(&buf, m, perRound, filepath.Base(name), name, fmt.Sprintf("%d pairs, %d rounds of %d boards", m.Pairs, m.Rounds, perRound))
	}
	return buf.Bytes(), err
}
