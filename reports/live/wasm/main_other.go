//go:build !js

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "wasm: the page's engine runs in a browser: build it with GOOS=js GOARCH=wasm (make wasm)")
	os.Exit(2)
}
