package diff

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/charts"
	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/reports/render"
)

// Change is one difference between two runs of a study: a table cell, a
// figure's value, a check, a parameter, or a whole table, figure or study
// added or removed.
type Change struct {
	Study  string `json:"study"`
	Kind   string `json:"kind"` // study, parameter, table, figure or check
	Name   string `json:"name,omitempty"`
	Row    string `json:"row,omitempty"`
	Column string `json:"column,omitempty"`
	What   string `json:"what"` // changed, added or removed
	Old    string `json:"old,omitempty"`
	New    string `json:"new,omitempty"`
	// Mirrors names the table whose change a figure's change only repeats
	// (a chart drawn from a table's values); the text lists it once.
	Mirrors string `json:"mirrors,omitempty"`
}

// DiffResult is what diff --json prints: the number of studies compared
// and every change, in the order of the text.
type DiffResult struct {
	Studies int      `json:"studies"`
	Changes []Change `json:"changes"`
}

// String reads "study / table qf / row round 2 / column qf: 92.00 → 84.00".
func (c Change) String() string {
	parts := []string{c.Study}
	if c.Name != "" {
		parts = append(parts, c.Kind+" "+c.Name)
	}
	if c.Row != "" {
		parts = append(parts, "row "+c.Row)
	}
	if c.Column != "" {
		parts = append(parts, "column "+c.Column)
	}
	where := strings.Join(parts, " / ")
	switch c.What {
	case "added", "removed":
		if c.Name == "" {
			return fmt.Sprintf("%s: %s %s", where, c.Kind, c.What)
		}
		return fmt.Sprintf("%s: %s", where, c.What)
	}
	return fmt.Sprintf("%s: %s → %s", where, c.Old, c.New)
}

// Diff compares two results.json documents of one study: every table cell at
// its column's printed precision, every figure value at the precision of
// the table it draws (else to six decimals), every check and parameter. Provenance (study hash, inputs, version) and the
// summary counts are not compared: they say how, not what.
func Diff(oldJSON, newJSON []byte) ([]Change, error) {
	var a, b render.ResultsJSON
	if err := json.Unmarshal(oldJSON, &a); err != nil {
		return nil, fmt.Errorf("old results: %w", err)
	}
	if err := json.Unmarshal(newJSON, &b); err != nil {
		return nil, fmt.Errorf("new results: %w", err)
	}
	d := differ{study: cmpName(a.Study, b.Study), tables: map[string]*reports.Table{}}
	for _, t := range a.Tables {
		d.tables[t.ID] = t
	}
	for _, t := range b.Tables {
		d.tables[t.ID] = t // the new run's precision, where both have the table
	}
	d.params(a.Parameters, b.Parameters)
	byID(&d, "table", a.Tables, b.Tables, func(t *reports.Table) string { return t.ID }, d.table)
	byID(&d, "figure", a.Figures, b.Figures, func(c *reports.Chart) string { return c.ID }, d.figure)
	d.checks(a.Checks, b.Checks)
	markMirrors(d.out)
	return d.out, nil
}

// markMirrors marks each figure change that repeats a table change of the
// study: the same two labels (series and x label against row and column, in
// either order) and the same old and new values at the table's precision.
func markMirrors(changes []Change) {
	type key struct{ a, b string }
	tables := map[key][]Change{}
	for _, c := range changes {
		if c.Kind == "table" && c.What == "changed" {
			tables[key{c.Row, c.Column}] = append(tables[key{c.Row, c.Column}], c)
			tables[key{c.Column, c.Row}] = append(tables[key{c.Column, c.Row}], c)
		}
	}
	for i, c := range changes {
		if c.Kind != "figure" || c.What != "changed" {
			continue
		}
		for _, t := range tables[key{c.Row, c.Column}] {
			if sameAtPrecision(c.Old, t.Old) && sameAtPrecision(c.New, t.New) {
				changes[i].Mirrors = t.Name
				break
			}
		}
	}
}

// sameAtPrecision says whether a figure's value, printed with as many
// decimals as a table's text has, is that text.
func sameAtPrecision(value, text string) bool {
	v, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return value == text
	}
	decimals := 0
	if i := strings.IndexByte(text, '.'); i >= 0 {
		decimals = len(text) - i - 1
	}
	return strconv.FormatFloat(v, 'f', decimals, 64) == text
}

