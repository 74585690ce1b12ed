package studies

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/kinds"
)

// TestResultsAreTheContracts: every cell of every study (the quick ones
// under -short) carries a Result of a type its kind's contract names, and
// every kind but markdown has a contract.
func TestResultsAreTheContracts(t *testing.T) {
	for _, kind := range kinds.Kinds {
		if len(kind.Results) == 0 && kind.Name != "markdown" {
			t.Errorf("kind %s has no Result in its Kind record", kind.Name)
		}
	}
	for _, name := range studyNames(t) {
		t.Run(name, func(t *testing.T) {
			skipLong(t, name)
			for _, sec := range studyResult(t, name).Sections {
				if sec.Kind == "" {
					continue // the references, not a cell
				}
				if sec.Kind == "markdown" {
					if sec.Result != nil {
						t.Errorf("%s: a markdown cell has the result %T", sec.ID, sec.Result)
					}
					continue
				}
				var types []string
				ok := false
				kind, _ := kinds.Lookup(sec.Kind)
				for _, r := range kind.Results {
					types = append(types, fmt.Sprintf("%T", r))
					ok = ok || reflect.TypeOf(r) == reflect.TypeOf(sec.Result)
				}
				if !ok {
					t.Errorf("%s (%s): result %T, the contract says %s", sec.ID, sec.Kind, sec.Result, strings.Join(types, " or "))
				}
				// Where the figures are the Result's by json path, the
				// names docs/cells.md gives (check.Names of the type)
				// cover every figure the value has (check.Paths).
				if kind.Figures == nil {
					continue
				}
				figs, err := check.Paths(sec.Result)
				if err != nil {
					t.Fatalf("%s: %v", sec.ID, err)
				}
				names := check.Names(reflect.TypeOf(sec.Result))
				for path := range figs {
					if !slices.ContainsFunc(names, func(n string) bool { return namesPath(n, path) }) {
						t.Errorf("%s (%s): figure %s has no name in check.Names", sec.ID, sec.Kind, path)
						break
					}
				}
			}
		})
	}
}

// namesPath says whether a path is an instance of a name (N a place in a
// list, KEY a map's key).
func namesPath(name, path string) bool {
	n, p := strings.Split(name, "/"), strings.Split(path, "/")
	if len(n) != len(p) {
		return false
	}
	for i := range n {
		if n[i] != p[i] && n[i] != "KEY" && !(n[i] == "N" && isNumber(p[i])) {
			return false
		}
	}
	return true
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
