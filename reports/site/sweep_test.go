package site

import (
	"strings"
	"testing"
)

func TestParseSweep(t *testing.T) {
	for spec, want := range map[string]string{
		"pairs=6..10":     "pairs 6 7 8 9 10",
		"pairs=6..12/3":   "pairs 6 9 12",
		"rule=ties,split": "rule ties split",
		"x=-2..0":         "x -2 -1 0",
	} {
		s, err := ParseSweep(spec)
		if err != nil {
			t.Errorf("%s: %v", spec, err)
			continue
		}
		if got := s.Name + " " + strings.Join(s.Values, " "); got != want {
			t.Errorf("%s: got %s, want %s", spec, got, want)
		}
	}
	for spec, want := range map[string]string{
		"pairs":         "want name=FROM..TO",
		"pairs=10..6":   "the range runs backwards",
		"pairs=6..6":    "one value is not a sweep: use -p pairs=6..6",
		"pairs=1..1000": "1000 values, more than the 200",
		"pairs=6..9/0":  "the step must be at least 1",
		"p=a,a":         "the value a is given twice",
		"p=a,<b>":       `value "<b>": a swept value is a number or a plain word`,
	} {
		if _, err := ParseSweep(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want …%s…", spec, err, want)
		}
	}
	s, _ := ParseSweep("pairs=6..40")
	if s.PageName("mitchell", "14") != "mitchell-pairs-14" || s.PageTitle("Mitchell", "14") != "Mitchell (pairs = 14)" || s.Title("Mitchell") != "Mitchell, pairs 6 to 40" {
		t.Errorf("names: %s, %s, %s", s.PageName("mitchell", "14"), s.PageTitle("Mitchell", "14"), s.Title("Mitchell"))
	}
}
