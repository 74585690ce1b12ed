package sessioncsv

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/engine"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// ReadFrequencies reads an instant-matchpoint input: one `score count` per
// line (NS score, number of results), separated by spaces, tabs or a comma.
// Blank lines and lines starting with # are skipped. Every score must be
// legal with vulnerability v. Every error is a *engine.ParseError naming the line.
func ReadFrequencies(name string, r io.Reader, v scoring.Vulnerability) ([]scoring.Frequency, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	sc.Split(scanLines)
	var freqs []scoring.Frequency
	var check scoring.FrequencyChecker
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\uFEFF"))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fail := func(format string, args ...any) error {
			return &engine.ParseError{File: name, Line: line, Err: fmt.Errorf(format, args...)}
		}
		fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if len(fields) != 2 {
			noun := "fields"
			if len(fields) == 1 {
				noun = "field"
			}
			return nil, fail("want `score count`, got %d %s", len(fields), noun)
		}
		var nums [2]int
		for i, what := range []string{"score", "count"} {
			x, err := strconv.Atoi(fields[i])
			switch {
			case errors.Is(err, strconv.ErrRange) && what == "count":
				return nil, fail("count %s: more than %d results", engine.Clip(fields[i]), scoring.MaxCount)
			case errors.Is(err, strconv.ErrRange):
				return nil, fail("score %s: no bridge score is beyond ±%d", engine.Clip(fields[i]), scoring.MaxScore)
			case err != nil:
				return nil, fail("%s: %q is not a number", what, engine.Clip(fields[i]))
			}
			nums[i] = x
		}
		f := scoring.Frequency{Score: nums[0], Count: nums[1], Line: line}
		if err := check.Check(f, v); err != nil {
			return nil, fail("%v", err)
		}
		freqs = append(freqs, f)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("line longer than %d bytes: not an instant-matchpoint file", maxLine)
		}
		return nil, &engine.ParseError{File: name, Line: line + 1, Err: err}
	}
	if len(freqs) == 0 {
		return nil, &engine.ParseError{File: name, Err: errors.New("no scores (want lines `score count`)")}
	}
	return freqs, nil
}
