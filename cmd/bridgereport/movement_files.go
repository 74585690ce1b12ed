package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

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
	if err := checkCardsOptions(opts); err != nil {
		return err
	}
	var files []disk.File
	if ascFile != "" {
		files = append(files, disk.File{Path: ascFile, Data: []byte(g.ASC)})
	}
	if cardsFile != "" {
		var page bytes.Buffer
		if err := g.WriteCardsHTML(&page, opts); err != nil {
			return err
		}
		files = append(files, disk.File{Path: cardsFile, Data: page.Bytes()})
	}
	// Both or neither: a failed command leaves no file written.
	return disk.WriteFilesAtomic(files...)
}

// checkCardsOptions refuses a paper or a number of table cards a page
// the cards do not have, naming the flag; the commands call it before
// computing anything (the guide of mitchell:499 takes seconds).
func checkCardsOptions(opts kinds.CardsOptions) error {
	if opts.Paper != kinds.PaperA4 && opts.Paper != kinds.PaperLetter {
		return fmt.Errorf("--paper %s: want a4 or letter", opts.Paper)
	}
	if opts.TablesPerPage < 1 || opts.TablesPerPage > 2 {
		return fmt.Errorf("--tables-per-page %d: want 1 or 2", opts.TablesPerPage)
	}
	return nil
}

// formatOptions are the movement command's options of another scoring
// program's format.
type formatOptions struct {
	format         string // bridgemate or bridgescorer
	out            string // the file; "" for stdout
	boardsPerRound int
	fromRound      int           // bridgemate: the update from this round on (0: all)
	send           string        // bridgemate: post to the Data Connector at this address instead
	clubID         string        // with send
	licenceKey     string        // with send
	timeout        time.Duration // with send: the longest wait for an answer
	sessionGuid    string        // bridgemate: the session's GUID ("": updateOf's, or a fresh one)
	updateOf       string        // bridgemate: the export loaded at the start of the session
}

// writeFormat writes m, named name, in another scoring program's format
// to o.out or stdout, or posts the Bridgemate records to o.send.
func writeFormat(ctx context.Context, m *movement.Movement, name string, o formatOptions, stdout, stderr io.Writer) error {
	if o.format != "bridgemate" {
		data, err := movementFormat(m, name, o.format, o.boardsPerRound)
		if err != nil {
			return err
		}
		if o.out != "" {
			if err := disk.WriteFileAtomic(o.out, data); err != nil {
				return err
			}
			_, err = fmt.Fprintf(stdout, "wrote %s: the %s movement file\n", o.out, o.format)
			return err
		}
		_, err = stdout.Write(data)
		return err
	}
	if o.boardsPerRound < 1 {
		return fmt.Errorf("--format bridgemate: give --boards-per-round: the records name the boards")
	}
	if o.fromRound < 0 || o.fromRound > m.Rounds {
		return fmt.Errorf("--from-round %d: the movement has %d rounds", o.fromRound, m.Rounds)
	}
	guid, fresh, err := sessionGuid(o)
	if err != nil {
		return err
	}
	opt := bridgemate.WriteOptions{BoardsPerRound: o.boardsPerRound, FromRound: o.fromRound, SessionGuid: guid}
	if o.updateOf != "" {
		if err := continuesSession(m, o.updateOf, opt); err != nil {
			return err
		}
	}
	secs, err := bridgemate.Sections(m, opt)
	if err != nil {
		return err
	}
	// Where the GUID is stated: beside what was written or sent, or on
	// stderr when stdout is the records.
	said := stdout
	if o.send == "" && o.out == "" {
		said = stderr
	}
	what := "the GUID given"
	if o.updateOf != "" {
		what = "the GUID of " + o.updateOf
	}
	if fresh {
		what = "a fresh session GUID (an update later in the session: --update-of this export, or --session-guid " + guid + ")"
	}
	if o.send != "" {
		for _, sec := range secs {
			if err := send.UpdateMovement(ctx, o.send, o.clubID, o.licenceKey, sec, o.timeout); err != nil {
				return fmt.Errorf("--send %s: %w", o.send, err)
			}
			fmt.Fprintf(stdout, "section %s: %d tables sent, the Data Connector answered OK\n", sec.Letters, len(sec.Tables))
		}
		_, err = fmt.Fprintf(said, "session %s: %s\n", guid, what)
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(secs); err != nil {
		return err
	}
	if o.out == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			return err
		}
	} else if err := disk.WriteFileAtomic(o.out, buf.Bytes()); err != nil {
		return err
	} else {
		fmt.Fprintf(said, "wrote %s: the Data Connector's records of %d %s\n", o.out, len(secs), map[bool]string{true: "section", false: "sections"}[len(secs) == 1])
	}
	_, err = fmt.Fprintf(said, "session %s: %s\n", guid, what)
	return err
}

