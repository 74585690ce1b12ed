package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/study"
)

// runSummary is what `run --json` prints: one entry per study, in the order
// they ran, and the totals. Its keys are a contract for CI scripts.
type runSummary struct {
	Studies []studySummary `json:"studies"`
	Totals  runTotals      `json:"totals"`
}

// studySummary is one study of a run. Error is set, and the checks and
// outputs empty, when the study could not run.
type studySummary struct {
	File     string          `json:"file"`
	Name     string          `json:"name"`
	Title    string          `json:"title,omitempty"`
	OK       int             `json:"ok"`
	Errata   int             `json:"errata"`
	Failed   int             `json:"failed"`
	Failures []figureFailure `json:"failures"`
	Outputs  []string        `json:"outputs"`
	Seconds  float64         `json:"seconds"`
	Error    string          `json:"error,omitempty"`
	Warnings []string        `json:"warnings,omitempty"`
	checks   []reports.Check // every check, for JUnit
}

// figureFailure is a published figure that did not reproduce, at the line
// of its published: entry.
type figureFailure struct {
	Name      string `json:"name"`
	Published string `json:"published"`
	Computed  string `json:"computed"`
	Reason    string `json:"reason,omitempty"`
	File      string `json:"file"`
	Line      int    `json:"line"`
}

// runTotals adds up a run.
type runTotals struct {
	Studies int     `json:"studies"`
	Broken  int     `json:"broken"`
	OK      int     `json:"ok"`
	Errata  int     `json:"errata"`
	Failed  int     `json:"failed"`
	Seconds float64 `json:"seconds"`
}

// add records a finished study.
func (s *runSummary) add(o study.Outcome, seconds float64) *studySummary {
	e := studySummary{File: o.Path, Name: study.NameOf(o.Path), Failures: []figureFailure{}, Outputs: []string{}, Seconds: round3(seconds)}
	s.Totals.Studies++
	s.Totals.Seconds = round3(s.Totals.Seconds + seconds)
	if o.Err != nil {
		e.Error = o.Err.Error()
		s.Totals.Broken++
		s.Studies = append(s.Studies, e)
		return &s.Studies[len(s.Studies)-1]
	}
	r := o.Report
	e.Title, e.checks, e.Warnings = r.Title, r.Checks, r.Warnings
	e.OK, e.Errata, e.Failed = r.Tally()
	s.Totals.OK += e.OK
	s.Totals.Errata += e.Errata
	s.Totals.Failed += e.Failed
	for _, c := range r.Checks {
		if c.Status == reports.StatusFail {
			e.Failures = append(e.Failures, figureFailure{Name: c.Name, Published: c.Published, Computed: c.Computed, Reason: c.Reason, File: o.Path, Line: c.Line})
		}
	}
	for _, f := range []string{"index.html", "index.md", "results.json"} {
		e.Outputs = append(e.Outputs, filepath.Join(o.Written.Dir, f))
	}
	s.Studies = append(s.Studies, e)
	return &s.Studies[len(s.Studies)-1]
}

func round3(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 3, 64), 64)
	return v
}

// line is the last line of a run's text output.
func (t runTotals) line() string {
	s := fmt.Sprintf("%s: %d ok, %d errata, %d failed", count(t.Studies, "study", "studies"), t.OK, t.Errata, t.Failed)
	if t.Broken > 0 {
		s += fmt.Sprintf(", %d could not run", t.Broken)
	}
	return s
}

// JUnit XML, as Jenkins, GitLab and GitHub test reporters read it: a
// testsuite per study, a testcase per published figure.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	File     string      `xml:"file,attr,omitempty"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name       string        `xml:"name,attr"`
	Classname  string        `xml:"classname,attr"`
	File       string        `xml:"file,attr,omitempty"`
	Line       int           `xml:"line,attr,omitempty"`
	Time       string        `xml:"time,attr"`
	Properties *junitProps   `xml:"properties,omitempty"`
	Failure    *junitProblem `xml:"failure,omitempty"`
	Error      *junitProblem `xml:"error,omitempty"`
	SystemOut  string        `xml:"system-out,omitempty"`
}

type junitProps struct {
	Props []junitProp `xml:"property"`
}

type junitProp struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// junit builds the JUnit report of a run. A study that could not run is one
// test case with an error; an erratum passes, with an erratum property and
// a note in its output.
func (s *runSummary) junit() junitSuites {
	out := junitSuites{Name: "bridgereport", Time: seconds(s.Totals.Seconds)}
	for _, st := range s.Studies {
		suite := junitSuite{Name: st.Name, File: st.File, Time: seconds(st.Seconds)}
		if st.Error != "" {
			suite.Cases = append(suite.Cases, junitCase{Name: "run", Classname: st.Name, File: st.File, Time: seconds(st.Seconds),
				Error: &junitProblem{Message: "the study could not run", Type: "error", Text: st.Error}})
			suite.Errors++
		}
		for _, c := range st.checks {
			tc := junitCase{Name: c.Name, Classname: st.Name, File: st.File, Line: c.Line, Time: "0"}
			where := fmt.Sprintf("%s:%d", st.File, c.Line)
			switch c.Status {
			case reports.StatusFail:
				msg := fmt.Sprintf("published %s, computed %s", c.Published, c.Computed)
				tc.Failure = &junitProblem{Message: msg, Type: "figure", Text: strings.TrimSpace(fmt.Sprintf("%s: %s: %s %s", where, c.Name, msg, c.Reason))}
				suite.Failures++
			case reports.StatusErratum:
				tc.Properties = &junitProps{[]junitProp{{"erratum", c.Reason}, {"published", c.Published}, {"computed", c.Computed}}}
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

// writeJUnit writes the JUnit XML of a run to file.
func writeJUnit(file string, s *runSummary) error {
	b, err := xml.MarshalIndent(s.junit(), "", "  ")
	if err != nil {
		return err
	}
	b = append([]byte(xml.Header), append(b, '\n')...)
	if err := os.WriteFile(file, b, 0o644); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}
