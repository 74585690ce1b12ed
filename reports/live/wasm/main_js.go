//go:build js

package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/bridgereport/bridgereport/engine/luck"
	"github.com/bridgereport/bridgereport/reports"
	"github.com/bridgereport/bridgereport/reports/live"
)

func main() {
	// A reader's browser, one thread of WebAssembly: an exact run is
	// allowed a minute of native CPU, not the command line's hour.
	luck.MaxExactCPU = 60
	post := func(m live.Message) {
		data, err := json.Marshal(m)
		if err != nil {
			data, _ = json.Marshal(live.Message{Type: "failed", Cell: m.Cell, Error: err.Error()})
		}
		js.Global().Call("postMessage", string(data))
	}
	var page reports.Live
	js.Global().Set("bridgereportStart", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if err := json.Unmarshal([]byte(args[0].String()), &page); err != nil {
			post(live.Message{Type: "failed", Error: "the page's data: " + err.Error()})
		}
		return nil
	}))
	js.Global().Set("bridgereportRun", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var req live.Request
		if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			post(live.Message{Type: "failed", Error: "the page's request: " + err.Error()})
			return nil
		}
		// A goroutine of its own: a function called from JavaScript must
		// return before the worker's event loop goes on.
		go func() {
			if err := live.Run(context.Background(), &page, req, post); err != nil {
				post(live.Message{Type: "failed", Error: err.Error()})
				post(live.Message{Type: "done"})
			}
		}()
		return nil
	}))
	js.Global().Call("bridgereportReady")
	select {} // the functions above answer the worker's calls
}
