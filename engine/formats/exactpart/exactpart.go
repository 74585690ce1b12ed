// Package exactpart writes and reads the part files of a sharded exact
// luck enumeration (luck.ExactShard's luck.ExactPart, merged by
// luck.MergeExact): one JSON object a part, which names its format and
// version, so that a merge refuses a part written by another program or
// another version of this one, or with a field it does not know.
package exactpart

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/bridgereport/bridgereport/engine/luck"
)

// Write writes p as one line of JSON.
func Write(w io.Writer, p *luck.ExactPart) error {
	return json.NewEncoder(w).Encode(p)
}

// Read reads one part, refusing unknown fields and other formats or
// versions (it reads version 1, before Moments, and this one); name (a
// file name) goes into the errors.
func Read(r io.Reader, name string) (*luck.ExactPart, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var p luck.ExactPart
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%s: %w", name, notAPart(err))
	}
	if p.Format != luck.ExactPartFormat || !luck.ExactPartVersionOK(p.Version) {
		return nil, fmt.Errorf("%s: format %q version %d, want %q version %d", name, p.Format, p.Version, luck.ExactPartFormat, luck.ExactPartVersion)
	}
	return &p, nil
}

// notAPart says why what was read is not a part, in the words of a file
// (empty, cut short, not JSON, a key of the wrong kind) rather than the
// decoder's ("EOF", Go's type names).
func notAPart(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("empty, not a part file")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("cut short, not a whole part file (a part is written whole: was it copied in part?)")
	case errors.As(err, &syntax):
		return fmt.Errorf("not a part file: byte %d: %w", syntax.Offset, err)
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("not a part file: a JSON %s, not an object", typ.Value)
	case errors.As(err, &typ):
		return fmt.Errorf("not a part file: byte %d: %q is a JSON %s that does not fit (%s)", typ.Offset, typ.Field, typ.Value, typ.Type)
	}
	return err
}
