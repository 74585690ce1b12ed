package check

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/engine/published"
	"github.com/bridgereport/bridgereport/reports"
)

// The checks of published figures, for every cell: a cell hands its
// computed figures by name, the study gives the published ones (and errata)
// as printed, and engine/published compares them at the printed precision.

// Figures compares published figures with computed ones. Every
// published or erratum key must name a computed figure.
func Figures(prefix string, computed map[string]float64, printed, errata map[string]string) ([]reports.Check, error) {
	for key := range errata {
		if _, ok := printed[key]; !ok {
			return nil, fmt.Errorf("errata: %s has no published figure", key)
		}
	}
	var checks []reports.Check
	for _, key := range slices.Sorted(maps.Keys(printed)) {
		value, ok := computed[key]
		if !ok {
			return nil, fmt.Errorf("published: unknown figure %q (this cell computes %s)", key, strings.Join(Patterns(computed), ", "))
		}
		c, err := Compare(prefix+key, printed[key], value, errata[key])
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// Compare checks one figure at the precision of its published form.
func Compare(name, printed string, value float64, erratum string) (reports.Check, error) {
	computed, match, err := published.Compare(value, printed)
	if err != nil {
		return reports.Check{}, fmt.Errorf("published %s: %w", name, err)
	}
	return verdict(reports.Check{Name: name, Published: printed, Computed: computed}, match, erratum, "", ""), nil
}

// Within compares sampled figures: each must lie within tol of the
// printed one (plus half a unit of its last printed digit).
func Within(prefix string, computed map[string]float64, printed, errata map[string]string, tol float64) ([]reports.Check, error) {
	var checks []reports.Check
	for _, key := range slices.Sorted(maps.Keys(printed)) {
		v, ok := computed[key]
		if !ok {
			return nil, fmt.Errorf("published: unknown figure %q", key)
		}
		c, err := CompareWithin(prefix+key, printed[key], v, tol, errata[key])
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	return checks, nil
}

// CompareWithin checks one sampled figure against its published form.
func CompareWithin(name, printed string, v, tol float64, erratum string) (reports.Check, error) {
	computed, match, err := published.Within(v, printed, tol)
	if err != nil {
		return reports.Check{}, fmt.Errorf("published %s: %w", name, err)
	}
	c := reports.Check{Name: name, Published: printed, Computed: computed}
	return verdict(c, match, erratum,
		fmt.Sprintf("within %.2g of the printed figure, beyond its rounding", tol),
		fmt.Sprintf("more than %.2g from the printed figure, beyond its rounding", tol)), nil
}

// verdict sets a check's status from whether the figure matched and the
// erratum declared for it, if any: an erratum that no longer holds fails.
// ok and fail are the reasons given when there is no erratum.
func verdict(c reports.Check, match bool, erratum, ok, fail string) reports.Check {
	switch {
	case match && erratum == "":
		c.Status, c.Reason = reports.StatusOK, ok
	case match:
		c.Status, c.Reason = reports.StatusFail, "declared an erratum, but the published figure reproduces: "+erratum
	case erratum != "":
		c.Status, c.Reason = reports.StatusErratum, erratum
	default:
		c.Status, c.Reason = reports.StatusFail, fail
	}
	return c
}

// higherIsBetter are the figures a published value can be beaten on.
var higherIsBetter = []string{"qf", "qo", "qf1_av", "qf1_max"}

// Beats checks that each figure reaches or beats the published one,
// compared at the published precision: a published figure of another
// movement for the same event, which this one improves on.
func Beats(prefix string, computed map[string]float64, beats, printed map[string]string) ([]reports.Check, error) {
	var checks []reports.Check
	for _, key := range slices.Sorted(maps.Keys(beats)) {
		if _, ok := printed[key]; ok {
			return nil, fmt.Errorf("beats: %s is published too: give it in one of them", key)
		}
		if !slices.Contains(higherIsBetter, key) {
			return nil, fmt.Errorf("beats: %q is not a figure where higher is better (%s)", key, strings.Join(higherIsBetter, ", "))
		}
		got, cmp, err := published.Reaches(computed[key], beats[key])
		if err != nil {
			return nil, fmt.Errorf("beats %s: %w", key, err)
		}
		c := reports.Check{Name: prefix + key, Published: beats[key] + " (to reach or beat)", Computed: got, Status: reports.StatusOK}
		switch cmp {
		case -1:
			c.Status = reports.StatusFail
		case 1:
			c.Reason = "beaten"
		}
		checks = append(checks, c)
	}
	return checks, nil
}
