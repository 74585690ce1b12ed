package exactpart

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/engine/movement"
)

// A part read back writes the same bytes, and the parts read back merge
// to what the parts written merge to (luck's tests hold that to the
// enumeration run whole).
func TestPartsRoundTrip(t *testing.T) {
	const spec = "mitchell:5,switch=2"
	s, err := movement.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	set := luck.Settings{Method: luck.Exact}
	var parts, written []*luck.ExactPart
	for k := range 4 {
		p, err := luck.ExactShard(context.Background(), m, set, luck.Shard{K: k, N: 4})
		if err != nil {
			t.Fatal(err)
		}
		p.Movement = spec
		written = append(written, p)
		var buf bytes.Buffer
		if err := Write(&buf, p); err != nil {
			t.Fatal(err)
		}
		written := buf.String()
		back, err := Read(&buf, "part")
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := Write(&again, back); err != nil {
			t.Fatal(err)
		}
		if again.String() != written {
			t.Errorf("shard %d read back writes\n%s\nnot\n%s", k, again.String(), written)
		}
		parts = append(parts, back)
	}
	merged, err := luck.MergeExact(m, parts)
	if err != nil {
		t.Fatal(err)
	}
	want, err := luck.MergeExact(m, written)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged, want) {
		t.Errorf("the parts read back merge to\n%+v\nthe parts written to\n%+v", merged, want)
	}
}

// Another version, or a field this version does not know, is refused
// with the file's name; version 1 (before Moments) is read.
func TestReadRefuses(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, &luck.ExactPart{Format: luck.ExactPartFormat, Version: luck.ExactPartVersion}); err != nil {
		t.Fatal(err)
	}
	this := fmt.Sprintf(`"version":%d`, luck.ExactPartVersion)
	if !strings.Contains(buf.String(), this) {
		t.Fatalf("the part written has no %s: %s", this, buf.String())
	}
	next := fmt.Sprintf(`"version":%d`, luck.ExactPartVersion+1)
	version := strings.Replace(buf.String(), this, next, 1)
	if _, err := Read(strings.NewReader(version), "part-0.json"); err == nil || !strings.Contains(err.Error(), "part-0.json") || !strings.Contains(err.Error(), fmt.Sprintf("version %d", luck.ExactPartVersion+1)) {
		t.Errorf("version %d: error %v", luck.ExactPartVersion+1, err)
	}
	if _, err := Read(strings.NewReader(strings.Replace(buf.String(), this, `"version":1`, 1)), "part-0.json"); err != nil {
		t.Errorf("version 1: error %v", err)
	}
	unknown := strings.Replace(buf.String(), this, this+`,"colour":"red"`, 1)
	if _, err := Read(strings.NewReader(unknown), "part-0.json"); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("unknown field: error %v", err)
	}
}

// TestReadSaysWhatIsWrong: a file that is not a part says so in a file's
// words, with its name, not as the decoder's "EOF" or Go's type names.
func TestReadSaysWhatIsWrong(t *testing.T) {
	var whole bytes.Buffer
	if err := Write(&whole, &luck.ExactPart{Format: luck.ExactPartFormat, Version: luck.ExactPartVersion, Shards: 4}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, data, want string }{
		{"empty", "", "part-0.json: empty, not a part file"},
		{"cut-short", whole.String()[:whole.Len()/2], "part-0.json: cut short, not a whole part file"},
		{"junk", "\x00\x01binary", "part-0.json: not a part file: byte 1: invalid character"},
		{"array", "[1, 2]", "part-0.json: not a part file: a JSON array, not an object"},
		{"wrong-kind", strings.Replace(whole.String(), `"shards":4`, `"shards":-1.5`, 1), `part-0.json: not a part file: byte`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.data), "part-0.json")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
			if err != nil && strings.Contains(err.Error(), "Go ") {
				t.Errorf("error %v names Go's types", err)
			}
		})
	}
}
