package study

import (
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgereport/bridgereport/reports/cell"
	"github.com/bridgereport/bridgereport/reports/check"
	"github.com/bridgereport/bridgereport/reports/kinds"
	"github.com/bridgereport/bridgereport/reports/load"
)

// goDocs reads the doc comments of this package's struct types and their
// fields from the source, so that the cell reference (docs/cells.md) says
// what the code says.
type goDocs struct {
	types  map[string]string            // type name → doc
	fields map[string]map[string]string // type name → Go field name → doc
}

func readGoDocs(t *testing.T) goDocs {
	t.Helper()
	// The kinds and the contract they embed (Common) live below.
	var paths []string
	for _, dir := range []string{"../kinds", "../cell", "../resolve", "../league"} {
		more, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, more...)
	}
	fset := token.NewFileSet()
	d := goDocs{types: map[string]string{}, fields: map[string]map[string]string{}}
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil {
					doc = gd.Doc
				}
				d.types[ts.Name.Name] = docText(doc)
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				d.fields[ts.Name.Name] = map[string]string{}
				for _, field := range st.Fields.List {
					text := docText(field.Doc)
					if text == "" {
						text = docText(field.Comment)
					}
					for _, name := range field.Names {
						d.fields[ts.Name.Name][name.Name] = text
					}
				}
			}
		}
	}
	return d
}

// docText is a doc comment's text, "" when there is none.
func docText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	return g.Text()
}

// Markdown prints a doc comment as Markdown, its lists, code blocks and
// paragraphs kept, each line after the first indented by indent.
func markdown(doc, indent string) string {
	p := comment.Printer{HeadingLevel: 5, DocLinkURL: func(*comment.DocLink) string { return "" }}
	text := strings.TrimSpace(string(p.Markdown(new(comment.Parser).Parse(doc))))
	if indent == "" {
		return text
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// fieldItems writes a list item per YAML key of a struct type, following
// inline fields, and collects the struct types of its values.
func fieldItems(b *strings.Builder, t reflect.Type, docs goDocs, nested *[]reflect.Type, undocumented *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if strings.Contains(opts, "inline") {
			if f.Type != reflect.TypeFor[cell.Common]() { // Common is described once, above the kinds
				fieldItems(b, f.Type, docs, nested, undocumented)
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		inner := f.Type
		for inner.Kind() == reflect.Slice || inner.Kind() == reflect.Map || inner.Kind() == reflect.Pointer {
			inner = inner.Elem()
		}
		if inner.Kind() == reflect.Struct && inner.PkgPath() == t.PkgPath() && inner != load.NodeType {
			*nested = append(*nested, inner)
		}
		doc := docs.fields[t.Name()][f.Name]
		if strings.TrimSpace(doc) == "" {
			*undocumented = append(*undocumented, t.Name()+"."+f.Name)
		}
		fmt.Fprintf(b, "- `%s` (%s): %s\n", name, load.TypeWords(f.Type), markdown(doc, "  "))
	}
}

const cellsDoc = "../../docs/cells.md"

// cellReference is the reference of the cell kinds in docs/cells.md, made
// from the registry and the doc comments of the cells' types.
func cellReference(t *testing.T) (string, []string) {
	docs := readGoDocs(t)
	var undocumented []string
	var b strings.Builder
	b.WriteString("<!-- cells:begin (generated from the registry of cell kinds by go test ./reports/study -run TestCellReference -update) -->\n")
	for _, name := range kinds.Names() {
		kind, _ := kinds.Lookup(name)
		typ := reflect.TypeOf(kind.New()).Elem()
		fmt.Fprintf(&b, "\n### `%s`\n\n%s\n", name, markdown(docs.types[typ.Name()], ""))
		writeContract(&b, kind)
		if typ.Kind() != reflect.Struct {
			fmt.Fprintf(&b, "\nThe value is the %s itself.\n", load.TypeWords(typ))
			continue
		}
		b.WriteString("\nFields:\n\n")
		var nested []reflect.Type
		fieldItems(&b, typ, docs, &nested, &undocumented)
		seen := map[reflect.Type]bool{}
		for len(nested) > 0 {
			n := nested[0]
			nested = nested[1:]
			if seen[n] {
				continue
			}
			seen[n] = true
			fmt.Fprintf(&b, "\n`%s`: %s\n\n", n.Name(), markdown(docs.types[n.Name()], ""))
			fieldItems(&b, n, docs, &nested, &undocumented)
		}
	}
	b.WriteString("\n<!-- cells:end -->")
	return b.String(), undocumented
}

// writeContract says what a kind's Result is and, where they are its
// numbers by json path, the names of the figures a study may publish.
func writeContract(b *strings.Builder, c *kinds.Kind) {
	if len(c.Results) == 0 {
		return
	}
	var names []string
	for _, r := range c.Results {
		names = append(names, "`"+resultTypeName(reflect.TypeOf(r))+"`")
	}
	fmt.Fprintf(b, "\nResult (its `--json`, and its `result` in results.json): %s.\n", strings.Join(names, " or "))
	if c.Browser {
		b.WriteString("\nRuns in the reader's browser: its cells may use interactive parameters, and the page recomputes them.\n")
	}
	if c.Figures == nil {
		return
	}
	where := "in the cell's `published`"
	if c.Per != "" {
		where = "in the `published` of each of its " + c.Per
	}
	var figs []string
	for _, n := range check.Names(reflect.TypeOf(c.Figures)) {
		figs = append(figs, "`"+c.Prefix+n+"`")
	}
	of := "`" + reflect.TypeOf(c.Figures).Name() + "` by json path"
	if c.Prefix != "" {
		of += ", after " + c.Prefix + " naming the part they are of"
	}
	fmt.Fprintf(b, "\nFigures, %s (the numbers of %s; N is a place in a list, from 1; KEY a key): %s.\n",
		where, of, strings.Join(figs, ", "))
}

// resultTypeName names a Result type as Go writes it, package and all
// pointers and slices left out: BalanceResult, session.Analysis.
func resultTypeName(t reflect.Type) string {
	prefix := ""
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		if t.Kind() == reflect.Slice {
			prefix += "[]"
		}
		t = t.Elem()
	}
	if t.PkgPath() == reflect.TypeFor[kinds.Kind]().PkgPath() {
		return prefix + t.Name()
	}
	return prefix + t.String()
}

// TestCellReference keeps the cell reference of docs/cells.md equal to the
// registry: every kind, every field, with the meaning its Go comment gives.
func TestCellReference(t *testing.T) {
	data, err := os.ReadFile(cellsDoc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	begin := strings.Index(text, "<!-- cells:begin")
	end := strings.Index(text, "<!-- cells:end -->")
	if begin < 0 || end < begin {
		t.Fatalf("%s has no <!-- cells:begin --> … <!-- cells:end --> section", cellsDoc)
	}
	want, undocumented := cellReference(t)
	for _, field := range undocumented {
		t.Errorf("%s has no doc comment: the cell reference takes its meaning from it", field)
	}
	got := text[begin : end+len("<!-- cells:end -->")]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(cellsDoc, []byte(text[:begin]+want+text[end+len("<!-- cells:end -->"):]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the cell reference of %s is not the registry's: refresh with go test ./reports/study -run TestCellReference -update", cellsDoc)
}
