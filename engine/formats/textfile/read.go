package textfile

import (
	"bytes"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine"
)

// Read reads a results file that must be text (USEBIO, PBN): ReadAll, a
// byte-order mark dropped, the padding a copy or a fixed-size buffer
// leaves after the text (NUL bytes, a DOS end-of-file Ctrl-Z) dropped, a
// NUL byte before the text's end (a binary file) an error at its line,
// text that is not UTF-8 read as Windows-1252, and every line end made
// "\n" (LF). The ACBLscore reader, whose text files may carry padding,
// calls the parts itself.
func Read(name string, r io.Reader) ([]byte, error) {
	data, err := ReadAll(name, r)
	if err != nil {
		return nil, err
	}
	data = LF(bytes.TrimRight(bytes.TrimPrefix(data, []byte("\uFEFF")), "\x00\x1a"))
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, &engine.ParseError{File: name, Line: 1 + bytes.Count(data[:i], []byte("\n")), Err: fmt.Errorf("binary data (a NUL byte): not a results file")}
	}
	return UTF8(data), nil
}
