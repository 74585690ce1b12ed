package livetest_test

import (
	"bytes"
	"context"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/live"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/study"
)

// runStudy runs a study as bridgereport run -p does, without a cache.
func runStudy(t testing.TB, path string, values map[string]string) *reports.Report {
	t.Helper()
	s, err := study.LoadStudy(path, values)
	if err != nil {
		t.Fatal(err)
	}
	r, err := study.Run(context.Background(), s, study.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// answer runs a request against a page's study and collects the messages.
func answer(t testing.TB, page *reports.Live, values map[string]string, cells ...string) []live.Message {
	t.Helper()
	if cells == nil {
		for _, c := range page.Cells {
			cells = append(cells, c.ID)
		}
	}
	var got []live.Message
	err := live.Run(context.Background(), page, live.Request{Values: values, Cells: cells}, func(m live.Message) {
		if m.Type != "progress" {
			got = append(got, m)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func section(t testing.TB, r *reports.Report, id string) reports.Section {
	t.Helper()
	i := slices.IndexFunc(r.Sections, func(s reports.Section) bool { return s.ID == id })
	if i < 0 {
		t.Fatalf("no section %s", id)
	}
	return r.Sections[i]
}

// TestRunIsTheStudyRun recomputes the live cells of a page for several
// values and compares each with the cell of bridgereport run -p with those
// values, printed by the page's printer: the same blocks, the same numbers
// at the page's precision, the same table and figure numbers. The page
// itself holds the same markup in the cell's element (its charts drawn by
// scripts of their own).
func TestRunIsTheStudyRun(t *testing.T) {
	const path = "testdata/kinds.yaml"
	published := runStudy(t, path, nil)
	if published.Live == nil {
		t.Fatal("a study with interactive parameters made a page without a live part")
	}
	var ids []string
	for _, c := range published.Live.Cells {
		ids = append(ids, c.ID)
	}
	want := []string{"qf", "vacancy", "one-strong", "two-strong", "luck", "matrix", "layout", "cards", "tonight"}
	if !slices.Equal(ids, want) {
		t.Fatalf("live cells %v, want %v (not the prose, not the cell of a fixed movement)", ids, want)
	}
	for _, tc := range []struct {
		name   string
		values map[string]string
	}{
		{"published", nil},
		{"tables=9", map[string]string{"tables": "9"}},
		{"spec and samples", map[string]string{"spec": "mitchell:5,switch=2", "samples": "500"}},
		{"hours and tables", map[string]string{"hours": "3", "tables": "11"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if testing.Short() && tc.name != "tables=9" {
				t.Skip("-short: one set of values")
			}
			ran := runStudy(t, path, tc.values)
			var page bytes.Buffer
			if err := render.NewRenderer().HTML(&page, ran); err != nil {
				t.Fatal(err)
			}
			got := answer(t, published.Live, tc.values)
			if n := len(got); n != len(ids)+1 || got[n-1].Type != "done" {
				t.Fatalf("%d messages, want a cell each and done: %+v", n, got)
			}
			changed := 0
			for i, id := range ids {
				m := got[i]
				if old, _, _ := render.Section(section(t, published, id).Blocks); old != m.HTML {
					changed++
				}
				if m.Type != "cell" || m.Cell != id {
					t.Fatalf("message %d: %s %s %s, want the cell %s", i, m.Type, m.Cell, m.Error, id)
				}
				html, charts, err := render.Section(section(t, ran, id).Blocks)
				if err != nil {
					t.Fatal(err)
				}
				if m.HTML != html {
					t.Errorf("cell %s: recomputed\n%s\nrun -p prints\n%s", id, m.HTML, html)
				}
				if len(m.Charts) != len(charts) {
					t.Errorf("cell %s: %d charts, run -p draws %d", id, len(m.Charts), len(charts))
				}
				for j := range min(len(m.Charts), len(charts)) {
					if m.Charts[j].ID != charts[j].ID || !bytes.Equal(m.Charts[j].Option, charts[j].Option) {
						t.Errorf("cell %s: chart %s differs from run -p's", id, m.Charts[j].ID)
					}
				}
				// The page's element of the cell: the same markup, and a
				// script a chart.
				inPage := pageCell(t, page.String(), id)
				if stripped := scripts.ReplaceAllString(inPage, ""); stripped != html {
					t.Errorf("cell %s: the page holds\n%s\nthe engine prints\n%s", id, stripped, html)
				}
			}
			if (changed == 0) != (tc.values == nil) {
				t.Errorf("%d cells differ from the published page's", changed)
			}
		})
	}
}

// TestRunRefusesValues: a value the study refuses is said at its control in
// the words of bridgereport run -p, and the cells that use it are not
// computed; so is a movement the values make impossible, at the values it
// uses. The other cells are computed.
func TestRunRefusesValues(t *testing.T) {
	const path = "testdata/kinds.yaml"
	published := runStudy(t, path, nil)
	for _, tc := range []struct {
		values map[string]string
		want   map[string]string // a part of the message, by parameter
	}{
		{map[string]string{"tables": "99"}, map[string]string{"tables": "99 is above the greatest value the study allows, 15"}},
		{map[string]string{"tables": "seven"}, map[string]string{"tables": `want a whole number, got "seven"`}},
		{map[string]string{"tables": "", "hours": "5"}, map[string]string{"tables": `want a whole number, got ""`, "hours": `"5" is not one of the study's choices: 2, 2.5, 3`}},
		{map[string]string{"tables": "8"}, map[string]string{"tables": "movement m:"}},
		{map[string]string{"spec": "howel:8", "samples": "300"}, map[string]string{"spec": "movement chosen:"}},
		{map[string]string{"spec": "mitchell:7,switch=9"}, map[string]string{"spec": "movement chosen:"}},
		{map[string]string{"seed": "4"}, map[string]string{"seed": "seed is not interactive"}},
	} {
		got := answer(t, published.Live, tc.values)
		errs, held, computed := map[string]string{}, map[string]bool{}, map[string]bool{}
		for _, m := range got {
			switch m.Type {
			case "invalid":
				maps.Copy(errs, m.Errors)
				for _, c := range m.Cells {
					held[c] = true
				}
			case "cell":
				computed[m.Cell] = true
			}
		}
		if got[len(got)-1].Type != "done" {
			t.Errorf("%v: the answer does not end with done", tc.values)
		}
		if !slices.Equal(slices.Sorted(maps.Keys(errs)), slices.Sorted(maps.Keys(tc.want))) {
			t.Errorf("%v: refused %v, want %v", tc.values, errs, tc.want)
		}
		for name, part := range tc.want {
			if !strings.Contains(errs[name], part) {
				t.Errorf("%v: %s: %q, want %q in it", tc.values, name, errs[name], part)
			}
		}
		for _, c := range published.Live.Cells {
			uses := slices.ContainsFunc(c.Params, func(p string) bool { _, refused := tc.want[p]; return refused })
			switch {
			case held[c.ID] && computed[c.ID]:
				t.Errorf("%v: cell %s both held and computed", tc.values, c.ID)
			case held[c.ID] && !uses:
				t.Errorf("%v: cell %s held, and it uses none of the refused values", tc.values, c.ID)
			case !held[c.ID] && !computed[c.ID]:
				t.Errorf("%v: cell %s neither held nor computed", tc.values, c.ID)
			}
		}
		// The same words as run -p, which names the value first.
		if _, err := study.LoadStudy(path, tc.values); len(tc.values) == 1 && err != nil {
			for name := range tc.want {
				if msg := errs[name]; !strings.Contains(err.Error(), msg) && !strings.HasPrefix(msg, "movement") {
					t.Errorf("%v: %q is not run -p's %q", tc.values, msg, err)
				}
			}
		}
	}
}

// TestRunSaysProgress: a sampled model reports its progress while it runs.
func TestRunSaysProgress(t *testing.T) {
	published := runStudy(t, "testdata/kinds.yaml", nil)
	var progress []live.Message
	err := live.Run(context.Background(), published.Live, live.Request{Values: map[string]string{"samples": "3000"}, Cells: []string{"luck"}}, func(m live.Message) {
		if m.Type == "progress" {
			progress = append(progress, m)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(progress) == 0 || progress[len(progress)-1].Done != progress[len(progress)-1].Total {
		t.Errorf("progress %+v: want messages up to the whole", progress)
	}
}

// scripts are the inline scripts that draw a published page's charts.
var scripts = regexp.MustCompile(`(?s)<script>.*?</script>\n`)

// pageCell is what stands between a live cell's two markers in a page.
func pageCell(t testing.TB, page, id string) string {
	t.Helper()
	open := `<div class="live-cell" id="` + reports.LiveID(id) + `" hidden></div>` + "\n"
	start := strings.Index(page, open)
	if start < 0 {
		t.Fatalf("the page has no marker for cell %s", id)
	}
	start += len(open)
	end := strings.Index(page[start:], `<div class="live-end" hidden></div>`+"\n")
	if end < 0 {
		t.Fatalf("cell %s's blocks have no end marker", id)
	}
	return page[start : start+end]
}
