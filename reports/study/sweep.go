package study

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/render"
	"github.com/bridgereport/bridgereport/reports/site"
)

// FindSweep takes the one -p value that sweeps a parameter of the study
// at path out of values: NAME=FROM..TO[/STEP] of an int parameter, or a
// list NAME=a,b,c of a parameter that is not a string. The rest stay
// ordinary values. nil when nothing sweeps.
func FindSweep(path string, values Values) (*site.Sweep, Values, error) {
	var sweeps []string
	for name, v := range values {
		if strings.Contains(v, "..") || strings.Contains(v, ",") {
			sweeps = append(sweeps, name)
		}
	}
	if len(sweeps) == 0 {
		return nil, values, nil
	}
	s, err := LoadStudy(path, nil)
	if err != nil {
		return nil, nil, err
	}
	types := map[string]string{}
	for _, p := range s.Parameters {
		types[p.Name] = p.Type
	}
	var found *site.Sweep
	rest := maps.Clone(values)
	for _, name := range sweeps {
		typ, declared := types[name]
		if !declared || typ == "string" {
			continue // the study checks it as an ordinary value
		}
		sw, err := site.ParseSweep(name + "=" + values[name])
		if err != nil {
			return nil, nil, &load.StudyError{File: path, Err: fmt.Errorf("-p %w", err)}
		}
		if strings.Contains(values[name], "..") && typ != "int" {
			return nil, nil, &load.StudyError{File: path, Err: fmt.Errorf("-p %s=%s: a range sweeps an int parameter; %s is a %s: list its values", name, values[name], name, typ)}
		}
		if found != nil {
			return nil, nil, &load.StudyError{File: path, Err: fmt.Errorf("-p: %s and %s both sweep: sweep one parameter at a time", found.Name, name)}
		}
		found = &sw
		delete(rest, name)
	}
	return found, rest, nil
}

// RunSweep runs one study once per value of the sweep, each value a page
// of a site (OUTDIR/<study>-<name>-<value>/, cached under that name too,
// so a rerun takes every value from the cache); opt.SiteTitle names it.
// The index is the caller's (site.WriteIndex).
func RunSweep(ctx context.Context, path string, sw site.Sweep, values Values, opt RunOptions, renderer *render.Renderer, outDir string, done func(Outcome)) error {
	var jobs []job
	for _, v := range sw.Values {
		overrides := maps.Clone(map[string]string(values))
		if overrides == nil {
			overrides = map[string]string{}
		}
		overrides[sw.Name] = v
		jobs = append(jobs, job{path: path, label: fmt.Sprintf("%s (%s=%s)", path, sw.Name, v), overrides: overrides, rename: func(s *Study) {
			s.Name, s.Title = sw.PageName(s.Name, v), sw.PageTitle(s.Title, v)
		}})
	}
	return runSite(ctx, jobs, opt, renderer, outDir, false, done)
}
