package study

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// modelFlags lists, per model of the simulate command, the flags it reads
// besides --model and --json.
var modelFlags = map[string][]string{
	"one-strong": {"strong"},
	"two-strong": {},
	"bussemaker": {"samples", "seed", "strengths", "groups", "exact", "sample"},
}

// CheckModelFlags rejects an unknown model and flags the model does not use,
// rather than ignoring them.
func CheckModelFlags(model string, set map[string]bool) error {
	own, ok := modelFlags[model]
	if !ok {
		if model == "" {
			return errors.New("--model is required: one-strong, two-strong or bussemaker")
		}
		return fmt.Errorf("--model %q: want one-strong, two-strong or bussemaker", model)
	}
	var stray []string
	for name := range set {
		if name != "model" && name != "json" && !slices.Contains(own, name) {
			stray = append(stray, "--"+name)
		}
	}
	if len(stray) > 0 {
		slices.Sort(stray)
		return fmt.Errorf("%s not used by --model %s", strings.Join(stray, ", "), model)
	}
	return nil
}
