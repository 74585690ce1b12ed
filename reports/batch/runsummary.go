package batch

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

// RunSummary is what `run --json` prints: one entry per study, in the order
// they ran, and the totals. Its keys are a contract for CI scripts.
type RunSummary struct {
	Studies []StudySummary `json:"studies"`
	Totals  RunTotals      `json:"totals"`
}

// StudySummary is one study of a run. Error is set, and the checks and
// outputs empty, when the study could not run.
type StudySummary struct {
	File     string          `json:"file"`
	Name     string          `json:"name"`
	Title    string          `json:"title,omitempty"`
	OK       int             `json:"ok"`
	Errata   int             `json:"errata"`
	Failed   int             `json:"failed"`
	Failures []FigureFailure `json:"failures"`
	Outputs  []string        `json:"outputs"`
	Seconds  float64         `json:"seconds"`
	Error    string          `json:"error,omitempty"`
	Warnings []string        `json:"warnings,omitempty"`
	checks   []reports.Check // every check, for JUnit
}

// FigureFailure is a published figure that did not reproduce, at the line
// of its published: entry.
type FigureFailure struct {
	Name      string `json:"name"`
	Published string `json:"published"`
	Computed  string `json:"computed"`
	Reason    string `json:"reason,omitempty"`
	File      string `json:"file"`
	Line      int    `json:"line"`
}

// RunTotals adds up a run.
type RunTotals struct {
	Studies int     `json:"studies"`
	Broken  int     `json:"broken"`
	OK      int     `json:"ok"`
	Errata  int     `json:"errata"`
	Failed  int     `json:"failed"`
	Seconds float64 `json:"seconds"`
}

// Add records a finished study: file, its name, and its report written to
// dir, or the error that stopped it.
func (s *RunSummary) Add(file, name string, r *reports.Report, dir string, err error, seconds float64) *StudySummary {
	e := StudySummary{File: file, Name: name, Failures: []FigureFailure{}, Outputs: []string{}, Seconds: round3(seconds)}
	s.Totals.Studies++
	s.Totals.Seconds = round3(s.Totals.Seconds + seconds)
	if err != nil {
		e.Error = err.Error()
		s.Totals.Broken++
		s.Studies = append(s.Studies, e)
		return &s.Studies[len(s.Studies)-1]
	}
	e.Title, e.checks, e.Warnings = r.Title, r.Checks, r.Warnings
	e.OK, e.Errata, e.Failed = r.Tally()
	s.Totals.OK += e.OK
	s.Totals.Errata += e.Errata
	s.Totals.Failed += e.Failed
	for _, c := range r.Checks {
		if c.Status == reports.StatusFail {
			e.Failures = append(e.Failures, FigureFailure{Name: c.Name, Published: c.Published, Computed: c.Computed, Reason: c.Reason, File: file, Line: c.Line})
		}
	}
	for _, f := range []string{"index.html", "index.md", "results.json"} {
		e.Outputs = append(e.Outputs, filepath.Join(dir, f))
	}
	s.Studies = append(s.Studies, e)
	return &s.Studies[len(s.Studies)-1]
}

func round3(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 3, 64), 64)
	return v
}

// Line is the last line of a run's text output.
func (t RunTotals) Line() string {
	s := Count(t.Studies, "study", "studies") + ": " + reports.TallyText(t.OK, t.Errata, t.Failed)
	if t.Broken > 0 {
		s += fmt.Sprintf(", %d could not run", t.Broken)
	}
	return s
}

// JUnit XML, as Jenkins, GitLab and GitHub test reporters read it: a
// testsuite per study, a testcase per published figure.
type JUnitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

type JUnitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	File     string      `xml:"file,attr,omitempty"`
	Cases    []JUnitCase `xml:"testcase"`
}

type JUnitCase struct {
	Name       string        `xml:"name,attr"`
	Classname  string        `xml:"classname,attr"`
	File       string        `xml:"file,attr,omitempty"`
	Line       int           `xml:"line,attr,omitempty"`
	Time       string        `xml:"time,attr"`
	Properties *JUnitProps   `xml:"properties,omitempty"`
	Failure    *JUnitProblem `xml:"failure,omitempty"`
	Error      *JUnitProblem `xml:"error,omitempty"`
	SystemOut  string        `xml:"system-out,omitempty"`
}

type JUnitProps struct {
	Props []JUnitProp `xml:"property"`
}

type JUnitProp struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type JUnitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// junit builds the JUnit report of a run. A study that could not run is one
// test case with an error; an erratum passes, with an erratum property and
// a note in its output.
func (s *RunSummary) JUnit() JUnitSuites {
	out := JUnitSuites{Name: "bridgereport", Time: seconds(s.Totals.Seconds)}
	for _, st := range s.Studies {
		suite := JUnitSuite{Name: st.Name, File: st.File, Time: seconds(st.Seconds)}
		if st.Error != "" {
			suite.Cases = append(suite.Cases, JUnitCase{Name: "run", Classname: st.Name, File: st.File, Time: seconds(st.Seconds),
				Error: &JUnitProblem{Message: "the study could not run", Type: "error", Text: st.Error}})
			suite.Errors++
		}
		for _, c := range st.checks {
			tc := JUnitCase{Name: c.Name, Classname: st.Name, File: st.File, Line: c.Line, Time: "0"}
			where := fmt.Sprintf("%s:%d", st.File, c.Line)
			switch c.Status {
			case reports.StatusFail:
				msg := fmt.Sprintf("published %s, computed %s", c.Published, c.Computed)
				tc.Failure = &JUnitProblem{Message: msg, Type: "figure", Text: strings.TrimSpace(fmt.Sprintf("%s: %s: %s %s", where, c.Name, msg, c.Reason))}
				suite.Failures++
			case reports.StatusErratum:
				tc.Properties = &JUnitProps{[]JUnitProp{{"erratum", c.Reason}, {"published", c.Published}, {"computed", c.Computed}}}
				tc.SystemOut = fmt.Sprintf("%s: erratum: published %s, computed %s: %s", where, c.Published, c.Computed, c.Reason)
			}
			suite.Cases = append(suite.Cases, tc)
		}
		suite.Tests = len(suite.Cases)
		out.Tests += suite.Tests
		out.Failures += suite.Failures
		out.Errors += suite.Errors
		out.Suites = append(out.Suites, suite)
	}
	return out
}

func seconds(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// WriteJUnit writes the JUnit XML of a run to file.
func (s *RunSummary) WriteJUnit(file string) error {
	b, err := xml.MarshalIndent(s.JUnit(), "", "  ")
	if err != nil {
		return err
	}
	b = append([]byte(xml.Header), append(b, '\n')...)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}

// Count writes "1 study", "2 studies".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
