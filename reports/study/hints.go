package study

import (
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"

	"github.com/bridgereport/bridgereport/reports/load"
)

// checkMovementCounts says what is wrong with a generated movement's size
// written as 0 or less (`mitchell: 0`), which would otherwise read as the
// key left out ("give exactly one of spec, file, ...").
func checkMovementCounts(path string, root *yaml.Node) error {
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	movements := load.MappingValue(root.Content[0], "movements")
	if movements == nil || movements.Kind != yaml.MappingNode {
		return nil
	}
	least := map[string]string{"mitchell": "3 or more tables", "relay_mitchell": "the number of tables", "howell": "the number of pairs, 4 or more"}
	for i := 1; i < len(movements.Content); i += 2 {
		m := movements.Content[i]
		if m.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(m.Content); j += 2 {
			k, v := m.Content[j], m.Content[j+1]
			want, ok := least[k.Value]
			if !ok || v.Kind != yaml.ScalarNode {
				continue
			}
			if n, err := strconv.Atoi(v.Value); err == nil && n <= 0 {
				return &load.StudyError{File: path, Line: v.Line, Err: fmt.Errorf("movement %s: %s: %d: want %s", movements.Content[i-1].Value, k.Value, n, want)}
			}
		}
	}
	return nil
}
