package book

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

func TestSplitCallouts(t *testing.T) {
	src := "Before.\n\n::: {.callout-warning title=\"Sampled\"}\nThe seed's figure was *sampled*.\n:::\n\nAfter.\n\n```\n:::\n```\n"
	r := &reports.Report{Provenance: reports.Provenance{SourceName: "s.yaml"}, Sections: []reports.Section{{Blocks: []reports.Block{{Prose: src, Line: 10}}}}}
	if err := SplitCallouts(r); err != nil {
		t.Fatal(err)
	}
	b := r.Sections[0].Blocks
	if len(b) != 3 {
		t.Fatalf("got %d blocks, want 3: %+v", len(b), b)
	}
	if b[0].Prose != "Before.\n\n" || b[0].Line != 10 {
		t.Errorf("first block %q at line %d", b[0].Prose, b[0].Line)
	}
	if c := b[1].Callout; c == nil || c.Kind != "warning" || c.Title != "Sampled" || c.Body != "The seed's figure was *sampled*.\n" || b[1].Line != 13 {
		t.Errorf("callout %+v at line %d", b[1].Callout, b[1].Line)
	}
	// The ::: inside a code block is code, not a fence.
	if b[2].Prose != "\nAfter.\n\n```\n:::\n```\n" || b[2].Line != 15 {
		t.Errorf("last block %q at line %d", b[2].Prose, b[2].Line)
	}
}

func TestSplitCalloutsErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"unknown kind", "a\n::: {.callout-danger}\nx\n:::\n", "s.yaml:21: callout-danger: unknown kind"},
		{"not a callout", "::: {.column-margin}\nx\n:::\n", "s.yaml:20: \"{.column-margin}\": a div in prose must be a callout"},
		{"open", "a\n\n::: {.callout-note}\nx\n", "s.yaml:22: callout-note is not closed"},
		{"nested", "::: {.callout-note}\n::: {.callout-tip}\nx\n:::\n:::\n", "s.yaml:21: a callout inside a callout: close the one opened at line 20 first"},
		{"stray close", "a\n:::\n", "s.yaml:21: ':::' closes no callout"},
		{"empty", "::: {.callout-tip}\n\n:::\n", "s.yaml:20: callout-tip is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &reports.Report{Provenance: reports.Provenance{SourceName: "s.yaml"}, Sections: []reports.Section{{Blocks: []reports.Block{{Prose: tc.src, Line: 20}}}}}
			err := SplitCallouts(r)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("got %v, want %s…", err, tc.want)
			}
		})
	}
}