// sessionGuid is the session's GUID: the one given, the one of the export
// --update-of names, or a fresh random one (fresh true).
func sessionGuid(o formatOptions) (guid string, fresh bool, err error) {
	switch {
	case o.sessionGuid != "":
		guid = strings.ToUpper(o.sessionGuid)
		if len(guid) != 32 || strings.Trim(guid, "0123456789ABCDEF") != "" {
			return "", false, fmt.Errorf("--session-guid %s: want the 32 hex digits of the session's GUID", o.sessionGuid)
		}
		return guid, false, nil
	case o.updateOf != "":
		secs, err := readExport(o.updateOf)
		if err != nil {
			return "", false, err
		}
		for _, s := range secs {
			if s.SessionGuid != secs[0].SessionGuid {
				return "", false, fmt.Errorf("--update-of %s: sections %s and %s name different sessions", o.updateOf, secs[0].Letters, s.Letters)
			}
		}
		return secs[0].SessionGuid, false, nil
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", false, fmt.Errorf("a fresh session GUID: %w", err)
	}
	return fmt.Sprintf("%X", b), true, nil
}

// readExport reads the Data Connector's records written earlier.
func readExport(file string) ([]bridgemate.Section, error) {
	data, err := disk.ReadFile(file, disk.MaxInputBytes)
	if err != nil {
		return nil, err
	}
	// A file saved again by a Windows editor may begin with a byte-order
	// mark, which JSON does not allow.
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file: want the Data Connector's records (a JSON array of sections)", file)
	}
	var secs []bridgemate.Section
	if err := json.Unmarshal(data, &secs); err != nil {
		where := file
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			where += fmt.Sprintf(":%d", bytes.Count(data[:min(int(syntax.Offset), len(data))], []byte("\n"))+1)
		case errors.As(err, &typ):
			where += fmt.Sprintf(":%d", bytes.Count(data[:min(int(typ.Offset), len(data))], []byte("\n"))+1)
		}
		return nil, fmt.Errorf("%s: not the Data Connector's records (a JSON array of sections): %v", where, err)
	}
	if len(secs) == 0 || secs[0].SessionGuid == "" {
		return nil, fmt.Errorf("%s: no section with a session GUID", file)
	}
	return secs, nil
}

// continuesSession checks that m, written with opt, seats every table of
// the export in file as it does before opt.FromRound: the update then
// changes only the rounds still to play, in the session that export
// loaded.
func continuesSession(m *movement.Movement, file string, opt bridgemate.WriteOptions) error {
	before, err := readExport(file)
	if err != nil {
		return err
	}
	all := opt
	all.FromRound = 0
	now, err := bridgemate.Sections(m, all)
	if err != nil {
		return err
	}
	from := max(opt.FromRound, 1)
	half := bridgemate.HalfRoundSections(m)
	type key struct {
		section      string
		table, round int
	}
	was := map[key]bridgemate.Round{}
	for _, s := range before {
		for _, t := range s.Tables {
			for _, r := range t.Rounds {
				was[key{s.Letters, t.TableNumber, r.RoundNumber}] = r
			}
		}
	}
	for i, s := range now {
		upTo := from
		if i < len(half) && half[i] {
			upTo = 2*from - 1 // rounds written in halves
		}
		for _, t := range s.Tables {
			for _, r := range t.Rounds {
				if r.RoundNumber >= upTo {
					continue
				}
				old, ok := was[key{s.Letters, t.TableNumber, r.RoundNumber}]
				old.SessionGuid, r.SessionGuid = "", ""
				if !ok && (r.PairNS != 0 || r.PairEW != 0) || ok && old != r {
					return fmt.Errorf("--update-of %s: section %s, table %d, round %d: the movement seats %d-%d (boards %d-%d), the session loaded %d-%d (boards %d-%d): "+
						"an update changes only rounds from --from-round on, of the same movement", file, s.Letters, t.TableNumber, r.RoundNumber,
						r.PairNS, r.PairEW, r.LowBoardNumber, r.HighBoardNumber, old.PairNS, old.PairEW, old.LowBoardNumber, old.HighBoardNumber)
				}
			}
		}
	}
	return nil
}

// movementFormat writes m, named name, as the bridgescorer file.
func movementFormat(m *movement.Movement, name, format string, perRound int) ([]byte, error) {
	if format != "bridgescorer" {
		return nil, fmt.Errorf("--format %q: want asc, bridgemate or bridgescorer", format)
	}
	if perRound < 1 {
		return nil, fmt.Errorf("--format %s: give --boards-per-round: the records name the boards", format)
	}
	if len(m.Sections) > 1 {
		// One numbering of tables and pairs, no sections: the file
		// would score the sections as one field, a movement never meant.
		return nil, fmt.Errorf("--format bridgescorer: %s has %d sections and the format has none: write each section's movement apart, or use --format bridgemate", name, len(m.Sections))
	}
	var buf bytes.Buffer
	err := bridgescorer.Write(&buf, m, perRound, filepath.Base(name), name, fmt.Sprintf("%d pairs, %d rounds of %d boards", m.Pairs, m.Rounds, perRound))
	return buf.Bytes(), err
}
