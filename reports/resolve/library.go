package resolve

import (
	"bytes"
	"context"
	"strconv"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/studies/library"
)

// LibraryMovement is a movement of the embedded library with its published
// and recomputed figures: an element of the library cell's Result, the
// movements command's --json.
type LibraryMovement struct {
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
	// Misannotated says why the published Qf is not this layout's; ""
	// otherwise.
	Misannotated string `json:"misannotated,omitempty"`
}

// LibraryMovements lists the library's movements with that many pairs and
// rounds (0: any), by name.
func LibraryMovements(ctx context.Context, pairs, rounds int) ([]LibraryMovement, error) {
	list := []LibraryMovement{}
	for _, name := range library.Names() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, err := library.Read(name)
		if err != nil {
			return nil, err
		}
		pm, err := asc.Parse(name, bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		m := pm.Movement
		if (pairs != 0 && m.Pairs != pairs) || (rounds != 0 && m.Rounds != rounds) {
			continue
		}
		b := movement.ComputeBalance(m)
		qf, qo := library.Published(data)
		list = append(list, LibraryMovement{
			Name: name, Folder: library.Folder(name), Family: family(name),
			Pairs: m.Pairs, Tables: m.Tables, Rounds: m.Rounds, BoardGroups: m.Groups,
			PublishedQf: parsePublished(qf), Qf: b.Qf, PublishedQo: parsePublished(qo), Qo: b.Qo,
			Misannotated: library.Misannotated[name],
		})
	}
	return list, nil
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
