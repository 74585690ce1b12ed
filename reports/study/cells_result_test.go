package study

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// TestBussemakerShowsQdUnpublished: a bussemaker cell that publishes no
// figure still shows Qd, Qb and sigma in every printer, and carries them
// in results.json as its Result. The figures are computed a second way,
// by the engine directly, and compared at the printed precision.
func TestBussemakerShowsQdUnpublished(t *testing.T) {
	t.Parallel()
	src := "title: B\nmovements:\n  h6: {howell: 6}\ncells:\n  - bussemaker: {id: b6, movement: h6}\n"
	s, err := ParseStudy("b.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The engine's own figures, for the same movement and defaults.
	m, err := movement.Howell(6)
	if err != nil {
		t.Fatal(err)
	}
	want, err := luck.Bussemaker(context.Background(), m, luck.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if !want.Exact || want.Qd <= 0 || want.Sigma <= 0 {
		t.Fatalf("engine: exact %v, Qd %v, sigma %v: want an exact run with a spread", want.Exact, want.Qd, want.Sigma)
	}
	rd := testRenderer(t)
	printed := []string{
		fmt.Sprintf("Qd (the mean probability of finishing in the ideal place) = %.1f", want.Qd),
		fmt.Sprintf("Qb = 100/(1 + σ/3) = %.1f with σ = %.2f", want.Qb, want.Sigma),
	}
	var md, text, html bytes.Buffer
	if _, err := rd.Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	if err := rd.Text(&text, r); err != nil {
		t.Fatal(err)
	}
	if err := rd.HTML(&html, r); err != nil {
		t.Fatal(err)
	}
	// The text printer wraps prose at 80 columns: compare words.
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for name, out := range map[string]string{"Markdown": md.String(), "text": words(text.String()), "HTML": html.String()} {
		for _, p := range printed {
			if !strings.Contains(out, p) {
				t.Errorf("%s lacks %q", name, p)
			}
		}
	}
	var js bytes.Buffer
	if err := rd.JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Sections []struct {
			ID     string `json:"id"`
			Kind   string `json:"kind"`
			Result struct {
				Qd    *float64 `json:"qd"`
				Qb    *float64 `json:"qb"`
				Sigma *float64 `json:"sigma"`
			} `json:"result"`
		} `json:"sections"`
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Sections) != 1 || doc.Sections[0].ID != "b6" || doc.Sections[0].Kind != "bussemaker" {
		t.Fatalf("sections %+v: want the one bussemaker cell b6", doc.Sections)
	}
	got := doc.Sections[0].Result
	for _, f := range []struct {
		name      string
		got       *float64
		want, tol float64
	}{{"qd", got.Qd, want.Qd, 1e-9}, {"qb", got.Qb, want.Qb, 1e-9}, {"sigma", got.Sigma, want.Sigma, 1e-9}} {
		if f.got == nil || math.Abs(*f.got-f.want) > f.tol {
			t.Errorf("results.json: %s = %v, want %v", f.name, f.got, f.want)
		}
	}
	if len(r.Checks) != 0 {
		t.Errorf("%d checks: the cell publishes no figure", len(r.Checks))
	}
}

// TestOneStrongPerfectHasNoRatio: on a perfect movement every other pair
// gets its ideal share, so the deviations are 0 and their ratio has no
// value: null in the Result, "–" in the table, and results.json encodes
// (a NaN would not).
func TestOneStrongPerfectHasNoRatio(t *testing.T) {
	src := "title: P\nmovements:\n  p: NBBR/7ronden/8p7rperfectH\ncells:\n  - one_strong: {id: os, columns: [{movement: p}]}\n"
	s, err := ParseStudy("p.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	col := r.Sections[0].Result.(*kinds.OneStrongColumns).Columns[0]
	if col.MaxDev > 1e-9 || col.MaxRatio != nil || col.RMSRatio != nil {
		t.Errorf("max deviation %v, ratios %v %v: want 0 and no ratios", col.MaxDev, col.MaxRatio, col.RMSRatio)
	}
	var js bytes.Buffer
	if err := testRenderer(t).JSON(&js, r); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	if !strings.Contains(js.String(), `"max_ratio": null`) {
		t.Error(`results.json lacks "max_ratio": null`)
	}
}
