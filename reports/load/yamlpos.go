package load

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/reports/disk"
	"gopkg.in/yaml.v3"
)

// SyntaxError is YAMLError for a document that does not parse, placed at the
// real mistake. yaml.v3 reports some errors at the line where the enclosing
// block began ("line 5: did not find expected key" for a bad indent at line
// 35); the first line at which the document's beginning stops parsing with
// the same error is where the mistake is. A tab in the indentation gets a
// hint.
func SyntaxError(path string, data []byte, err error) *StudyError {
	se := YAMLError(path, err).(*StudyError)
	if se.Line > 0 {
		se.Line = mistakeLine(data, se.Line, se.Err.Error())
	}
	if line, ok := lineOf(data, se.Line); ok && strings.Contains(se.Err.Error(), "cannot start any token") && strings.Contains(line, "\t") {
		se.Err = fmt.Errorf("%w (a tab: YAML indents with spaces only)", se.Err)
	} else if tab := firstTabLine(data); tab > 0 && tab <= se.Line && !strings.Contains(se.Err.Error(), "tab") {
		se.Err = fmt.Errorf("%w (line %d is indented with a tab: YAML indents with spaces only)", se.Err, tab)
	}
	return se
}

// mistakeLine finds the first line, from reported on, at which the
// document's lines so far fail to parse with the message msg; reported when
// none does. Parsing a prefix is monotone enough for a binary search: a
// prefix that contains the mistake fails with it.
func mistakeLine(data []byte, reported int, msg string) int {
	lines := bytes.SplitAfter(data, []byte("\n"))
	failsAt := func(n int) bool {
		var v yaml.Node
		err := yaml.Unmarshal(bytes.Join(lines[:n], nil), &v)
		return err != nil && strings.HasSuffix(err.Error(), msg)
	}
	lo, hi := reported, len(lines) // failsAt(hi) holds for the whole document
	if lo > hi || !failsAt(hi) {
		return reported
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if failsAt(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return hi
}

func lineOf(data []byte, n int) (string, bool) {
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}

// firstTabLine is the first line indented with a tab, or 0.
func firstTabLine(data []byte) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, " "), "\t") {
			return i + 1
		}
	}
	return 0
}

// ErrBinary is the error of a file that is not text.
var ErrBinary = errors.New("a binary file, not text: is it the right file?")

// CheckTextFile refuses data that is not text: a NUL byte, many control
// characters, or many bytes that are not UTF-8, in its first 8 kB. A few
// such bytes are text: real files carry Latin-1 names and comments. name
// is the file as the user wrote it.
func CheckTextFile(name string, data []byte) error {
	head := data[:min(len(data), 8192)]
	control, high := 0, 0
	for _, b := range head {
		switch {
		case b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f':
			control++
		case b >= 0x80:
			high++
		}
	}
	// Text in a legacy encoding has a few high bytes (accents); data has
	// many, or control characters, or a NUL.
	notUTF8 := !utf8.Valid(head[:max(0, len(head)-utf8.UTFMax)])
	if bytes.IndexByte(head, 0) >= 0 || control*10 > len(head) || (notUTF8 && high*5 > len(head)) {
		return &InputError{File: name, Err: ErrBinary}
	}
	return nil
}

// ReadText reads a text input file, refusing a binary one with a short
// message rather than its bytes.
func ReadText(path string) ([]byte, error) {
	data, err := disk.ReadFile(path, disk.MaxInputBytes)
	if err != nil {
		return nil, err
	}
	if err := CheckTextFile(path, data); err != nil {
		return nil, err
	}
	return data, nil
}
