package charts

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// CheckSVG says whether data is a plain SVG drawing, as echarts draws one: an
// <svg> root, and no element or attribute that can run script or load
// anything (script, foreignObject, iframe, on* handlers, javascript: or
// external hrefs). Cached figures are checked before they are copied into a
// report.
func CheckSVG(data []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("svg: %w", err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		name := strings.ToLower(el.Name.Local)
		if root && name != "svg" {
			return fmt.Errorf("svg: root element <%s>", el.Name.Local)
		}
		root = false
		switch name {
		case "script", "foreignobject", "iframe", "object", "embed", "handler", "listener":
			return fmt.Errorf("svg: <%s> element", el.Name.Local)
		}
		for _, a := range el.Attr {
			an := strings.ToLower(a.Name.Local)
			if strings.HasPrefix(an, "on") {
				return fmt.Errorf("svg: %s attribute on <%s>", a.Name.Local, el.Name.Local)
			}
			if an == "href" || an == "src" {
				v := strings.ToLower(strings.TrimSpace(a.Value))
				if !strings.HasPrefix(v, "#") && !strings.HasPrefix(v, "data:image/") {
					return fmt.Errorf("svg: %s=%q on <%s>", a.Name.Local, a.Value, el.Name.Local)
				}
			}
		}
	}
	if root {
		return errors.New("svg: no element")
	}
	return nil
}
