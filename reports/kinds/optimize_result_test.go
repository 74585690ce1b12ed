package kinds

import (
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/engine/optimize"
)

// The count of switched tables agrees with its noun: none, 1 table, 2 tables.
func TestOptimizeBlockCountsSwitches(t *testing.T) {
	for _, tc := range []struct {
		switched []optimize.TablePos
		want     string
	}{
		{nil, "# switched no tables\n"},
		{[]optimize.TablePos{{Round: 2, Table: 3}}, "# switched 1 table:\n#   round 2, table 3\n"},
		{[]optimize.TablePos{{Round: 2, Table: 3}, {Round: 4, Table: 1}}, "# switched 2 tables:\n#   round 2, table 3\n#   round 4, table 1\n"},
		{[]optimize.TablePos{{Round: 1, Table: 15}, {Round: 2, Table: 6}, {Round: 2, Table: 12}}, "#   round 1, table 15\n#   round 2, tables 6 12\n"},
	} {
		r := &OptimizeResult{File: "m.asc", Switched: tc.switched, Uniform: true}
		if got := r.block("id", "").Pre.Text; !strings.Contains(got, tc.want) {
			t.Errorf("%d switched: the block lacks %q:\n%s", len(tc.switched), tc.want, got)
		}
	}
}
