package reports

import (
	"encoding/json"
	"io"
)

// resultsJSON is the schema of results.json: every table and figure as data,
// and every check. It holds nothing that varies between runs.
type resultsJSON struct {
	Study       string      `json:"study"`
	Title       string      `json:"title"`
	Version     string      `json:"version"`
	StudySHA256 string      `json:"study_sha256"`
	Inputs      []Input     `json:"inputs"`
	Parameters  []paramJSON `json:"parameters"`
	Tables      []*Table    `json:"tables"`
	Figures     []*Chart    `json:"figures"`
	Checks      []Check     `json:"checks"`
	Summary     summaryJSON `json:"summary"`
}

type paramJSON struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Value string `json:"value"`
}

type summaryJSON struct {
	OK      int `json:"ok"`
	Erratum int `json:"erratum"`
	Fail    int `json:"fail"`
}

// WriteResultsJSON writes results.json.
func WriteResultsJSON(w io.Writer, r *Result) error {
	out := resultsJSON{
		Study: r.Study.Name, Title: r.Study.Title, Version: Version, StudySHA256: r.StudyHash(),
		Inputs: r.Inputs, Parameters: []paramJSON{}, Tables: []*Table{}, Figures: []*Chart{}, Checks: r.Checks,
	}
	if out.Inputs == nil {
		out.Inputs = []Input{}
	}
	if out.Checks == nil {
		out.Checks = []Check{}
	}
	for _, p := range r.Study.Parameters {
		out.Parameters = append(out.Parameters, paramJSON{p.Name, p.Type, r.Study.Values[p.Name]})
	}
	for _, c := range r.Cells {
		for _, b := range c.Blocks {
			if b.Table != nil {
				out.Tables = append(out.Tables, b.Table)
			}
			if b.Chart != nil {
				out.Figures = append(out.Figures, b.Chart)
			}
		}
	}
	out.Summary.OK, out.Summary.Erratum, out.Summary.Fail = r.Tally()
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
