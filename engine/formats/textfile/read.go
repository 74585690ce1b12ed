// Package textfile reads the text of a results file as clubs publish it
// and the figures written in it, the same way for every format's reader
// (engine/formats/usebio, engine/formats/pbn): bounded in size, in UTF-8
// or in the Windows code page that files which declare nothing mostly
// are, a byte-order mark dropped; scores, decimal figures, pair numbers
// and players' names as scorers write them.
package textfile

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine"
)

// MaxBytes bounds what Read reads: a club session is tens of KiB, a
// congress with hand records a few MiB.
const MaxBytes = 16 << 20

// Read reads r to its end, at most MaxBytes, with an error naming the
// limit; a byte-order mark is dropped, a NUL byte (a binary file) is an
// error, and text that is not UTF-8 is read as Windows-1252.
func Read(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, &engine.ParseError{File: name, Err: err}
	}
	if len(data) > MaxBytes {
		return nil, &engine.ParseError{File: name, Err: fmt.Errorf("larger than %d bytes: not a results file this reader accepts", MaxBytes)}
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, &engine.ParseError{File: name, Line: 1 + bytes.Count(data[:bytes.IndexByte(data, 0)], []byte("\n")), Err: fmt.Errorf("binary data (a NUL byte): not a results file")}
	}
	if !utf8.Valid(data) {
		data = latin1ToUTF8(data)
	}
	return data, nil
}

// latin1ToUTF8 reads bytes as ISO-8859-1 (with Windows-1252 in 0x80–0x9F,
// which is what files that declare nothing mostly are).
func latin1ToUTF8(data []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c >= 0x80 && c < 0xA0:
			b.WriteRune(cp1252[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
	}
	return b.Bytes()
}

var cp1252 = [32]rune{
	'€', '\uFFFD', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\uFFFD', 'Ž', '\uFFFD',
	'\uFFFD', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\uFFFD', 'ž', 'Ÿ',
}
