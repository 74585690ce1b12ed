// Package textfile reads the text of a results file as clubs publish it,
// and the figures written in it (scores, decimals, pair numbers, names as
// scorers write them):
// bounded in size, in UTF-8 or in the Windows code page that files which
// declare nothing mostly are, with a byte-order mark or not, with NUL
// bytes a transfer left behind, and with Windows, Unix and old Mac line
// ends mixed in one file. The format readers (engine/formats/...) read
// through it, so that every format treats these the same way.
package textfile

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/bridgereport/bridgereport/engine"
)

// MaxBytes bounds what ReadAll reads: a club's session is tens of KiB, a
// congress with hand records a few MiB.
const MaxBytes = 16 << 20

// ReadAll reads r to its end, at most MaxBytes, with an error naming the
// file when it is longer.
func ReadAll(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, &engine.ParseError{File: name, Err: err}
	}
	if len(data) > MaxBytes {
		return nil, &engine.ParseError{File: name, Err: fmt.Errorf("larger than %d bytes: not a results file this reader accepts", MaxBytes)}
	}
	return data, nil
}

// UTF8 returns data as UTF-8 without a byte-order mark: unchanged when it
// is valid UTF-8 already, else read as Windows-1252 (ISO-8859-1 with
// letters in 0x80–0x9F), which Latin-1 text is too.
func UTF8(data []byte) []byte {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if utf8.Valid(data) {
		return data
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(data)
	if err != nil { // not reachable: every byte is a Windows-1252 character
		return bytes.ToValidUTF8(data, []byte("\uFFFD"))
	}
	return out
}

// DropNUL removes NUL bytes and says how many there were: a file cut and
// padded by a transfer, or written by a program that pads its records.
func DropNUL(data []byte) ([]byte, int) {
	n := bytes.Count(data, []byte{0})
	if n == 0 {
		return data, 0
	}
	return bytes.ReplaceAll(data, []byte{0}, nil), n
}

// DropEOF removes the DOS end-of-file mark (Ctrl-Z, 0x1A) that old DOS and
// Windows programs write after the text: read as text, it was a last line
// of its own, or a character XML refuses.
func DropEOF(data []byte) []byte {
	return bytes.TrimRight(data, "\x1a")
}

// LF returns text with each line end, "\r\n" or a lone "\r", made "\n"
// (as XML does before it parses): a reader that splits or counts lines at
// "\n" then reads an old Mac file line by line too.
func LF(text []byte) []byte {
	if bytes.IndexByte(text, '\r') < 0 {
		return text
	}
	return bytes.ReplaceAll(bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
}

// Lines splits text into lines at "\r\n", "\n" or a lone "\r", so that a
// file whose lines end three ways is read line by line all the same; line
// i+1 of the file is the i-th string.
func Lines(text []byte) []string {
	if len(text) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(LF(text)), "\n"), "\n")
}
