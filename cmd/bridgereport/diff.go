package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
)

const diffUsage = `[--json] OLD NEW

OLD and NEW are results.json files, or folders holding them (an output
folder of run, or studies/golden with its NAME.results.json files); studies
are matched by name. Every table cell is compared at its printed precision,
every figure value to six decimals, every check and parameter; provenance
(hashes, versions, inputs) is not. The exit status is 1 when anything moved.
--json prints {"studies": N, "changes": [{study, kind, name, row, column,
what, old, new}]}.`

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diff", diffUsage, stderr)
	asJSON := fs.Bool("json", false, "write one JSON object instead of a line per change")
	pos, err := parseFlags(fs, args, 2)
	if err != nil {
		return err
	}
	old, err := collectResults(pos[0])
	if err != nil {
		return err
	}
	cur, err := collectResults(pos[1])
	if err != nil {
		return err
	}
	var changes []reports.Change
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range old {
			yield(name)
		}
		for name := range cur {
			if _, ok := old[name]; !ok {
				yield(name)
			}
		}
	})
	for _, name := range names {
		a, inOld := old[name]
		b, inNew := cur[name]
		switch {
		case !inOld:
			changes = append(changes, reports.Change{Study: name, Kind: "study", What: "added"})
		case !inNew:
			changes = append(changes, reports.Change{Study: name, Kind: "study", What: "removed"})
		default:
			c, err := reports.Diff(a, b)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			changes = append(changes, c...)
		}
	}
	if *asJSON {
		if changes == nil {
			changes = []reports.Change{}
		}
		if err := writeJSON(stdout, map[string]any{"studies": len(names), "changes": changes}); err != nil {
			return err
		}
	} else {
		for _, c := range changes {
			fmt.Fprintln(stdout, c)
		}
		if len(changes) == 0 {
			fmt.Fprintf(stdout, "%s compared: no figure moved\n", count(len(names), "study", "studies"))
		} else {
			fmt.Fprintf(stdout, "%s compared: %s\n", count(len(names), "study", "studies"), count(len(changes), "change", "changes"))
		}
	}
	if len(changes) > 0 {
		return errReported
	}
	return nil
}

// collectResults reads a results.json file, or every results.json and
// NAME.results.json below a folder, by study name.
func collectResults(path string) (map[string][]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	var files []string
	if !info.IsDir() {
		files = []string{path}
	} else {
		err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != path {
				return filepath.SkipDir // the cache
			}
			if !d.IsDir() && (d.Name() == "results.json" || strings.HasSuffix(d.Name(), ".results.json")) {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no results.json below this folder", path)
		}
	}
	out := map[string][]byte{}
	from := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		name, err := reports.StudyName(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		if other, dup := from[name]; dup {
			return nil, fmt.Errorf("%s and %s both hold results of study %q", other, f, name)
		}
		out[name], from[name] = data, f
	}
	return out, nil
}

// count writes "1 study", "2 studies".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
