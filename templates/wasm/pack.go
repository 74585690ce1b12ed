//go:build ignore

// pack builds the engine of the pages with interactive parameters into
// templates/wasm (make wasm), or checks that the committed one is what the
// sources give (make wasm-check): reports/live/wasm for GOOS=js GOARCH=wasm
// with -trimpath and no build id, by the toolchain GOTOOLCHAIN names,
// compressed by compress/gzip (no name, no time), so that the bytes depend
// on the sources and the toolchain only; the toolchain's wasm_exec.js; and
// SOURCE, which says both.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/bridgereport/bridgereport/templates/wasm"
)

const pkg = "./reports/live/wasm"

func main() {
	out := flag.String("o", "templates/wasm", "the folder to write engine.wasm.gz, wasm_exec.js and SOURCE to")
	check := flag.Bool("check", false, "compare with the folder's files instead of writing them")
	flag.Parse()
	files, size, err := build()
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasm:", err)
		os.Exit(1)
	}
	stale := false
	for _, name := range []string{"engine.wasm.gz", "wasm_exec.js", "LICENSE-go", "SOURCE"} {
		path := filepath.Join(*out, name)
		if *check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, files[name]) {
				fmt.Fprintf(os.Stderr, "wasm: %s is not what the sources give: run make wasm and commit it\n", path)
				stale = true
			}
			continue
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "wasm:", err)
			os.Exit(1)
		}
	}
	if stale {
		os.Exit(1)
	}
	fmt.Printf("engine: %d bytes, %d compressed\n", size, len(files["engine.wasm.gz"]))
}

func goCmd(args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOFLAGS=", "GOWASM=")
	cmd.Stderr = os.Stderr
	return cmd
}

func build() (files map[string][]byte, size int, err error) {
	tmp, err := os.MkdirTemp("", "wasm")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(tmp)
	raw := filepath.Join(tmp, "engine.wasm")
	if err := goCmd("build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", raw, pkg).Run(); err != nil {
		return nil, 0, fmt.Errorf("go build: %w", err)
	}
	version, err := goCmd("env", "GOVERSION").Output()
	if err != nil {
		return nil, 0, err
	}
	goroot, err := goCmd("env", "GOROOT").Output()
	if err != nil {
		return nil, 0, err
	}
	list, err := goCmd("list", "-deps", "-json=ImportPath,Dir,GoFiles,EmbedFiles,Standard", pkg).Output()
	if err != nil {
		return nil, 0, fmt.Errorf("go list: %w", err)
	}
	sources, err := wasm.SourcesHash(bytes.NewReader(list))
	if err != nil {
		return nil, 0, err
	}
	engine, err := os.ReadFile(raw)
	if err != nil {
		return nil, 0, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(engine); err != nil {
		return nil, 0, err
	}
	if err := zw.Close(); err != nil {
		return nil, 0, err
	}
	root := strings.TrimSpace(string(goroot))
	execJS, err := os.ReadFile(filepath.Join(root, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, 0, err
	}
	licence, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		return nil, 0, err
	}
	sum := sha256.Sum256(gz.Bytes())
	source := fmt.Sprintf("package: %s\ntoolchain: %s\nsources: %s\nengine: %s\nwasm_exec: %s lib/wasm/wasm_exec.js (the Go authors' BSD-style licence: LICENSE-go)\n",
		pkg, strings.TrimSpace(string(version)), sources, hex.EncodeToString(sum[:]), strings.TrimSpace(string(version)))
	files = map[string][]byte{"engine.wasm.gz": gz.Bytes(), "wasm_exec.js": execJS, "LICENSE-go": licence, "SOURCE": []byte(source)}
	return files, len(engine), nil
}
