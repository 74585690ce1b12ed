package reports

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/bridgereport/bridgereport/templates"
)

// WriteVersions prints what made the reports: the tool and engine version
// (part of every cache key), the embedded chart library, the Go toolchain
// and, when the binary knows it, the commit it was built from.
func WriteVersions(w io.Writer, engineVersion string) error {
	build := runtime.Version()
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				build += ", commit " + s.Value
			}
		}
	}
	_, err := fmt.Fprintf(w, "bridgereport %s\nengine %s (in every cache key)\necharts %s (embedded)\nbuilt with %s\n",
		engineVersion, engineVersion, templates.EchartsVersion, build)
	return err
}
