package study

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/bridgereport/bridgereport/reports/disk"
	"github.com/bridgereport/bridgereport/templates"
	"gopkg.in/yaml.v3"
)

// WriteStarter writes a small working study at path (".yaml" added when
// it ends in neither .yaml nor .yml, which run reads as well) and, when the folder has none, bridgereport.schema.json beside
// it, which the study's first line names for editors. It never overwrites a
// study. It returns the files written.
func WriteStarter(path string) ([]string, error) {
	if name := NameOf(path); name == "" || strings.HasPrefix(name, ".") || strings.HasSuffix(path, string(filepath.Separator)) {
		return nil, fmt.Errorf("new: %q: give the study a file name, such as my-study", path)
	}
	if strings.ContainsFunc(path, unicode.IsControl) {
		return nil, fmt.Errorf("new: %q: a file name without control characters (a line break would end the study's comment)", path)
	}
	if ext := filepath.Ext(path); ext != ".yaml" && ext != ".yml" {
		path += ".yaml"
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s exists already: bridgereport new writes only new files", path)
	}
	title, err := yaml.Marshal(titleOf(NameOf(path))) // quoted when plain would not read back
	if err != nil {
		return nil, err
	}
	text := strings.NewReplacer("TITLE_FILE", ShellWord(path), "TITLE", strings.TrimSuffix(string(title), "\n")).Replace(templates.Starter)
	if err := disk.WriteFileAtomic(path, []byte(text)); err != nil {
		return nil, err
	}
	written := []string{path}
	schemaPath := filepath.Join(filepath.Dir(path), "bridgereport.schema.json")
	if _, err := os.Stat(schemaPath); errors.Is(err, fs.ErrNotExist) {
		schema, err := Schema()
		if err != nil {
			return nil, err
		}
		if err := disk.WriteFileAtomic(schemaPath, append(schema, '\n')); err != nil {
			return nil, err
		}
		written = append(written, schemaPath)
	}
	return written, nil
}

// titleOf turns a file name into a title: "my-study" reads "My study".
func titleOf(name string) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(name)
	if t == "" {
		return "A study"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// ShellWord is s as one word of a shell command to paste: as it is when
// it has only safe characters, else in single quotes.
func ShellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:,@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
