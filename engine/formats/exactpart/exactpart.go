// Package exactpart writes and reads the part files of a sharded exact
// luck enumeration (luck.ExactShard's luck.ExactPart, merged by
// luck.MergeExact): one JSON object a part, which names its format and
// version, so that a merge refuses a part written by another program or
// another version of this one, or with a field it does not know.
package exactpart

import (
	"encoding/json"
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
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if p.Format != luck.ExactPartFormat || !luck.ExactPartVersionOK(p.Version) {
		return nil, fmt.Errorf("%s: format %q version %d, want %q version %d", name, p.Format, p.Version, luck.ExactPartFormat, luck.ExactPartVersion)
	}
	return &p, nil
}
