package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// libraryMovementJSON is one element of the --json contract of
// `bridgereport movements`.
type libraryMovementJSON struct {
	Name        string   `json:"name"`
	Folder      string   `json:"folder"`
	Family      string   `json:"family"`
	Pairs       int      `json:"pairs"`
	Tables      int      `json:"tables"`
	Rounds      int      `json:"rounds"`
	BoardGroups int      `json:"board_groups"`
	PublishedQf *float64 `json:"published_qf"`
	Qf          float64  `json:"qf"`
	PublishedQo *float64 `json:"published_qo"`
	Qo          float64  `json:"qo"`
	// Misannotated says why the published Qf is not this layout's; "" otherwise.
	Misannotated string `json:"misannotated,omitempty"`
}

func runMovements(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("movements", "[--pairs N] [--rounds R] [--json]", stderr)
	pairs := fs.Int("pairs", 0, "only movements for this many pairs")
	rounds := fs.Int("rounds", 0, "only movements of this many rounds")
	asJSON := fs.Bool("json", false, "write a JSON array instead of the table")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	list := []libraryMovementJSON{}
	for _, name := range library.Names() {
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := library.Read(name)
		if err != nil {
			return err
		}
		pm, err := movement.ParseASC(name, bytes.NewReader(data))
		if err != nil {
			return err
		}
		m := pm.Movement
		if (*pairs != 0 && m.Pairs != *pairs) || (*rounds != 0 && m.Rounds != *rounds) {
			continue
		}
		b := movement.ComputeBalance(m)
		qf, qo := library.Published(data)
		list = append(list, libraryMovementJSON{
			Name: name, Folder: library.Folder(name), Family: family(name),
			Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups,
			PublishedQf: parsePublished(qf), Qf: b.Qf, PublishedQo: parsePublished(qo), Qo: b.Qo,
			Misannotated: library.Misannotated[name],
		})
	}
	if *asJSON {
		return writeJSON(stdout, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(stdout, "no library movement has that many pairs and rounds")
		return nil
	}
	width := len("name")
	for _, e := range list {
		width = max(width, len(e.Name))
	}
	fmt.Fprintf(stdout, "%-*s  %5s  %6s  %6s  %6s  %12s  %6s\n", width, "name", "pairs", "tables", "rounds", "groups", "published Qf", "Qf")
	for _, e := range list {
		published := "-"
		if e.PublishedQf != nil {
			published = strconv.FormatFloat(*e.PublishedQf, 'f', -1, 64)
			if e.Misannotated != "" {
				published = "(!) " + published
			}
		}
		fmt.Fprintf(stdout, "%-*s  %5d  %6d  %6d  %6d  %12s  %6.2f\n", width, e.Name, e.Pairs, e.Tables, e.Rounds, e.BoardGroups, published, e.Qf)
	}
	fmt.Fprintf(stdout, "\n%d movements. A MOVEMENT argument of balance, optimize and simulate may be any of these names.\n", len(list))
	for _, e := range list {
		if e.Misannotated != "" {
			fmt.Fprintf(stdout, "(!) %s: %s.\n", e.Name, e.Misannotated)
		}
	}
	return nil
}

// family names who published a library movement, from its folder.
func family(name string) string {
	switch folder := library.Folder(name); {
	case folder == "":
		return "balans web pages"
	case folder == "TeamPlusSchemas":
		return "TeamPlus (2011)"
	case folder == "NBBR/Topintegraal":
		return "NBB, scored across the field"
	default:
		return "NBB (NBBR)"
	}
}

// parsePublished reads an annotated figure; nil when there is none.
func parsePublished(s string) *float64 {
	if s == "" {
		return nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return &x
}
