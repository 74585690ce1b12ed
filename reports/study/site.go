package study

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/reports/book"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/load"
	"github.com/bridgereport/bridgereport/reports/site"
)

// SiteFile is the file that makes a folder of studies a site with a title
// and an order of its own.
const SiteFile = "site.yaml"

// Site is what a run of several studies makes: the study files in order,
// the site's title, and the bibliography of the studies that name none.
type Site struct {
	File         string // the site.yaml, if any
	Paths        []string
	Title        string
	Bibliography *book.Bibliography
}

// SitePaths expands the arguments of a run: one site.yaml, or one folder
// that holds one, names the site's studies in its order and its title;
// anything else is Paths (folders to their *.yaml, in name order), titled
// "Studies".
func SitePaths(args []string, allowOutside bool) (Site, error) {
	if len(args) == 1 {
		file := args[0]
		if info, err := os.Stat(file); err == nil && info.IsDir() {
			file = filepath.Join(file, SiteFile)
		}
		if filepath.Base(file) == SiteFile {
			if _, err := os.Stat(file); err == nil {
				return loadSite(file, allowOutside)
			}
		}
	}
	var paths []string
	for _, a := range args {
		if filepath.Base(a) == SiteFile {
			return Site{}, &load.StudyError{File: a, Err: errSiteAlone}
		}
		// A site's folder beside other studies would be run as loose
		// studies, its site.yaml (title, order, bibliography) unread.
		if site := filepath.Join(a, SiteFile); isFile(site) {
			return Site{}, &load.StudyError{File: site, Err: errSiteAlone}
		}
		p, err := Paths([]string{a})
		if err != nil {
			return Site{}, err
		}
		for _, q := range p {
			if filepath.Base(q) != SiteFile { // a folder's site.yaml is not a study
				paths = append(paths, q)
			}
		}
	}
	return Site{Paths: paths, Title: "Studies"}, nil
}

var errSiteAlone = errors.New("a site.yaml is run on its own, or its folder alone: it names the studies of the site")

// isFile reports whether path is a file that is there.
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

func loadSite(file string, allowOutside bool) (Site, error) {
	data, err := disk.ReadFile(file, disk.MaxStudyBytes)
	if err != nil {
		return Site{}, err
	}
	c, err := site.ParseConfig(bytes.NewReader(data), file)
	if err != nil {
		return Site{}, err
	}
	dir := filepath.Dir(file)
	s := Site{File: file, Title: c.Title}
	for i, name := range c.Studies {
		p, err := load.InputPath(dir, name, allowOutside)
		if err != nil {
			return Site{}, &load.StudyError{File: file, Line: c.Lines[i], Err: err}
		}
		if _, err := disk.Stat(p); err != nil {
			return Site{}, &load.StudyError{File: file, Line: c.Lines[i], Err: err}
		}
		s.Paths = append(s.Paths, p)
	}
	if err := omitted(file, dir, s.Paths, c.StudiesLine); err != nil {
		return Site{}, err
	}
	if c.Bibliography != "" {
		// Read as a study's is, the site.yaml standing for the study.
		st := &Study{Bibliography: c.Bibliography}
		st.Path, st.Dir = file, dir
		if s.Bibliography, _, err = st.LoadBibliography(allowOutside); err != nil {
			return Site{}, err
		}
	}
	return s, nil
}

// omitted refuses a site.yaml that leaves out a study of its own folder:
// a study added beside it and not listed would never run, and the run
// would pass without it.
func omitted(file, dir string, listed []string, line int) error {
	all, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, p := range listed {
		have[filepath.Clean(p)] = true
	}
	var left []string
	for _, p := range all {
		if filepath.Base(p) != SiteFile && !have[filepath.Clean(p)] {
			left = append(left, filepath.Base(p))
		}
	}
	if len(left) == 0 {
		return nil
	}
	return &load.StudyError{File: file, Line: line, Err: fmt.Errorf("studies: %s of this folder %s not listed: list every study of the folder (one left out would never run), or move it out",
		strings.Join(left, ", "), map[bool]string{true: "is", false: "are"}[len(left) == 1])}
}
