package render

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/bridgereport/bridgereport/templates"
)

// Versions says what made the reports; its json keys are what `version
// --json` prints.
type Versions struct {
	Bridgereport string `json:"bridgereport"`
	Engine       string `json:"engine"` // part of every cache key
	Echarts      string `json:"echarts"`
	Go           string `json:"go"`
	Commit       string `json:"commit,omitempty"` // when the binary knows it
}

// CurrentVersions are the versions of this binary.
func CurrentVersions(engineVersion string) Versions {
	v := Versions{Bridgereport: engineVersion, Engine: engineVersion, Echarts: templates.EchartsVersion, Go: runtime.Version()}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				v.Commit = s.Value
			}
		}
	}
	return v
}

// WriteVersions prints what made the reports: the tool and engine version
// (part of every cache key), the embedded chart library, the Go toolchain
// and, when the binary knows it, the commit it was built from.
func WriteVersions(w io.Writer, engineVersion string) error {
	v := CurrentVersions(engineVersion)
	build := v.Go
	if v.Commit != "" {
		build += ", commit " + v.Commit
	}
	_, err := fmt.Fprintf(w, "bridgereport %s\nengine %s (in every cache key)\necharts %s (embedded)\nbuilt with %s\n",
		v.Bridgereport, v.Engine, v.Echarts, build)
	return err
}
