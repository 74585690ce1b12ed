package textfile

import (
	"encoding/json"
	"strings"
	"testing"
)

// JSONError points at the byte that is wrong, in lines and characters,
// and speaks of JSON values, not Go types.
func TestJSONErrorSaysWhere(t *testing.T) {
	type row struct {
		N    int    `json:"n"`
		Name string `json:"name"`
	}
	for text, want := range map[string]string{
		"[\n {\"n\": 1},\n {\"n\": 2,}]":              `f.json:3:10: invalid character '}' looking for beginning of object key string`,
		"[\n {\"n\": \"two\"}]":                       `f.json:2:8: n: a JSON string where a whole number that fits 64 bits is wanted`,
		"[\n {\"name\": \"é\", \"n\": 1.5}]":          `f.json:2:21: n: a JSON number 1.5 where a whole number that fits 64 bits is wanted`,
		"[\n {\"name\": \"a:\\\"b\\\"\", \"nn\": 1}]": `f.json:2:22: unknown key "nn"`,
		"{\"n\": 1}":  `f.json:1:1: the file: a JSON object where a list is wanted`,
		"[{\"n\": 1}": `f.json:1:10: the file ends inside a JSON value: is it cut short?`,
		"  ":          `f.json: empty: no JSON value`,
	} {
		var rows []row
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		err := dec.Decode(&rows)
		if err == nil {
			t.Fatalf("%q decoded", text)
		}
		if got := JSONError("f.json", []byte(text), err).Error(); got != want {
			t.Errorf("%q:\n got %s\nwant %s", text, got, want)
		}
	}
}
