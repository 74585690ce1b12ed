//go:build !js

package charts

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
)

// SVGRenderer draws echarts options as static SVG with echarts' own
// server-side renderer, run in goja so that reports need no Node. The
// library is compiled once; every chart gets a fresh VM, so zrender's id
// counters start from zero and the output is the same on every run.
type SVGRenderer struct {
	src string // the library's source, compiled on the first chart drawn
	// Timeout bounds the rendering of one chart; zero means 20 seconds.
	Timeout time.Duration
}

// svgDriver renders one option. Animation is off so that the first frame is
// the final one. The option's type is checked here, not in Go: reading an
// object from Go would run its getters outside the VM's error handling.
const svgDriver = `(function (json, width, height) {
	var option = JSON.parse(json);
	if (option === null || typeof option !== 'object') throw new Error('option: not an object');
	var chart = echarts.init(null, null, {renderer: 'svg', ssr: true, width: width, height: height});
	try {
		option.animation = false;
		// Opaque, so that the dark text stays readable on a dark page.
		if (option.backgroundColor == null) option.backgroundColor = '#fff';
		chart.setOption(option);
		return chart.renderToSVGString();
	} finally {
		chart.dispose();
	}
})`

var (
	driverProgram = sync.OnceValue(func() *goja.Program {
		return goja.MustCompile("svg-driver.js", svgDriver, true)
	})
	// compiled caches the last library compiled: a run uses one library,
	// and compiling echarts takes a noticeable fraction of a second.
	compiled struct {
		sync.Mutex
		src string
		lib *goja.Program
	}
)

// NewSVGRenderer returns a renderer with the echarts library in echartsJS.
// The library is compiled when the first chart is drawn (a run whose figures
// all come from the cache never needs it), once per process for one source.
func NewSVGRenderer(echartsJS string) *SVGRenderer {
	return &SVGRenderer{src: echartsJS}
}

// program is the compiled library.
func (r *SVGRenderer) program() (*goja.Program, error) {
	compiled.Lock()
	defer compiled.Unlock()
	if compiled.lib == nil || compiled.src != r.src {
		lib, err := goja.Compile("echarts.min.js", r.src, false)
		if err != nil {
			return nil, fmt.Errorf("echarts library: %w", err)
		}
		compiled.src, compiled.lib = r.src, lib
	}
	return compiled.lib, nil
}

// Render draws an echarts option, given as JSON, as a width×height SVG
// document. The option is parsed as JSON, never run: no string in it can
// become code.
func (r *SVGRenderer) Render(option string, width, height int) (string, error) {
	vm := goja.New()
	// Math.random and Date are fixed so that nothing drawn from them can
	// change the output between runs.
	rng := rand.New(rand.NewPCG(1, 2))
	vm.SetRandSource(rng.Float64)
	vm.SetTimeSource(func() time.Time { return time.Unix(0, 0).UTC() })
	if err := installGlobals(vm); err != nil {
		return "", err
	}

	timeout := r.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	timer := time.AfterFunc(timeout, func() { vm.Interrupt(fmt.Sprintf("timed out after %v", timeout)) })
	defer timer.Stop()

	lib, err := r.program()
	if err != nil {
		return "", err
	}
	if _, err := vm.RunProgram(lib); err != nil {
		return "", fmt.Errorf("echarts library: %w", jsError(err))
	}
	if ok, err := vm.RunString(`typeof echarts === "object" && typeof echarts.init === "function"`); err != nil || !ok.ToBoolean() {
		return "", errors.New("echarts library: it defines no echarts.init")
	}
	fnv, err := vm.RunProgram(driverProgram())
	if err != nil {
		return "", jsError(err)
	}
	fn, _ := goja.AssertFunction(fnv)
	out, err := fn(goja.Undefined(), vm.ToValue(option), vm.ToValue(width), vm.ToValue(height))
	if err != nil {
		var ex *goja.Exception
		if errors.As(err, &ex) && strings.HasPrefix(ex.Value().String(), "SyntaxError") {
			return "", fmt.Errorf("option: %w", jsError(err))
		}
		return "", jsError(err)
	}
	return out.String() + "\n", nil
}

// installGlobals gives the library what a browser or Node would: a console
// that discards, and timers that never fire. echarts schedules deferred work
// (frames, tooltips) with setTimeout; under Node it would run only after
// renderToSVGString has returned, so it never changes the SVG.
func installGlobals(vm *goja.Runtime) error {
	noop := func(goja.FunctionCall) goja.Value { return goja.Undefined() }
	console := vm.NewObject()
	for _, name := range []string{"log", "info", "warn", "error", "debug"} {
		if err := console.Set(name, noop); err != nil {
			return err
		}
	}
	if err := vm.Set("console", console); err != nil {
		return err
	}
	for _, name := range []string{"setTimeout", "clearTimeout", "setInterval", "clearInterval"} {
		if err := vm.Set(name, noop); err != nil {
			return err
		}
	}
	return nil
}

// jsError keeps the message of a JavaScript exception and drops goja's
// stack, which points into minified code.
func jsError(err error) error {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return errors.New(ex.Value().String())
	}
	var ie *goja.InterruptedError
	if errors.As(err, &ie) {
		return fmt.Errorf("%v", ie.Value())
	}
	return err
}
