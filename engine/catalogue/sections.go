package catalogue

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/bridgereport/bridgereport/engine/movement"
)

// Limits of the search for two sections: how far from halves a split may
// go, how many splits and how many pairs of movements per split are
// measured.
const (
	maxSplitOffset   = 4
	maxSplits        = 2
	maxPairsPerSplit = 2
)

// sectionCandidates lists the field played as two sections. Splits are
// tried from halves (the larger section first) outwards, up to
// maxSplitOffset pairs away, and the first maxSplits that work are kept: a
// split works when both sections have a movement within the bounds that
// fits the board range in the same number of rounds (the candidates of
// For, one section each, compared as generated). Of each split the
// maxPairsPerSplit pairs of movements with the best balance (the lower of
// the two generated Qf) are re-oriented by the arrow-switch search, each
// section on its own, and joined: each section its own boards, scored
// apart (two winners or more). When the two sections play the same
// movement a second candidate shares the deals and is scored across the
// field (each section needs its own copy: two copies, which the default
// bound of one copy excludes).
func sectionCandidates(ctx context.Context, pairs int, set Settings) ([]Candidate, error) {
	sub := set
	sub.NoSections, sub.Published, sub.Samples, sub.allLengths, sub.Unswitched = true, nil, -1, true, true
	options := map[int]map[int]Candidate{} // section size → rounds → best candidate, as generated
	optionsFor := func(n int) (map[int]Candidate, error) {
		if o, ok := options[n]; ok {
			return o, nil
		}
		cs, err := single(ctx, n, sub, false)
		if err != nil {
			return nil, err
		}
		slices.SortStableFunc(cs, compare)
		o := map[int]Candidate{}
		for _, c := range cs {
			if c.Excluded != "" || !c.InRange() {
				continue
			}
			if _, ok := o[c.Facts.Rounds]; !ok {
				o[c.Facts.Rounds] = c
			}
		}
		options[n] = o
		return o, nil
	}
	var out []Candidate
	splits := 0
	for k := 0; k <= maxSplitOffset && splits < maxSplits; k++ {
		a := (pairs+1)/2 + k
		b := pairs - a
		if b < MinPairs {
			break
		}
		oa, err := optionsFor(a)
		if err != nil {
			return nil, err
		}
		ob, err := optionsFor(b)
		if err != nil {
			return nil, err
		}
		type pick struct{ a, b Candidate }
		var picks []pick
		for r, ca := range oa {
			if cb, ok := ob[r]; ok {
				picks = append(picks, pick{ca, cb})
			}
		}
		if len(picks) == 0 {
			continue
		}
		splits++
		slices.SortFunc(picks, func(x, y pick) int {
			return cmp.Or(cmp.Compare(min(y.a.QfGenerated, y.b.QfGenerated), min(x.a.QfGenerated, x.b.QfGenerated)),
				cmp.Compare(x.a.Facts.Rounds, y.a.Facts.Rounds))
		})
		for _, p := range picks[:min(len(picks), maxPairsPerSplit)] {
			cs, err := joined(ctx, p.a, p.b, set)
			if err != nil {
				return nil, err
			}
			out = append(out, cs...)
		}
	}
	return out, nil
}

// joined re-orients two sections' movements and joins them: own boards,
// scored apart; and, for the same movement twice, shared boards scored
// across the field.
func joined(ctx context.Context, a, b Candidate, set Settings) ([]Candidate, error) {
	var parts []movement.Spec
	var switched int
	proven := true
	for _, c := range []Candidate{a, b} {
		generated := c.Movement
		if err := evaluate(ctx, &c, !set.Unswitched, false, set); err != nil {
			return nil, err
		}
		text, err := exact(c.Spec, c.Absent, generated, c.Movement)
		if err != nil {
			return nil, fmt.Errorf("catalogue: %s: %w", c.Spec, err)
		}
		parts = append(parts, mustParse(text))
		switched += c.Switched
		proven = proven && c.Proven
	}
	variants := []movement.Spec{{Family: "sections", Parts: parts}}
	if sa, sb := a.Spec, b.Spec; sa.Family == sb.Family && sa.Size == sb.Size && sa.Rounds == sb.Rounds && sa.Sets == sb.Sets {
		variants = append(variants, movement.Spec{Family: "sections", Parts: parts, SharedBoards: true, Across: true})
	}
	var out []Candidate
	for _, spec := range variants {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m, err := spec.Build()
		if err != nil {
			return nil, fmt.Errorf("catalogue: %s: %w", spec, err)
		}
		// The name is the sections as generated (the parts' names, without
		// switches): short enough to read; Exact builds the field as played.
		named := spec
		named.Parts = []movement.Spec{mustParse(a.Name), mustParse(b.Name)}
		c := Candidate{Name: named.String(), Family: "sections", Spec: named, Exact: spec.String(), Movement: m,
			Switched: switched, Proven: proven}
		prepare(&c, set)
		if err := evaluate(ctx, &c, false, c.InRange(), set); err != nil {
			return nil, err
		}
		c.QfGenerated = min(a.QfGenerated, b.QfGenerated)
		out = append(out, c)
	}
	return out, nil
}

// mustParse parses a spec the catalogue wrote itself.
func mustParse(text string) movement.Spec {
	s, err := movement.ParseSpec(text)
	if err != nil {
		panic(fmt.Sprintf("catalogue: its own spec %q: %v", text, err))
	}
	return s
}
