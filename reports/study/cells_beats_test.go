package study

import (
	"context"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
)

// A published figure of another movement is reached, beaten or missed; a
// miss fails, as a published figure that does not reproduce does.
func TestBalanceBeats(t *testing.T) {
	src := `title: "B"
movements:
  m: mitchell:7,switch=2
cells:
  - balance:
      id: b
      rows:
        - {label: reach, movement: m, beats: {qf: "92.00"}}
        - {label: beat, movement: m, beats: {qf: "91.5"}}
        - {label: miss, movement: m, beats: {qf: "92.01"}}
`
	s, err := ParseStudy("b.yaml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), s, RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Checks {
		got = append(got, c.Name+" "+c.Status+" "+c.Computed+" "+c.Reason)
	}
	want := []string{"b/reach/qf ok 92.00 ", "b/beat/qf ok 92.0 beaten", "b/miss/qf fail 92.00 "}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("checks\n %q\nwant\n %q", got, want)
	}
	if res.Checks[0].Published != "92.00 (to reach or beat)" || res.Checks[2].Status != reports.StatusFail {
		t.Errorf("check %+v", res.Checks[0])
	}
	for _, bad := range []struct{ row, want string }{
		{`{movement: m, published: {qf: "92"}, beats: {qf: "90"}}`, "beats: qf is published too"},
		{`{movement: m, beats: {sd: "1"}}`, `beats: "sd" is not a figure where higher is better`},
	} {
		src := "title: B\nmovements:\n  m: mitchell:7,switch=2\ncells:\n  - balance:\n      rows:\n        - " + bad.row + "\n"
		s, err := ParseStudy("b.yaml", []byte(src), nil)
		if err == nil {
			_, err = Run(context.Background(), s, RunOptions{})
		}
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: error %v, want %q", bad.row, err, bad.want)
		}
	}
}
