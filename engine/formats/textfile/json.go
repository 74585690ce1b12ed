package textfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/bridgereport/bridgereport/engine"
)

// JSONError turns what encoding/json said of data into an error at the
// line and column of the file, in the words of a file rather than Go's
// (no type names, no "EOF"). The decoder says where a syntax error or a
// value of the wrong kind is; an unknown key is found by its text.
func JSONError(name string, data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	at := -1
	switch {
	case errors.Is(err, io.EOF):
		return &engine.ParseError{File: name, Err: errors.New("empty: no JSON value")}
	case errors.Is(err, io.ErrUnexpectedEOF):
		at, err = len(data), errors.New("the file ends inside a JSON value: is it cut short?")
	case errors.As(err, &syntax):
		// Offset counts the bytes read, the offending one included.
		at, err = int(syntax.Offset)-1, errors.New(strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		at, err = valueStart(data, int(typ.Offset)-1), wrongKind(typ)
	default:
		if key, ok := unknownKey(err); ok {
			at, err = keyOffset(data, key), fmt.Errorf("unknown key %q", engine.Clip(key))
		}
	}
	if at < 0 {
		return &engine.ParseError{File: name, Err: err}
	}
	line, col := lineColumn(data, min(at, len(data)))
	return &engine.ParseError{File: name, Line: line, Column: col, Err: err}
}

// wrongKind says which key holds a value of the wrong kind, and what was
// wanted.
func wrongKind(e *json.UnmarshalTypeError) error {
	found := e.Value
	if i := strings.IndexByte(found, ' '); i > 0 { // "number 1e999"
		found = found[:i] + " " + engine.Clip(found[i+1:])
	}
	where := "the file"
	if e.Field != "" {
		where = e.Field
	}
	return fmt.Errorf("%s: a JSON %s where %s is wanted", where, found, kindWord(e.Type))
}

func kindWord(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number that fits %d bits", t.Bits())
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return kindWord(t.Elem())
	}
	return "another value"
}

// unknownKey reads the key out of a DisallowUnknownFields error, which
// encoding/json gives only as text.
func unknownKey(err error) (string, bool) {
	const prefix = `json: unknown field "`
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) || !strings.HasSuffix(msg, `"`) {
		return "", false
	}
	return msg[len(prefix) : len(msg)-1], true
}

// keyOffset is the offset of the first place key is used as an object's
// key (quoted, then a colon), or -1.
func keyOffset(data []byte, key string) int {
	quoted, err := json.Marshal(key)
	if err != nil {
		return -1
	}
	for from := 0; ; {
		i := bytes.Index(data[from:], quoted)
		if i < 0 {
			return -1
		}
		i += from
		rest := bytes.TrimLeft(data[i+len(quoted):], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return i
		}
		from = i + 1
	}
}

// valueStart moves at, the last byte of a string, number or literal (where
// encoding/json's Offset points), back to the value's first byte; at an
// object or a list it is there already.
func valueStart(data []byte, at int) int {
	if at < 0 || at >= len(data) {
		return at
	}
	if data[at] == '"' {
		for i := at - 1; i >= 0; i-- {
			if data[i] == '"' && (i == 0 || data[i-1] != '\\') {
				return i
			}
		}
		return at
	}
	for at > 0 && strings.IndexByte("+-.0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", data[at-1]) >= 0 {
		at--
	}
	return at
}

// lineColumn is the 1-based line and column (in characters) of offset.
func lineColumn(data []byte, offset int) (line, col int) {
	before := data[:offset]
	start := bytes.LastIndexByte(before, '\n') + 1
	return 1 + bytes.Count(before, []byte("\n")), 1 + utf8.RuneCount(before[start:])
}