// DiffTally counts the changes a diff prints: values moved (table cells,
// figure values that mirror no table, checks, parameters), and tables,
// figures, rows, columns, values and studies added or removed.
func DiffTally(changes []Change) (moved, added, removed int) {
	for _, c := range changes {
		switch {
		case c.Mirrors != "":
		case c.What == "added":
			added++
		case c.What == "removed":
			removed++
		default:
			moved++
		}
	}
	return moved, added, removed
}

// PrintDiff prints the comparison as text (WriteDiff) or as one JSON
// object, a DiffResult whose changes are [] when nothing moved.
func PrintDiff(w io.Writer, studies int, changes []Change, asJSON bool) error {
	if !asJSON {
		return WriteDiff(w, studies, changes)
	}
	if changes == nil {
		changes = []Change{}
	}
	return render.WriteJSON(w, DiffResult{Studies: studies, Changes: changes})
}

// WriteDiff prints changes grouped by study, then by table, figure, the
// checks and the parameters, each moved value once (figure changes that
// mirror a table are left out), and a summary line: "3 studies, 12 values
// moved, 0 added, 0 removed".
func WriteDiff(w io.Writer, studies int, changes []Change) error {
	bw := bufio.NewWriter(w)
	study, group := "\x00", "\x00"
	for _, c := range changes {
		if c.Mirrors != "" {
			continue
		}
		if c.Study != study {
			study, group = c.Study, "\x00"
			fmt.Fprintf(bw, "%s\n", c.Study)
		}
		if c.Kind == "study" {
			fmt.Fprintf(bw, "  study %s\n", c.What)
			continue
		}
		g := c.Kind + " " + c.Name
		switch c.Kind {
		case "check":
			g = "checks"
		case "parameter":
			g = "parameters"
		}
		if g != group {
			group = g
			fmt.Fprintf(bw, "  %s\n", g)
		}
		fmt.Fprintf(bw, "    %s\n", c.line())
	}
	moved, added, removed := DiffTally(changes)
	fmt.Fprintf(bw, "%s, %s moved, %d added, %d removed\n", plural(studies, "study", "studies"), plural(moved, "value", "values"), added, removed)
	return bw.Flush()
}

