package load

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Parameter is a declared study parameter, used in the study as ${name}.
// A study run and a page recomputing its cells in the browser check values
// and substitute them with the same code, so that both say the same thing
// about a value and compute the same figures from it.
type Parameter struct {
	Name    string `yaml:"name"`
	Type    string `yaml:"type"` // int, float, string or bool
	Default string `yaml:"default"`
	Doc     string `yaml:"doc"`
	// Min and Max bound a number's value, when given (-p is checked too).
	Min *float64 `yaml:"min"`
	Max *float64 `yaml:"max"`
	// Choices, when given, are the only values the parameter takes.
	Choices []string `yaml:"choices"`
	// Interactive gives the parameter a control on the published page,
	// which recomputes the cells that use it in the reader's browser: an
	// int with min and max, a parameter with choices, or a string that is
	// a movement spec.
	Interactive bool `yaml:"interactive"`
}

// ParameterValues checks declarations and overrides (name=value, from -p
// or a page's controls) and returns the value of every parameter.
func ParameterValues(params []Parameter, overrides map[string]string) (map[string]string, error) {
	values := map[string]string{}
	for _, p := range params {
		if p.Name == "" {
			return nil, fmt.Errorf("parameters: a parameter has no name")
		}
		if _, dup := values[p.Name]; dup {
			return nil, fmt.Errorf("parameters: %s is declared twice", p.Name)
		}
		for _, c := range p.Choices {
			bare := p
			bare.Choices = nil
			if err := bare.Check(c); err != nil {
				return nil, fmt.Errorf("parameters: %s: choices: %v", p.Name, err)
			}
		}
		if err := p.Check(p.Default); err != nil {
			return nil, fmt.Errorf("parameters: %s: default: %v", p.Name, err)
		}
		values[p.Name] = p.Default
	}
	for name, v := range overrides {
		i := slices.IndexFunc(params, func(p Parameter) bool { return p.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("-p %s: the study declares no parameter %q (it has %s)", name, name, parameterNames(params))
		}
		if err := params[i].Check(v); err != nil {
			return nil, fmt.Errorf("-p %s=%s: %v", name, v, err)
		}
		values[name] = v
	}
	return values, nil
}

func parameterNames(params []Parameter) string {
	if len(params) == 0 {
		return "none"
	}
	var names []string
	for _, p := range params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// Check says whether v is a value of the parameter: of its type, within its
// bounds, one of its choices.
func (p Parameter) Check(v string) error {
	var err error
	var x float64
	switch p.Type {
	case "int":
		var n int64
		n, err = strconv.ParseInt(v, 10, 64)
		x = float64(n)
	case "float":
		x, err = strconv.ParseFloat(v, 64)
	case "bool":
		_, err = strconv.ParseBool(v)
	case "string":
	default:
		return fmt.Errorf("type %q: want int, float, string or bool", p.Type)
	}
	if err != nil {
		return fmt.Errorf("want %s, got %q", map[string]string{"int": "a whole number", "float": "a number", "bool": "true or false"}[p.Type], v)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("want a finite number, got %q", v)
	}
	if (p.Min != nil || p.Max != nil) && p.Type != "int" && p.Type != "float" {
		return fmt.Errorf("min and max bound numbers, and this parameter is a %s", p.Type)
	}
	switch {
	case p.Min != nil && x < *p.Min:
		return fmt.Errorf("%s is below the least value the study allows, %g", v, *p.Min)
	case p.Max != nil && x > *p.Max:
		return fmt.Errorf("%s is above the greatest value the study allows, %g", v, *p.Max)
	case len(p.Choices) > 0 && !slices.Contains(p.Choices, v):
		return fmt.Errorf("%q is not one of the study's choices: %s", v, strings.Join(p.Choices, ", "))
	}
	return nil
}

// Substitute replaces ${name} in every scalar of the document. A scalar that
// is exactly ${name} takes the parameter's type, so `samples: ${samples}`
// decodes as a number.
func Substitute(n *yaml.Node, values map[string]string) *LineError {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "${") {
		whole := ""
		out, err := expand(n.Value, values, &whole)
		if err != nil {
			return &LineError{Line: n.Line, Err: err}
		}
		n.Value = out
		if whole == "" {
			n.Tag = "!!str"
		} else {
			n.Tag = ""
			n.Style = 0
		}
	}
	for _, c := range n.Content {
		if err := Substitute(c, values); err != nil {
			return err
		}
	}
	return nil
}

func expand(s string, values map[string]string, whole *string) (string, error) {
	var b strings.Builder
	rest := s
	for {
		i := strings.Index(rest, "${")
		if i < 0 {
			b.WriteString(rest)
			break
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("unclosed ${ in %q", s)
		}
		name := rest[i+2 : i+j]
		v, ok := values[name]
		if !ok {
			return "", fmt.Errorf("${%s}: no such parameter", name)
		}
		if i == 0 && i+j+1 == len(rest) && b.Len() == 0 {
			*whole = name
		}
		b.WriteString(rest[:i])
		b.WriteString(v)
		rest = rest[i+j+1:]
	}
	return b.String(), nil
}

// ParameterUse is a ${name} in a document: the parameter and the line of
// the scalar it stands in.
type ParameterUse struct {
	Name string
	Line int
}

// ParameterUses lists the ${name} of a document not yet substituted, in
// document order; a malformed one is Substitute's to report.
func ParameterUses(n *yaml.Node) []ParameterUse {
	var uses []ParameterUse
	if n.Kind == yaml.ScalarNode {
		rest := n.Value
		for {
			i := strings.Index(rest, "${")
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], '}')
			if j < 0 {
				break
			}
			uses = append(uses, ParameterUse{Name: rest[i+2 : i+j], Line: n.Line})
			rest = rest[i+j+1:]
		}
	}
	for _, c := range n.Content {
		uses = append(uses, ParameterUses(c)...)
	}
	return uses
}
