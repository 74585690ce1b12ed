package study

import (
	"bytes"
	"context"
	"errors"
	"math"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports/cache"
	"github.com/bridgereport/bridgereport/reports/load"
)

// FuzzStudy decodes and runs arbitrary studies with a small budget: no
// panic, and every error is a *StudyError naming the file (or the budget
// running out).
func FuzzStudy(f *testing.F) {
	for _, seed := range []string{
		"title: T\nmovements: {m: {mitchell: 3}}\ncells: [{balance: {rows: [{movement: m, published: {qf: \"50\"}}]}}]\n",
		"title: T\nparameters: [{name: n, type: int, default: \"3\", min: 3}]\nmovements: {m: {mitchell: ${n}}}\ncells: [{vacancy: {movement: m}}]\n",
		"title: T\ncells: [{markdown: \"## H\\n<b>x</b> [l](javascript:x)\"}]\n",
		"title: T\nmovements: {m: {howell: 6}}\ncells: [{bussemaker: {movement: m, method: exact}}]\n",
		"title: T\ncells: [{instant: {results: [[420, 3], [450, 1]]}}]\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseStudy("f.yaml", data, nil)
		if err == nil {
			s.Dir = t.TempDir() // files it names are missing, never read from here
			ctx, cancel := context.WithTimeout(t.Context(), time.Second)
			_, err = Run(ctx, s, RunOptions{})
			cancel()
			if errors.Is(err, context.DeadlineExceeded) {
				return
			}
		}
		var se *load.StudyError
		if err != nil && !errors.As(err, &se) {
			t.Errorf("not a *StudyError: %v", err)
		}
	})
}

// FuzzParamValue checks -p values: an accepted number is finite and
// within the parameter's bounds.
func FuzzParamValue(f *testing.F) {
	f.Add("float", "1.5", 0.0, 5.0)
	f.Add("float", "NaN", 0.0, 5.0)
	f.Add("int", "9223372036854775808", 0.0, 1e300)
	f.Add("float", "-Inf", -1e308, 0.0)
	f.Add("bool", "true", 0.0, 0.0)
	f.Fuzz(func(t *testing.T, typ, v string, lo, hi float64) {
		p := Parameter{Name: "p", Type: typ}
		if typ == "int" || typ == "float" {
			p.Min, p.Max = &lo, &hi
		}
		if err := p.Check(v); err != nil {
			return
		}
		var x float64
		switch typ {
		case "int":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("int %q accepted: %v", v, err)
			}
			x = float64(n)
		case "float":
			var err error
			if x, err = strconv.ParseFloat(v, 64); err != nil {
				t.Fatalf("float %q accepted: %v", v, err)
			}
		default:
			return
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Errorf("%q accepted: not finite", v)
		}
		if x < lo || x > hi {
			t.Errorf("%q accepted outside [%g, %g]", v, lo, hi)
		}
	})
}

// FuzzCacheEntry decodes arbitrary cache entries: never a panic; an entry
// accepted is exactly what EncodeEntry writes for the value it gave.
func FuzzCacheEntry(f *testing.F) {
	good, err := cache.EncodeEntry(luck.Result{Samples: 10, Qd: 50, RankProbability: [][]float64{{1, 0}, {0, 1}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add(bytes.Replace(good, []byte(`"Qd":50`), []byte(`"Qd":51`), 1))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r luck.Result
		if cache.DecodeEntry(data, &r) != nil {
			if !reflect.DeepEqual(r, luck.Result{}) {
				t.Fatal("a refused entry changed the result")
			}
			return
		}
		again, err := cache.EncodeEntry(r)
		if err != nil {
			t.Fatal(err)
		}
		var back luck.Result
		if err := cache.DecodeEntry(again, &back); err != nil || !reflect.DeepEqual(back, r) {
			t.Errorf("an accepted entry does not round-trip: %v", err)
		}
	})
}
