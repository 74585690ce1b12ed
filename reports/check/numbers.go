package check

import (
	"fmt"
	"math"
)

// Tolerances refuses a tolerance that is negative or not finite: a
// check with tolerance .inf passes any figure, and a negative one none.
func Tolerances(tolerance, figureTolerance float64) error {
	for _, t := range []struct {
		key string
		v   float64
	}{{"tolerance", tolerance}, {"figure_tolerance", figureTolerance}} {
		if t.v < 0 || math.IsNaN(t.v) || math.IsInf(t.v, 0) {
			return fmt.Errorf("%s: %g: want a finite number, 0 or more", t.key, t.v)
		}
	}
	return nil
}
