package main

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/resolve"

	"github.com/bridgereport/bridgereport/engine/season"
	"github.com/bridgereport/bridgereport/engine/session"
)

// jsonContract is one command's --json: the Result it encodes. docs/json.md
// is written from these, so the documented keys are the encoded ones.
type jsonContract struct {
	command string
	result  any    // a zero Result
	array   bool   // the command prints an array of results
	about   string // what the object is
}

var jsonContracts = []jsonContract{
	{"balance", kinds.CheckResult{}, false, "The check report of one movement (floats unrounded; `matrix` has null on the diagonal)."},
	{"optimize", kinds.OptimizeResult{}, false, "One optimisation by arrow switches; `movement` is the optimised movement in .ASC form; `absent` only when set."},
	{"simulate --model one-strong", kinds.OneStrongResult{}, false, "The one strong pair model: each pair's percentage when one pair tops every board."},
	{"simulate --model two-strong", kinds.TwoStrongResult{}, false, "The two strong pairs model over every choice of the two pairs: the spread of the weak pairs' percentages."},
	{"simulate --model bussemaker", kinds.BussemakerResult{}, false, "The Bussemaker model: per strength the spread of percentages, and the probability (percent) of each place."},
	{"instant", kinds.InstantResult{}, false, "The instant-matchpoint table of a board: the results as played and every row of the table; a row of `kind` result carries `score` and `count`, a row of `kind` gap `low`, `high`, `lowest` and `highest` instead."},
	{"score", kinds.SessionResult{}, false, "A session matchpointed, Neuberg-adjusting boards played fewer times."},
	{"score (a USEBIO or PBN results file)", session.Analysis{}, false, "A club's results file analysed: every pair's percentage as the file prints it and recomputed, the scoring method identified, every disagreement, Neuberg's rounding, the movement played with its balance, the luck model on it, and instant matchpoints from the field."},
	{"score (several results files, or a folder of them: a season)", season.Result{}, false, "A club's season: each session's date, method, disagreements and movements (Qf, Qd, the better arrow switches in words), each pair's probability of finishing first and in the top three from a seeded bootstrap over the boards, every partnership's season average with its standard error and 95 % interval (best N of M with --best-of), and the season's fairness (NS against EW, stationary against moving, Neuberg's rank changes)."},
	{"handicap", kinds.HandicapResult{}, false, "A league's handicaps by Form-L and the old system, and the binomial fairness of outcomes."},
	{"catalogue", kinds.CatalogueAnswer{}, false, "The candidates for one field size, in rank order; `recommended` is null when nothing fits; a candidate's `absent` is the phantom's pair number in `asc`, or null."},
	{"movement", kinds.Guide{}, false, "The guide of a movement: table cards and pair cards; a `next` is {table, direction} or null; a pair card's round has `sits_out` instead of table, direction, opponent and boards."},
	{"movements", resolve.LibraryMovement{}, true, "The movement library, one object per movement; `published_qf` and `published_qo` are null when the file has none."},
}

// writeJSONDoc writes docs/json.md: every command's --json keys, nested
// objects as nested lists.
func writeJSONDoc(w io.Writer) error {
	var b strings.Builder
	b.WriteString("# The --json contracts\n\n")
	b.WriteString("Generated from the Result types of the commands (`go test ./cmd/bridgereport -run TestJSONDoc -update`).\n")
	b.WriteString("Keys are a promise to scripts: they keep their names, places and meanings; new keys are added at the end.\n")
	for _, c := range jsonContracts {
		fmt.Fprintf(&b, "\n## %s\n\n%s ", c.command, c.about)
		if c.array {
			b.WriteString("An array of objects with these keys:\n\n")
		} else {
			b.WriteString("One object with these keys:\n\n")
		}
		writeKeys(&b, reflect.TypeOf(c.result), "")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeKeys(b *strings.Builder, t reflect.Type, indent string) {
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			writeKeys(b, deref(f.Type), indent)
			continue
		}
		if name == "" {
			name = f.Name
		}
		kind, inner := jsonKind(f.Type)
		if strings.Contains(opts, "omitempty") {
			kind += ", left out when empty"
		}
		fmt.Fprintf(b, "%s- `%s` (%s)\n", indent, name, kind)
		if inner != nil {
			writeKeys(b, inner, indent+"  ")
		}
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// jsonKind names a Go type as JSON and returns the struct whose keys it
// holds, if any.
func jsonKind(t reflect.Type) (string, reflect.Type) {
	nullable := false
	for t.Kind() == reflect.Pointer {
		t, nullable = t.Elem(), true
	}
	var kind string
	var inner reflect.Type
	switch t.Kind() {
	case reflect.Struct:
		kind, inner = "object", t
	case reflect.Slice, reflect.Array:
		k, in := jsonKind(t.Elem())
		kind, inner = "array of "+k, in
	case reflect.Map:
		k, in := jsonKind(t.Elem())
		kind, inner = "object of "+k, in
	case reflect.String:
		kind = "string"
	case reflect.Bool:
		kind = "boolean"
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		kind = "number"
	default:
		kind = t.Kind().String()
	}
	if _, ok := reflect.New(t).Interface().(interface{ MarshalText() ([]byte, error) }); ok && t.Kind() != reflect.Struct {
		kind, inner = "string", nil
	}
	if nullable {
		kind += " or null"
	}
	return kind, inner
}
