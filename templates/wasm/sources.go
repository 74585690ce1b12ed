//go:build !js

package wasm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// SourcesHash is the hash of what the engine is built from: every Go file
// and embedded file of the packages it links, but the standard library's
// (the toolchain, named apart in SOURCE). list is the output of
//
//	GOOS=js GOARCH=wasm go list -deps -json=ImportPath,Dir,GoFiles,EmbedFiles,Standard ./reports/live/wasm
//
// which make wasm and TestEngineIsCurrent both run.
func SourcesHash(list io.Reader) (string, error) {
	var lines []string
	dec := json.NewDecoder(list)
	for {
		var p struct {
			ImportPath, Dir     string
			GoFiles, EmbedFiles []string
			Standard            bool
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", fmt.Errorf("go list: %w", err)
		}
		if p.Standard {
			continue
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				return "", err
			}
			sum := sha256.Sum256(data)
			lines = append(lines, p.ImportPath+"/"+filepath.ToSlash(f)+" "+hex.EncodeToString(sum[:]))
		}
	}
	if len(lines) == 0 {
		return "", errors.New("go list: no package")
	}
	slices.Sort(lines)
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:]), nil
}

// SourceField reads one "key: value" line of SOURCE.
func SourceField(key string) string {
	for _, line := range strings.Split(Source, "\n") {
		if k, v, ok := strings.Cut(line, ": "); ok && k == key {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
