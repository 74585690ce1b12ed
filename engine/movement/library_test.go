package movement_test

import (
	"bytes"
	"testing"

	"github.com/bridgereport/bridgereport/engine/formats/asc"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/engine/published"
	"github.com/bridgereport/bridgereport/studies/library"
)

// TestPublishedFigures recomputes every library movement's balance and checks
// it against the figures annotated in the file, at their printed precision
// (studies/library holds the files; the balance is this package's).
func TestPublishedFigures(t *testing.T) {
	all := library.Names()
	if len(all) != 381 {
		t.Errorf("the library has %d movements, want 381", len(all))
	}
	for _, name := range all {
		t.Run(name, func(t *testing.T) {
			data, err := library.Read(name)
			if err != nil {
				t.Fatal(err)
			}
			pm, err := asc.Parse(name, bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			b := movement.ComputeBalance(pm.Movement)
			qf, qo := library.Published(data)
			if qf == "" {
				t.Fatal("no Qf annotation")
			}
			if _, wrong := library.Misannotated[name]; wrong {
				// The layout computes 77.76; the annotation (Qo
				// too) belongs to another layout.
				if published.Matches(b.Qf, qf) || !published.Matches(b.Qf, "77.76") {
					t.Errorf("Qf = %.4f: the known misannotation (%s) no longer holds", b.Qf, qf)
				}
				return
			}
			if qo != "" && !published.Matches(b.Qo, qo) {
				t.Errorf("Qo = %.4f, annotated %s", b.Qo, qo)
			}
			if !published.Matches(b.Qf, qf) {
				t.Errorf("Qf = %.4f, annotated %s (h=%d uniform=%v)", b.Qf, qf, b.H, b.Uniform)
			}
		})
	}
}
