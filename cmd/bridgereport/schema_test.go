package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"

	"github.com/bridgereport/bridgereport/reports/usage"
)

// schemaDir is docs/schema, found from any working folder.
var schemaDir = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "docs", "schema"))
	if err != nil {
		panic(err)
	}
	return dir
}()

// generatedSchema is a schema as its committed file holds it.
func generatedSchema(t *testing.T, name string) []byte {
	t.Helper()
	s, err := jsonSchema(name)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(data, '\n')
}

func decodeSchema(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var s map[string]any
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSchemasAreCommitted keeps docs/schema/NAME.schema.json equal to the
// schema generated from the Result types, and refuses a change that
// breaks a script written against the committed schema (a key removed or
// renamed, a key that may now be left out, a type changed) unless the
// version in the command's record is raised; the file of the version it replaces
// is then kept as docs/schema/NAME/vN.schema.json. go test -update writes
// the files (and keeps the old version), but never over a break.
func TestSchemasAreCommitted(t *testing.T) {
	for _, name := range schemaNames() {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(schemaDir, name+".schema.json")
			data := generatedSchema(t, name)
			v := schemaVersion(name)
			committed, err := os.ReadFile(path)
			if err != nil && !*update {
				t.Fatalf("%v: write it with go test ./cmd/bridgereport -run TestSchemasAreCommitted -update", err)
			}
			if err == nil {
				old := decodeSchema(t, committed)
				_, was, ok := usage.SchemaVersion(old)
				switch {
				case !ok:
					t.Fatalf("%s: its $id %v has no version", path, old["$id"])
				case was == v:
					if breaks := usage.Breaks(old, decodeSchema(t, data)); len(breaks) > 0 {
						what := "the --json of " + name
						if name == resultsSchema {
							what = "results.json"
						}
						t.Fatalf("%s breaks version %d of its schema:\n\t%s\n"+
							"Keep the key, or raise the schema of command %q to %d (its addCommand record; results: resultsVersion), say why in the command's --json text, and run go test -update: it keeps v%d as %s.",
							what, v, strings.Join(breaks, "\n\t"), name, v+1, v, filepath.Join("docs", "schema", name, fmt.Sprintf("v%d.schema.json", v)))
					}
				case was == v-1:
					if *update {
						writeFile(t, filepath.Join(schemaDir, name, fmt.Sprintf("v%d.schema.json", was)), committed)
					}
				default:
					t.Fatalf("%s is version %d, the command %q says %d: a version goes up by one", path, was, name, v)
				}
			}
			for old := 1; old < v; old++ {
				if _, err := os.Stat(filepath.Join(schemaDir, name, fmt.Sprintf("v%d.schema.json", old))); err != nil && !*update {
					t.Errorf("version %d of %s is not kept: %v", old, name, err)
				}
			}
			if *update {
				writeFile(t, path, data)
			} else if !bytes.Equal(committed, data) {
				t.Errorf("%s is not the schema of the Result types: go test ./cmd/bridgereport -run TestSchemasAreCommitted -update", path)
			}
		})
	}
	// A schema whose command is gone, or lost its --json, is stale.
	files, _ := filepath.Glob(filepath.Join(schemaDir, "*.schema.json"))
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".schema.json"); !slices.Contains(schemaNames(), name) {
			t.Errorf("%s: no command has this --json", f)
		}
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSchemaCommand: schema with no argument is still the study schema,
// schema COMMAND is the committed schema of that command's --json.
func TestSchemaCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"schema"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"title": "bridgereport study"`) {
		t.Errorf("schema: not the study schema:\n%.300s", out.String())
	}
	for _, arg := range []string{"balance", "results.json"} {
		out.Reset()
		if err := Run(context.Background(), []string{"schema", arg}, &out, &errb); err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(filepath.Join(schemaDir, strings.TrimSuffix(arg, ".json")+".schema.json"))
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("schema %s is not docs/schema's", arg)
		}
	}
	err := Run(context.Background(), []string{"schema", "new"}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), `"new" has no --json schema`) || !strings.Contains(err.Error(), "balance, instant") {
		t.Errorf("schema new: %v", err)
	}
}

// publishedSchema compiles docs/schema/NAME.schema.json with a validator
// that shares no code with the generator (santhosh-tekuri/jsonschema). A
// closed one also refuses a key the schema does not declare: the schema
// is published open, so that a key added later is no break, but the
// output of today's code has no key its schema does not know.
func publishedSchema(t *testing.T, name string, closed bool) *jsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(schemaDir, name+".schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := decodeSchema(t, data)
	if closed {
		closeObjects(s)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", s); err != nil {
		t.Fatal(err)
	}
	compiled, err := c.Compile("schema.json")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return compiled
}

// closeObjects refuses undeclared keys in every object the schema
// declares the keys of.
func closeObjects(v any) {
	switch v := v.(type) {
	case map[string]any:
		_, declared := v["properties"]
		_, open := v["additionalProperties"]
		isObject := v["type"] == "object" || slices.Contains(anyStrings(v["type"]), "object")
		if declared && !open && isObject {
			v["additionalProperties"] = false
		}
		for _, x := range v {
			closeObjects(x)
		}
	case []any:
		for _, x := range v {
			closeObjects(x)
		}
	}
}

func anyStrings(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, x := range l {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// jsonOut keeps what TestJSONMatchesSchema validated, for a second
// validator: make json-check.
var jsonOut = flag.String("json-out", "", "write each JSON output validated to this folder as SCHEMA--CASE.json")

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// validate checks an output against docs/schema/NAME.schema.json; what
// names the output in a failure.
func validate(t *testing.T, name, what string, output []byte) {
	t.Helper()
	if *jsonOut != "" {
		writeFile(t, filepath.Join(*jsonOut, name+"--"+unsafeName.ReplaceAllString(t.Name()+"-"+what, "_")+".json"), output)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(output))
	if err != nil {
		t.Fatalf("%s: not JSON: %v\n%.300s", what, err, output)
	}
	if err := publishedSchema(t, name, false).Validate(v); err != nil {
		t.Errorf("%s does not validate against docs/schema/%s.schema.json:\n%v", what, name, err)
	} else if err := publishedSchema(t, name, true).Validate(v); err != nil {
		t.Errorf("%s has a key docs/schema/%s.schema.json does not declare:\n%v", what, name, err)
	}
}

// TestJSONMatchesSchema runs every command with --json as its users do,
// and validates what it prints against the command's published schema:
// each --json archive of testdata/cli, and the shapes no archive prints
// (catalogue --pick, score of a PBN file and of a season folder, run).
func TestJSONMatchesSchema(t *testing.T) {
	type run struct {
		archive string   // testdata/cli/ARCHIVE.txtar: its files (and args)
		args    []string // when set, instead of the archive's
	}
	runs := []run{
		{archive: "catalogue-13-pick", args: []string{"catalogue", "--pairs", "13", "--pick", "2", "--json"}},
		{archive: "score-pbn", args: []string{"score", "--json", "monday.pbn"}},
		{archive: "score-season", args: []string{"score", "--json", "--resamples", "200", "."}},
		{archive: "run-ok", args: []string{"run", "--json", "--no-cache", "-o", "out", "a.yaml", "b.yaml"}},
		{archive: "run-figure-failed", args: []string{"run", "--json", "--no-cache", "-o", "out", "."}},
		{archive: "diff-moved", args: []string{"diff", "--json", "old.json", "new.json"}},
		{args: []string{"version", "--json"}},
	}
	archives, _ := filepath.Glob(filepath.Join("testdata", "cli", "*.txtar"))
	for _, a := range archives {
		name := strings.TrimSuffix(filepath.Base(a), ".txtar")
		args, exit := readArchive(t, name, "")
		if slices.Contains(args, "--json") && (exit == "0" || exit == "1") {
			runs = append(runs, run{archive: name})
		}
	}
	seen := map[string]bool{}
	for _, r := range runs {
		t.Run(strings.Join(append([]string{r.archive}, r.args...), " "), func(t *testing.T) {
			var out archiveOutput
			args := r.args
			if args == nil {
				// An archive's own command: the run TestCLI checks.
				args, _ = readArchive(t, r.archive, "")
				out = runArchive(t, r.archive)
			} else {
				dir := t.TempDir()
				if r.archive != "" {
					readArchive(t, r.archive, dir)
				}
				t.Chdir(dir)
				var stdout, stderr bytes.Buffer
				out.err = Run(context.Background(), args, &stdout, &stderr)
				out.stdout, out.stderr = stdout.String(), stderr.String()
			}
			if err := out.err; err != nil && !strings.Contains(err.Error(), "failed") && !strings.Contains(err.Error(), "no movement is recommended") {
				t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out.stderr)
			}
			seen[args[0]] = true
			validate(t, args[0], strings.Join(args, " "), []byte(out.stdout))
			if args[0] == "run" {
				results, _ := filepath.Glob(filepath.Join("out", "*", "results.json"))
				if len(results) == 0 {
					t.Fatal("run wrote no results.json")
				}
				for _, f := range results {
					data, err := os.ReadFile(f)
					if err != nil {
						t.Fatal(err)
					}
					validate(t, resultsSchema, f, data)
				}
			}
		})
	}
	for _, name := range schemaNames() {
		if name != resultsSchema && !seen[name] {
			t.Errorf("no --json of %s was validated: add an archive or a run", name)
		}
	}
}

// readArchive reads testdata/cli/NAME.txtar: its args (one a line), its
// exit status and, when dir is set, its input files written there.
func readArchive(t *testing.T, name, dir string) (args []string, exit string) {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join("testdata", "cli", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Files {
		switch f.Name {
		case "args":
			args = strings.Fields(strings.ReplaceAll(string(f.Data), "\n", " "))
		case "exit":
			exit = strings.TrimSpace(string(f.Data))
		case "stdout", "stderr", "env":
		default:
			if dir != "" {
				writeFile(t, filepath.Join(dir, f.Name), f.Data)
			}
		}
	}
	return args, exit
}

// TestStudiesResultsMatchSchema validates the results.json of every
// study (their goldens, which TestStudies holds to the studies' runs):
// every kind of cell the studies use, against results.schema.json.
func TestStudiesResultsMatchSchema(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "..", "studies", "golden", "*.results.json"))
	if len(files) == 0 {
		t.Fatal("no studies/golden/*.results.json")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		validate(t, resultsSchema, filepath.Base(f), data)
	}
}

// TestSchemaRefusesWrongOutput: the validation above can fail. An output
// with a key gone or of another type is refused; a key the schema does not
// declare passes the published (open) schema and fails the closed one.
func TestSchemaRefusesWrongOutput(t *testing.T) {
	var out, errb bytes.Buffer
	if err := Run(context.Background(), []string{"balance", "--json", "mitchell:7"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	edits := []struct {
		name         string
		edit         func(map[string]any)
		open, closed bool // valid against each
	}{
		{"as printed", func(map[string]any) {}, true, true},
		{"qf gone", func(m map[string]any) { delete(m, "qf") }, false, false},
		{"qf renamed", func(m map[string]any) { m["q_f"] = m["qf"]; delete(m, "qf") }, false, false},
		{"pairs a string", func(m map[string]any) { m["pairs"] = "14" }, false, false},
		{"tables a fraction", func(m map[string]any) { m["tables"] = 6.5 }, false, false},
		{"a key added", func(m map[string]any) { m["added"] = 1 }, true, false},
	}
	for _, e := range edits {
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		e.edit(m)
		data, _ := json.Marshal(m)
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		open := publishedSchema(t, "balance", false).Validate(v) == nil
		closed := publishedSchema(t, "balance", true).Validate(v) == nil
		if open != e.open || closed != e.closed {
			t.Errorf("%s: valid against the schema %v, closed %v; want %v, %v", e.name, open, closed, e.open, e.closed)
		}
	}
}
