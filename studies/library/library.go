// Package library is bridgereport's movement library: the annotated movement
// files of the Dutch bridge federation (NBB/NBBR) and of the TEAM/TeamPlus
// collection, in the .ASC format of balans, embedded in the binary. README.md
// beside this file gives their provenance.
//
// A library movement is named by its path inside this folder without the
// ".txt" ending, for example "NBBR/7ronden/8p7rTeamH".
package library

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
)

//go:embed NBBR TeamPlusSchemas *.txt
var files embed.FS

const ext = ".txt"

// Misannotated lists the library movements whose published Qf is not the
// figure of the layout in the file, with the reason.
var Misannotated = map[string]string{
	"TeamPlusSchemas/18p8r8sH.TeamPlus": "annotated Qf=73.44, Qo=47.37, but the layout in the file computes Qf 77.76: the annotation belongs to another layout",
}

var names = sync.OnceValue(func() []string {
	var out []string
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ext) {
			out = append(out, strings.TrimSuffix(p, ext))
		}
		return err
	})
	if err != nil {
		panic("library: " + err.Error()) // an embedded tree cannot fail to walk
	}
	sort.Strings(out)
	return out
})

// Names lists every library movement, sorted.
func Names() []string { return slices.Clone(names()) }

// Has reports whether name is a library movement.
func Has(name string) bool {
	_, found := slices.BinarySearch(names(), name)
	return found
}

// Read returns the .ASC text of a library movement. A name that is not in the
// library gets a *NotFoundError with the nearest names.
func Read(name string) ([]byte, error) {
	if !Has(name) {
		return nil, &NotFoundError{Name: name, Nearest: Nearest(name, 5)}
	}
	return files.ReadFile(name + ext)
}

// Folder is the family folder of a library name: "NBBR/7ronden",
// "TeamPlusSchemas", or "" for the two movements typed in from the balans pages.
func Folder(name string) string {
	if dir := path.Dir(name); dir != "." {
		return dir
	}
	return ""
}

// NotFoundError is a movement name that is neither a file nor in the library.
type NotFoundError struct {
	Name    string
	Nearest []string
}

func (e *NotFoundError) Error() string {
	name := e.Name
	if len(name) > 200 { // a mistake repeated, not a name: its start says which
		name = fmt.Sprintf("%s… (%d bytes)", strings.ToValidUTF8(name[:200], ""), len(name))
	}
	msg := fmt.Sprintf("%s: no such file, and no library movement of that name", name)
	if len(e.Nearest) > 0 {
		msg += "; nearest library names: " + strings.Join(e.Nearest, ", ")
	}
	return msg + " (bridgereport movements lists them all)"
}

// Nearest returns up to n library names closest to query: names whose last
// part equals it first, then by edit distance, ignoring case.
func Nearest(query string, n int) []string {
	q := strings.ToLower(strings.TrimSuffix(query, ext))
	if len(q) > maxNearLen {
		return nil // no name is near, and the distances would take seconds
	}
	type scored struct {
		name string
		d    int
	}
	var all []scored
	for _, name := range names() {
		low := strings.ToLower(name)
		d := min(EditDistance(q, low), EditDistance(q, path.Base(low)))
		if path.Base(low) == path.Base(q) {
			d = -1
		}
		all = append(all, scored{name, d})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].d < all[j].d })
	var out []string
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.name)
	}
	return out
}

// maxNearLen is the longest query Nearest compares: twice the longest
// library name, and more.
const maxNearLen = 256

// EditDistance is the Levenshtein distance between a and b, by bytes:
// the library's suggestions, and every other "did you mean" of the tool.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

var annotation = regexp.MustCompile(`\b(Qf|Qo)\s*=\s*([0-9]+(?:\.[0-9]+)?)`)

// Published returns the figures annotated in a movement file after its last
// round ("Qf=92, Qo=53.85"), as printed; "" when the file has none. The first
// annotation of each kind is the file's own; later ones (8p4rdwmS) are
// cumulative over further sessions.
func Published(asc []byte) (qf, qo string) {
	for _, a := range annotation.FindAllSubmatch(asc, -1) {
		switch {
		case string(a[1]) == "Qf" && qf == "":
			qf = string(a[2])
		case string(a[1]) == "Qo" && qo == "":
			qo = string(a[2])
		}
	}
	return qf, qo
}