// line is a change within its group: "row 2, qf: 46.94 → 47.10".
func (c Change) line() string {
	var where []string
	switch c.Kind {
	case "check", "parameter":
		where = append(where, c.Name)
	}
	if c.Row != "" {
		where = append(where, "row "+c.Row)
	}
	if c.Column != "" {
		where = append(where, "column "+c.Column)
	}
	w := strings.Join(where, ", ")
	if c.What == "added" || c.What == "removed" {
		if w == "" {
			return c.What
		}
		return w + ": " + c.What
	}
	return fmt.Sprintf("%s: %s → %s", w, c.Old, c.New)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// StudyName reads the study name of a results.json document, which must
// decode as one (render.ResultsJSON): otherwise a *NotResultsError says in
// words what the document is instead, at its line when it has one.
func StudyName(resultsJSON []byte) (string, error) {
	var r render.ResultsJSON
	if err := json.Unmarshal(resultsJSON, &r); err != nil {
		return "", notResults(resultsJSON, err)
	}
	if r.Study == "" {
		return "", &NotResultsError{Why: `it has no study name (the "study" of a results.json)`}
	}
	return r.Study, nil
}

// A NotResultsError says why a document is not a results.json: Why, at
// Line (0: the whole document).
type NotResultsError struct {
	Line int
	Why  string
}

func (e *NotResultsError) Error() string { return e.Why }

// notResults puts a decoding error of a document in words: json's own
// ("cannot unmarshal array into Go value of type struct {…}") names Go
// types, not what a user gave.
func notResults(data []byte, err error) error {
	line := func(offset int64) int {
		return 1 + bytes.Count(data[:min(max(offset, 0), int64(len(data)))], []byte("\n"))
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return &NotResultsError{Why: "the file is empty"}
	case errors.As(err, &syn):
		return &NotResultsError{Line: line(syn.Offset), Why: "not JSON: " + syn.Error()}
	case errors.As(err, &typ) && typ.Field == "":
		return &NotResultsError{Why: fmt.Sprintf("it is a JSON %s, where a results.json is an object", typ.Value)}
	case errors.As(err, &typ):
		return &NotResultsError{Line: line(typ.Offset), Why: fmt.Sprintf("its %q is a JSON %s, not what a results.json holds there", typ.Field, typ.Value)}
	}
	return &NotResultsError{Why: err.Error()}
}

func cmpName(a, b string) string {
	if a == b {
		return a
	}
	return a + "→" + b
}

type differ struct {
	study  string
	out    []Change
	tables map[string]*reports.Table // of both runs, by id: the precision of charts
}

func (d *differ) add(c Change) {
	c.Study = d.study
	d.out = append(d.out, c)
}

func (d *differ) params(a, b []reports.Param) {
	old := map[string]string{}
	for _, p := range a {
		old[p.Name] = p.Value
	}
	for _, p := range b {
		if v, ok := old[p.Name]; !ok {
			d.add(Change{Kind: "parameter", Name: p.Name, What: "added", New: p.Value})
		} else if v != p.Value {
			d.add(Change{Kind: "parameter", Name: p.Name, What: "changed", Old: v, New: p.Value})
		}
		delete(old, p.Name)
	}
	for _, name := range sortedKeys(old) {
		d.add(Change{Kind: "parameter", Name: name, What: "removed", Old: old[name]})
	}
}

// byID pairs the items of two reports by id: an id on one side only is
// added or removed, and both sides of an id are compared by same.
func byID[T any](d *differ, kind string, a, b []T, id func(T) string, same func(a, b T)) {
	old := map[string]T{}
	for _, x := range a {
		old[id(x)] = x
	}
	for _, x := range b {
		o, ok := old[id(x)]
		delete(old, id(x))
		if !ok {
			d.add(Change{Kind: kind, Name: id(x), What: "added"})
			continue
		}
		same(o, x)
	}
	for _, k := range sortedKeys(old) {
		d.add(Change{Kind: kind, Name: k, What: "removed"})
	}
}

// table compares cell by cell, columns by name and rows by position, each
// row named by its first cell.
func (d *differ) table(a, b *reports.Table) {
	colA := map[string]int{}
	for i, c := range a.Columns {
		colA[c.Name] = i
	}
	for _, c := range b.Columns {
		if _, ok := colA[c.Name]; !ok {
			d.add(Change{Kind: "table", Name: b.ID, Column: c.Name, What: "added"})
		}
	}
	// The old run's column order, not colA's: a map's order changes from run
	// to run, and so would the text and --json of a diff CI compares.
	for _, col := range a.Columns {
		if !slices.ContainsFunc(b.Columns, func(c reports.Column) bool { return c.Name == col.Name }) {
			d.add(Change{Kind: "table", Name: b.ID, Column: col.Name, What: "removed"})
		}
	}
	pairs, removed := pairRows(a, b)
	for _, p := range pairs {
		ra, rb := p[0], p[1]
		if ra < 0 {
			d.add(Change{Kind: "table", Name: b.ID, Row: rowName(b, rb), What: "added"})
			continue
		}
		for j, col := range b.Columns {
			i, ok := colA[col.Name]
			if !ok || i >= len(a.Rows[ra]) || j >= len(b.Rows[rb]) {
				continue
			}
			decimals := max(a.Columns[i].Decimals, col.Decimals)
			ov, nv := cellText(a.Rows[ra][i], decimals), cellText(b.Rows[rb][j], decimals)
			if ov != nv {
				d.add(Change{Kind: "table", Name: b.ID, Row: rowName(b, rb), Column: col.Name, What: "changed", Old: ov, New: nv})
			}
		}
	}
	for _, ra := range removed {
		d.add(Change{Kind: "table", Name: b.ID, Row: rowName(a, ra), What: "removed"})
	}
}

// pairRows pairs the rows of two tables: by label (the first cell) when
// every row of both has a distinct text label and the rows both have are in
// the same order, so that a row taken out of
// or put into the middle is that row removed or added, not every row below
// it "changed" under the wrong name; otherwise by position. It returns the
// pairs in the new table's order (old index -1: added) and the old rows
// left over (removed), in the old table's order.
func pairRows(a, b *reports.Table) (pairs [][2]int, removed []int) {
	if la := rowLabels(a); la != nil && rowLabels(b) != nil && sameOrder(a, b, la) {
		for rb := range b.Rows {
			label := labelOf(b, rb)
			ra, ok := la[label]
			if !ok {
				ra = -1
			}
			pairs = append(pairs, [2]int{ra, rb})
			delete(la, label)
		}
		for ra := range a.Rows {
			if _, left := la[labelOf(a, ra)]; left {
				removed = append(removed, ra)
			}
		}
		return pairs, removed
	}
	for r := range max(len(a.Rows), len(b.Rows)) {
		switch {
		case r >= len(a.Rows):
			pairs = append(pairs, [2]int{-1, r})
		case r >= len(b.Rows):
			removed = append(removed, r)
		default:
			pairs = append(pairs, [2]int{r, r})
		}
	}
	return pairs, removed
}

// sameOrder says whether the rows both tables have come in the same order:
// a table whose rows were reordered (a ranking) is compared by position,
// so that the new order shows as changes.
func sameOrder(a, b *reports.Table, la map[string]int) bool {
	last := -1
	for rb := range b.Rows {
		if ra, ok := la[labelOf(b, rb)]; ok {
			if ra < last {
				return false
			}
			last = ra
		}
	}
	return true
}

// rowLabels maps each row's label to its index, or is nil when a row has
// no text label or two rows share one. Numbers are not labels: a table
// whose first column is computed would see a moved value as a row removed
// and another added.
func rowLabels(t *reports.Table) map[string]int {
	out := map[string]int{}
	for r := range t.Rows {
		label := labelOf(t, r)
		if label == "" {
			return nil
		}
		if _, dup := out[label]; dup {
			return nil
		}
		out[label] = r
	}
	return out
}

func labelOf(t *reports.Table, r int) string {
	if len(t.Rows[r]) == 0 {
		return ""
	}
	s, _ := t.Rows[r][0].(string)
	return s
}

func rowName(t *reports.Table, r int) string {
	if len(t.Rows[r]) > 0 {
		if s := cellText(t.Rows[r][0], t.Columns[0].Decimals); s != "" {
			return s
		}
	}
	return strconv.Itoa(r + 1)
}

// cellText prints a decoded JSON cell at a precision: numbers with decimals,
// anything else as it is.
func cellText(v any, decimals int) string {
	switch x := v.(type) {
	case nil:
		return ""
	case float64:
		if x == math.Trunc(x) && decimals == 0 {
			return strconv.FormatFloat(x, 'f', 0, 64)
		}
		return strconv.FormatFloat(x, 'f', decimals, 64)
	case string:
		return x
	default:
		data, _ := json.Marshal(x)
		return string(data)
	}
}

// figure compares a chart's values as it draws them, each named by its
// series (or y label, or the statistic a box shows) and x label, at the
// printed precision of the table the chart draws, else to six decimals.
// Boxes are paired by position and named as the new run draws them, so
// that a chart that only learnt the names of its statistics has no
// changes.
func (d *differ) figure(a, b *reports.Chart) {
	prec := precisionOf(d.tables[cmp.Or(b.Table, a.Table)])
	names := b.BoxNames()
	va, orderA := chartValues(a, names, prec)
	vb, orderB := chartValues(b, names, prec)
	for _, k := range orderB {
		switch ov, ok := va[k]; {
		case !ok:
			d.add(Change{Kind: "figure", Name: b.ID, Row: k[0], Column: k[1], What: "added", New: vb[k]})
		case ov != vb[k]:
			d.add(Change{Kind: "figure", Name: b.ID, Row: k[0], Column: k[1], What: "changed", Old: ov, New: vb[k]})
		}
	}
	for _, k := range orderA {
		if _, ok := vb[k]; !ok {
			d.add(Change{Kind: "figure", Name: b.ID, Row: k[0], Column: k[1], What: "removed", Old: va[k]})
		}
	}
}

// precision is how a chart's values are printed for diff: by series name
// the decimals of the table's column of that name, and otherwise (boxes,
// heatmaps, series without a column) the most decimals of any column.
// Without a table, values are printed to six decimals.
type precision struct {
	table   bool
	columns map[string]int
	most    int
}

func precisionOf(t *reports.Table) precision {
	if t == nil {
		return precision{}
	}
	p := precision{table: true, columns: map[string]int{}}
	for _, c := range t.Columns {
		p.columns[c.Name] = c.Decimals
		p.most = max(p.most, c.Decimals)
	}
	return p
}

// format prints a value of the series (or box, or grid) named.
func (p precision) format(series string, v float64) string {
	if !p.table {
		return strconv.FormatFloat(charts.Round6(v), 'f', -1, 64)
	}
	decimals, ok := p.columns[series]
	if !ok || series == "" {
		decimals = p.most
	}
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// chartValues lists a chart's values by (series, y label or box
// statistic; x label), boxes' statistics named by names, and their keys in
// the order the chart draws them.
func chartValues(c *reports.Chart, names [5]string, prec precision) (map[[2]string]string, [][2]string) {
	out := map[[2]string]string{}
	var order [][2]string
	put := func(row, column, v string) {
		k := [2]string{row, column}
		if _, dup := out[k]; !dup {
			order = append(order, k)
		}
		out[k] = v
	}
	num := func(v float64) string { return strconv.FormatFloat(charts.Round6(v), 'f', -1, 64) }
	label := func(labels []string, i int) string {
		if i < len(labels) {
			return labels[i]
		}
		return strconv.Itoa(i + 1)
	}
	for _, s := range c.Series {
		for i, v := range s.Values {
			if s.Gap(i) {
				put(s.Name, label(c.XLabels, i), "—")
				continue
			}
			put(s.Name, label(c.XLabels, i), prec.format(s.Name, v))
		}
	}
	for y, row := range c.Grid {
		for x, v := range row {
			if v != nil {
				put(label(c.YLabels, y), label(c.XLabels, x), prec.format("", *v))
			}
		}
	}
	// Box by box, each as drawn from bottom to top.
	for i, box := range c.Boxes {
		for k, v := range box {
			put(names[k], label(c.XLabels, i), prec.format("", v))
		}
	}
	for _, p := range c.Points {
		put("point "+p.Label, "x, y", num(p.X)+", "+num(p.Y))
	}
	return out, order
}

func (d *differ) checks(a, b []reports.Check) {
	old := map[string]reports.Check{}
	for _, c := range a {
		old[c.Name] = c
	}
	for _, c := range b {
		o, ok := old[c.Name]
		delete(old, c.Name)
		switch {
		case !ok:
			d.add(Change{Kind: "check", Name: c.Name, What: "added", New: checkText(c)})
		case o.Published != c.Published || o.Computed != c.Computed || o.Status != c.Status:
			d.add(Change{Kind: "check", Name: c.Name, What: "changed", Old: checkText(o), New: checkText(c)})
		}
	}
	for _, name := range sortedKeys(old) {
		d.add(Change{Kind: "check", Name: name, What: "removed", Old: checkText(old[name])})
	}
}

func checkText(c reports.Check) string {
	return fmt.Sprintf("%s (published %s, %s)", c.Computed, c.Published, c.Status)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, reports.NaturalCompare)
	return keys
}

// DiffPaths compares the results at two paths, each a results.json file or
// a folder holding them (an output folder, or golden files named
// NAME.results.json), study by study; a study on one side only is a change.
func DiffPaths(oldPath, newPath string) (studies int, changes []Change, err error) {
	old, err := collectResults(oldPath)
	if err != nil {
		return 0, nil, err
	}
	cur, err := collectResults(newPath)
	if err != nil {
		return 0, nil, err
	}
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
			changes = append(changes, Change{Study: name, Kind: "study", What: "added"})
		case !inNew:
			changes = append(changes, Change{Study: name, Kind: "study", What: "removed"})
		default:
			c, err := Diff(a, b)
			if err != nil {
				return 0, nil, fmt.Errorf("%s: %w", name, err)
			}
			changes = append(changes, c...)
		}
	}
	return len(names), changes, nil
}

// collectResults reads a results.json file, or every results.json and
// NAME.results.json below a folder, by study name.
func collectResults(path string) (map[string][]byte, error) {
	info, err := disk.Stat(path)
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
		data, err := disk.ReadFile(f, disk.MaxCacheBytes)
		if err != nil {
			return nil, err
		}
		name, err := StudyName(data)
		if err != nil {
			place := f
			var nr *NotResultsError
			if errors.As(err, &nr) && nr.Line > 0 {
				place = fmt.Sprintf("%s:%d", f, nr.Line)
			}
			return nil, fmt.Errorf("%s: not a results.json: %w; diff compares the results.json of two runs of bridgereport run (or two folders holding them: run's OUTDIR, studies/golden)", place, err)
		}
		if other, dup := from[name]; dup {
			return nil, fmt.Errorf("%s and %s both hold results of study %q", other, f, name)
		}
		out[name], from[name] = data, f
	}
	return out, nil
}
