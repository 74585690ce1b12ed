// Package sessioncsv reads the plain-text files of the session and
// instant cells: a session as CSV (board,ns,ew,score, one result a line)
// into scoring's BoardResults, and a board's result frequencies (one
// "score count" a line) into its Frequencies. Every error is an
// *engine.ParseError naming the file and line.
package sessioncsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/formats/textfile"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// sessionHeader is the header a session file must start with.
var sessionHeader = []string{"board", "ns", "ew", "score"}

// Read reads a session file: the CSV header board,ns,ew,score, then
// one line per result. Blank lines, lines of empty fields (",,,", as a
// spreadsheet saves a row it once used) and lines starting with # are
// skipped, and so are empty fields after the fourth.
// Every error is a *engine.ParseError naming the file and line.
func Read(name string, r io.Reader) ([]scoring.BoardResult, error) {
	// The bound of every results file (docs/formats.md), and its words.
	data, err := textfile.ReadAll(name, r)
	if err != nil {
		return nil, err
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF")) // spreadsheets write a BOM
	data = textfile.LF(data)                        // and old Macs end lines with a lone CR
	cr := csv.NewReader(bytes.NewReader(data))
	cr.FieldsPerRecord = -1 // counted below, with a better message
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	var results []scoring.BoardResult
	var check scoring.ResultChecker
	header := true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, &engine.ParseError{File: name, Line: pe.Line, Err: pe.Err}
			}
			return nil, &engine.ParseError{File: name, Err: err}
		}
		line, _ := cr.FieldPos(0)
		fail := func(format string, args ...any) error {
			return &engine.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		// A spreadsheet saves the empty cells of a column or row it once
		// used: "1,1,2,420," and ",,,". They are no data.
		for len(rec) > len(sessionHeader) && rec[len(rec)-1] == "" {
			rec = rec[:len(rec)-1]
		}
		if !slices.ContainsFunc(rec, func(f string) bool { return f != "" }) {
			continue
		}
		if header {
			header = false
			if !slices.EqualFunc(rec, sessionHeader, strings.EqualFold) {
				if kind := movementFile(rec, data); kind != "" {
					return nil, fail("%s, not results: score reads a session's results; a movement is read by balance, movement, optimize and simulate", kind)
				}
				return nil, fail("header: want %s, got %q", strings.Join(sessionHeader, ","), engine.Clip(strings.Join(rec, ",")))
			}
			continue
		}
		if len(rec) != len(sessionHeader) {
			return nil, fail("want %d columns (%s), got %d", len(sessionHeader), strings.Join(sessionHeader, ","), len(rec))
		}
		var nums [4]int
		for i, f := range rec {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, fail("%s: %q is not a number", sessionHeader[i], engine.Clip(f))
			}
			nums[i] = n
		}
		res := scoring.BoardResult{Board: nums[0], NS: nums[1], EW: nums[2], Score: nums[3], Line: line}
		if err := check.Check(res); err != nil {
			return nil, fail("%v", err)
		}
		results = append(results, res)
	}
	if header {
		return nil, &engine.ParseError{File: name, Err: errors.New("empty file: want the header board,ns,ew,score and results")}
	}
	if len(results) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("no results after the header")}
	}
	return results, nil
}

// movementFile names the kind of movement file whose first record is rec,
// or "": an .ASC file starts with its pairs, tables, rounds, groups and 0
// (and g), a bridgescorer file names numberTeams. A director may give one
// to score by mistake.
func movementFile(rec []string, data []byte) string {
	if f := strings.Fields(strings.Join(rec, " ")); len(rec) == 1 && (len(f) == 5 || len(f) == 6 && f[5] == "g") {
		for _, x := range f[:5] {
			if _, err := strconv.Atoi(x); err != nil {
				return ""
			}
		}
		return "a movement file (.ASC)"
	}
	if bytes.Contains(data, []byte("numberTeams")) {
		return "a movement file (bridgescorer's)"
	}
	return ""
}
