package scoring

import (
	"fmt"
	"strings"
)

// unmarshalName sets *v to the value of all whose name is text, ignoring
// case; the error says in words what was expected.
func unmarshalName[T fmt.Stringer](v *T, text []byte, all []T) error {
	names := make([]string, len(all))
	for i, x := range all {
		if strings.EqualFold(string(text), x.String()) {
			*v = x
			return nil
		}
		names[i] = x.String()
	}
	return fmt.Errorf("want %s, got %q", orList(names), text)
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// prefixed puts what in front of a non-nil error.
func prefixed(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}
