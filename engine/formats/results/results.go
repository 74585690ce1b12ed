// Package results tells a club's results file by its name and first bytes
// and reads it with its format's reader (engine/formats/usebio,
// engine/formats/pbn) into a scoring.Session: the one entry point of the
// session and season cells and the score command, so that reading another
// format is one case of reader.
package results

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/pbn"
	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// HeadBytes is how much of a file Format looks at.
const HeadBytes = 512

// Format says what a results file is, by its name and its first bytes:
// "usebio", "pbn", or "" for a file this package does not read (a session
// CSV). The extension decides (.xml, .pbn, .csv), else the content.
func Format(name string, head []byte) string {
	format, _ := reader(name, head)
	return format
}

// reader is the format of a file and its reader; "" and nil for none.
func reader(name string, head []byte) (string, func(name string, r io.Reader) (*scoring.Session, error)) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xml":
		return "usebio", usebio.Read
	case ".pbn":
		return "pbn", pbn.Read
	case ".csv":
		return "", nil
	}
	h := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\uFEFF")), " \t\r\n")
	switch {
	case bytes.HasPrefix(h, []byte("<")):
		return "usebio", usebio.Read
	case bytes.HasPrefix(h, []byte("%")) || bytes.HasPrefix(h, []byte("[")):
		return "pbn", pbn.Read
	}
	return "", nil
}

// Named reports whether a file of a folder may be a results file by its
// name (.xml, .pbn), for a season that reads a folder.
func Named(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xml", ".pbn":
		return true
	}
	return false
}

// Read reads data as a results file; ok is false when it is none
// (Format is ""), which the caller reads otherwise. Its errors are the
// readers': *engine.ParseError values naming the file and line.
func Read(name string, data []byte) (s *scoring.Session, ok bool, err error) {
	_, read := reader(name, data[:min(len(data), HeadBytes)])
	if read == nil {
		return nil, false, nil
	}
	s, err = read(name, bytes.NewReader(data))
	return s, true, err
}
