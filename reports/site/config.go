package site

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/bridgereport/bridgereport/reports/load"
	"gopkg.in/yaml.v3"
)

// Config is a site.yaml: the site's title, its studies in order and,
// optionally, the bibliography they share.
//
//	title: Movements and luck
//	bibliography: refs.bib
//	studies:
//	  - mitchell14.yaml
//	  - bussemaker.yaml
type Config struct {
	Title string `yaml:"title"`
	// Studies are study files, relative to the site.yaml, in the order of
	// the site.
	Studies []string `yaml:"studies"`
	// Bibliography, when set, is the BibTeX file of every study that names
	// none of its own.
	Bibliography string `yaml:"bibliography"`
	// Lines are the lines of the entries of Studies, and StudiesLine the
	// line of the key, for messages.
	Lines       []int `yaml:"-"`
	StudiesLine int   `yaml:"-"`
}

// ParseConfig reads a site.yaml strictly: unknown keys, a study named
// twice or one that is not a .yaml file are errors at their line.
func ParseConfig(r io.Reader, file string) (*Config, error) {
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, err)
	}
	if len(root.Content) == 0 {
		return nil, fmt.Errorf("%s: empty: want a title and studies", file)
	}
	if top := root.Content[0]; top.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: a site.yaml is a mapping with title, studies and bibliography", file, top.Line)
	}
	// Decoded as a study is, so that a mistake is told in the same words
	// (an unknown key with the keys known, a list where a list is wanted),
	// not in yaml.v3's Go type names.
	var c Config
	if err := load.StrictDecode(&root, &c); err != nil {
		return nil, yamlError(file, err)
	}
	at := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", file, line, fmt.Sprintf(format, args...))
	}
	var list *yaml.Node
	if len(root.Content) > 0 && root.Content[0].Kind == yaml.MappingNode {
		m := root.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == "studies" {
				list = m.Content[i+1]
				c.StudiesLine = m.Content[i].Line
			}
		}
	}
	if strings.TrimSpace(c.Title) == "" {
		return nil, at(1, "title: missing: the site's title, shown on every page")
	}
	if list == nil || len(c.Studies) == 0 {
		return nil, at(1, "studies: missing: the study files of the site, in order")
	}
	seen := map[string]int{}
	for i, s := range c.Studies {
		line := list.Content[i].Line
		c.Lines = append(c.Lines, line)
		name := strings.TrimSuffix(path.Base(s), ".yaml")
		switch {
		case !strings.HasSuffix(s, ".yaml"):
			return nil, at(line, "%s: a study is a .yaml file", s)
		case seen[name] > 0:
			return nil, at(line, "%s: a study named %s is already at line %d (each page is named after its file)", s, name, seen[name])
		}
		seen[name] = line
	}
	return &c, nil
}

// yamlError puts the file before yaml.v3's line and message.
func yamlError(file string, err error) error {
	line, msg := load.YAMLLine(err)
	if line > 0 {
		return fmt.Errorf("%s:%d: %s", file, line, msg)
	}
	return fmt.Errorf("%s: %s", file, msg)
}
