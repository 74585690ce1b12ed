package site

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Sweep is a parameter run over several values: each value is a page of
// its own, named after the study and the value, with an index of them.
type Sweep struct {
	Name   string
	Values []string
}

// maxSweep bounds the pages of one sweep.
const maxSweep = 200

var (
	sweepName  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)
	sweepRange = regexp.MustCompile(`^(-?\d+)\.\.(-?\d+)(?:/(\d+))?$`)
	sweepValue = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)
)

// ParseSweep reads NAME=FROM..TO (integers, both included), with an
// optional step (NAME=6..40/2), or a list NAME=a,b,c. One value is no
// sweep: it says so, for the caller to use an ordinary -p.
func ParseSweep(spec string) (Sweep, error) {
	name, values, ok := strings.Cut(spec, "=")
	if !ok || !sweepName.MatchString(name) {
		return Sweep{}, fmt.Errorf("%q: want name=FROM..TO or name=a,b,c", spec)
	}
	s := Sweep{Name: name}
	if m := sweepRange.FindStringSubmatch(values); m != nil {
		from, err1 := strconv.Atoi(m[1])
		to, err2 := strconv.Atoi(m[2])
		step := 1
		if m[3] != "" {
			step, _ = strconv.Atoi(m[3])
		}
		switch {
		case err1 != nil || err2 != nil:
			return Sweep{}, fmt.Errorf("%s: %s: the bounds are not integers", name, values)
		case step < 1:
			return Sweep{}, fmt.Errorf("%s: %s: the step must be at least 1", name, values)
		case to < from:
			return Sweep{}, fmt.Errorf("%s: %s: the range runs backwards", name, values)
		case (to-from)/step+1 > maxSweep:
			return Sweep{}, fmt.Errorf("%s: %s: %d values, more than the %d a sweep may have", name, values, (to-from)/step+1, maxSweep)
		}
		for v := from; v <= to; v += step {
			s.Values = append(s.Values, strconv.Itoa(v))
		}
	} else {
		seen := map[string]bool{}
		for _, v := range strings.Split(values, ",") {
			v = strings.TrimSpace(v)
			switch {
			case !sweepValue.MatchString(v):
				return Sweep{}, fmt.Errorf("%s: value %q: a swept value is a number or a plain word", name, v)
			case seen[v]:
				return Sweep{}, fmt.Errorf("%s: the value %s is given twice", name, v)
			}
			seen[v] = true
			s.Values = append(s.Values, v)
		}
		if len(s.Values) > maxSweep {
			return Sweep{}, fmt.Errorf("%s: %d values, more than the %d a sweep may have", name, len(s.Values), maxSweep)
		}
	}
	if len(s.Values) < 2 {
		return Sweep{}, fmt.Errorf("%s=%s: one value is not a sweep: use -p %s=%s", name, values, name, values)
	}
	return s, nil
}

// PageName is the name of a value's page (and of its cache, so that every
// value keeps its own): "mitchell-pairs-14".
func (s Sweep) PageName(study, value string) string {
	return study + "-" + s.Name + "-" + value
}

// PageTitle is the title of a value's page: "Mitchell (pairs = 14)".
func (s Sweep) PageTitle(title, value string) string {
	return fmt.Sprintf("%s (%s = %s)", title, s.Name, value)
}

// Title is the title of the sweep's index: "Mitchell, pairs 6 to 40".
func (s Sweep) Title(title string) string {
	if len(s.Values) > 3 {
		return fmt.Sprintf("%s, %s %s to %s", title, s.Name, s.Values[0], s.Values[len(s.Values)-1])
	}
	return fmt.Sprintf("%s, %s %s", title, s.Name, strings.Join(s.Values, ", "))
}
