// The Web Worker of a page with interactive parameters; the Go runtime's
// wasm_exec.js stands before this script. The page sends the compiled
// engine and its study once (start), then requests (run); the engine
// answers each with postMessage, one JSON message at a time. The page stops
// a computation by ending the worker.
"use strict";
(() => {
	// The page has no files: to the engine every path is absent (ENOENT),
	// never an operation it lacks (ENOSYS), so that a movement spec is not
	// mistaken for the name of a file it cannot read.
	const absent = () => {
		const err = new Error("no such file or directory");
		err.code = "ENOENT";
		return err;
	};
	for (const name of ["stat", "lstat", "open", "readlink"]) {
		globalThis.fs[name] = (...args) => args[args.length - 1](absent());
	}

	const fail = (error) => postMessage(JSON.stringify({ type: "failed", error: String(error) }));
	let page = null;
	let ready = false;
	const waiting = [];
	globalThis.bridgereportReady = () => {
		ready = true;
		postMessage(JSON.stringify({ type: "started" }));
		globalThis.bridgereportStart(page);
		for (const request of waiting.splice(0)) globalThis.bridgereportRun(request);
	};
	self.onmessage = (e) => {
		const m = e.data;
		if (m.type === "start") {
			page = m.page;
			const go = new Go();
			WebAssembly.instantiate(m.module, go.importObject)
				.then((instance) => go.run(instance))
				.then(() => fail("the engine stopped"), fail);
		} else if (m.type === "run") {
			if (ready) globalThis.bridgereportRun(m.request);
			else waiting.push(m.request);
		}
	};
})();
