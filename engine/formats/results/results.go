// Package results tells a club's results file by its name and first bytes
// and reads it with its format's reader (engine/formats/usebio, pbn,
// nzscorer, acbl) into a scoring.Session: the one entry point of the
// session and season cells and the score command, so that reading another
// format is one case of reader.
package results

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/engine/formats/acbl"
	"github.com/bridgereport/bridgereport/engine/formats/nzscorer"
	"github.com/bridgereport/bridgereport/engine/formats/pbn"
	"github.com/bridgereport/bridgereport/engine/formats/usebio"
	"github.com/bridgereport/bridgereport/engine/scoring"
)

// HeadBytes is how much of a file Format looks at: an ACBLscore report
// may carry a page of HTML before its heading.
const HeadBytes = 64 << 10

// Format says what a results file is, by its first bytes and its name:
// "usebio", "pbn", "nzscorer", "acbl-recap", "acbl-game", or "" for a
// file this package does not read (a session CSV). The content decides
// where it can (a game file's AC3 table, an XML root, an ACBLscore
// heading), the extension otherwise (a .ACA file without its AC3 table is
// a broken game file, not a session CSV).
func Format(name string, head []byte) string {
	format, _ := reader(name, head)
	return format
}

type readFunc func(name string, r io.Reader) (*scoring.Session, error)

// reader is the format of a file and its reader; "" and nil for none.
func reader(name string, head []byte) (string, readFunc) {
	if acbl.IsGame(head) {
		return "acbl-game", acbl.ReadGame
	}
	ext := strings.ToLower(filepath.Ext(name))
	h := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\uFEFF")), " \t\r\n\x00")
	isXML := bytes.HasPrefix(h, []byte("<?xml")) || ext == ".xml"
	pbnHead := bytes.HasPrefix(h, []byte("%")) || bytes.HasPrefix(h, []byte("["))
	switch {
	case ext == ".csv":
		return "", nil
	case ext == ".xml" && pbnHead:
		// A PBN export saved as .xml (a scorer's "save as"): the content
		// says which, as it does for a file of no known extension.
		return "pbn", pbn.Read
	case isXML && nzscorer.IsSession(head):
		return "nzscorer", nzscorer.Read
	case isXML:
		return "usebio", usebio.Read
	case ext == ".pbn":
		return "pbn", pbn.Read
	case acbl.IsRecap(head):
		return "acbl-recap", acbl.ReadRecap
	case isGameExt(ext):
		// A game file's name without its AC3 table (empty, cut short,
		// another program's file): the game reader says so.
		return "acbl-game", acbl.ReadGame
	case bytes.HasPrefix(h, []byte("<")) && !isHTMLPage(h):
		return "usebio", usebio.Read
	case pbnHead:
		return "pbn", pbn.Read
	}
	return "", nil
}

// isHTMLPage tells an HTML page (an ACBLscore report that is not one
// reads as no results file, not as broken XML).
func isHTMLPage(h []byte) bool {
	l := bytes.ToLower(h[:min(len(h), 256)])
	return bytes.HasPrefix(l, []byte("<html")) || bytes.HasPrefix(l, []byte("<!doctype html"))
}

// Named reports whether a file of a folder may be a results file by its
// name, for a season that reads a folder: .xml, .pbn, ACBLscore's
// reports (.txt, .htm, .html) and game files (.ACA, .ACB, …); the
// content then decides.
func Named(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	switch ext {
	case ".xml", ".pbn", ".txt", ".htm", ".html":
		return true
	}
	return isGameExt(ext)
}

// isGameExt tells the extension of an ACBLscore game file (.aca, .acb,
// …), in lower case.
func isGameExt(ext string) bool {
	return len(ext) == 4 && strings.HasPrefix(ext, ".ac") && ext[3] >= 'a' && ext[3] <= 'z'
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
