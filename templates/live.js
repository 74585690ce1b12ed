// A page with interactive parameters: the values come from the address and
// the controls, the engine the page carries recomputes the cells that use
// them in a Web Worker, and the recomputed cells take the place of the
// published ones. A value the study refuses is said at its control, and the
// cells that use it show no figures until it is mended.
(() => {
	"use strict";
	// Marks of the page's performance timeline (the benchmark reads them).
	const mark = (name) => performance.mark("live-" + name);
	mark("script");
	const data = JSON.parse(document.getElementById("live-data").textContent);
	const page = JSON.stringify({ study: data.study, source: data.source, values: data.values, cells: data.cells });
	const bar = document.getElementById("live-bar");
	const progress = document.getElementById("live-progress");
	const button = document.getElementById("live-cancel");
	const controls = new Map();
	for (const el of bar.querySelectorAll("[data-published]")) controls.set(el.name, el);

	// The value of each parameter, as typed: the address's, else the page's.
	const values = new Map();
	const query = new URLSearchParams(location.search);
	for (const [name, el] of controls) {
		const v = query.has(name) ? query.get(name) : el.dataset.published;
		values.set(name, v);
		el.value = v;
	}

	// What each cell shows: the values of its parameters, as a key.
	const keyOf = (cell, from = values) => JSON.stringify(cell.params.map((p) => from.get(p)));
	const published = (cell) => JSON.stringify(cell.params.map((p) => controls.get(p).dataset.published));
	const shown = new Map(data.cells.map((c) => [c.id, published(c)]));
	// A cell's blocks stand between its marker and the next live-end: they
	// lay out as every other cell's.
	const marker = (cell) => document.getElementById("live-" + cell.id);
	const blocks = (cell) => {
		const out = [];
		for (let n = marker(cell).nextSibling; n && !(n.nodeType === 1 && n.classList.contains("live-end")); n = n.nextSibling) out.push(n);
		return out;
	};
	// The values each cell's figures are of, by cell (null: a note, no
	// figures), for the Provenance.
	const drawn = new Map(data.cells.map((c) => [c.id, c.params.map((p) => controls.get(p).dataset.published)]));
	const fill = (cell, nodes, values) => {
		const gone = new Set();
		for (const n of blocks(cell)) {
			if (n.nodeType === 1) {
				if (window.echarts) {
					for (const div of n.querySelectorAll("[_echarts_instance_]")) echarts.getInstanceByDom(div)?.dispose();
				}
				if (n.id) gone.add(n.id);
				for (const el of n.querySelectorAll("[id]")) gone.add(el.id);
			}
			n.remove();
		}
		marker(cell).after(...nodes);
		drawn.set(cell.id, values || null);
		contents(cell, gone, nodes);
		provenance();
	};

	// The contents list names the page's tables and headings as the page
	// prints them (render's tableTOC and renderProse): a recomputed cell's
	// entries take the place of those of the blocks it replaced, or the
	// captions and anchors of other values stay in it.
	const toc = document.querySelector("nav.toc ol");
	const contents = (cell, gone, nodes) => {
		if (!toc) return;
		for (const li of [...toc.children]) {
			const a = li.querySelector("a");
			if (a && gone.has(decodeURIComponent(a.hash.slice(1)))) li.remove();
		}
		const entries = [];
		const entry = (anchor, text, cls) => {
			const li = document.createElement("li");
			if (cls) li.className = cls;
			const a = document.createElement("a");
			a.href = "#" + anchor;
			a.textContent = text;
			li.append(a);
			entries.push(li);
		};
		for (const n of nodes) {
			if (n.nodeType !== 1) continue;
			if (n.matches("section.prose")) {
				for (const h of n.querySelectorAll("h1[id], h2[id]")) entry(h.id, h.textContent, h.tagName === "H2" ? "sec" : "");
			} else if (n.matches("div.scroll[id^='table-']")) {
				const caption = n.querySelector("p.caption");
				const number = caption.querySelector("strong");
				// Its number, and the first sentence of its caption.
				let text = [...caption.childNodes].filter((c) => c !== number).map((c) => c.textContent).join("").replace(/^ /, "");
				const i = text.indexOf(". ");
				if (i > 0) text = text.slice(0, i);
				entry(n.id, number.textContent + " " + text, "sub");
			}
		}
		if (entries.length === 0) return;
		// Before the first entry of a block that follows the cell.
		const next = [...toc.children].find((li) => {
			const a = li.querySelector("a");
			const target = a && document.getElementById(decodeURIComponent(a.hash.slice(1)));
			return target && marker(cell).compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
		});
		if (next) next.before(...entries);
		else toc.append(...entries);
	};

	// The Provenance states the values the page's figures are of, marked as
	// the reader's where they are not the published ones: a printed page
	// has no parameter bar to say so.
	const provenance = () => {
		const reader = [];
		for (const el of document.querySelectorAll("[data-param]")) {
			const name = el.dataset.param;
			const control = controls.get(name);
			if (!control) continue;
			const using = data.cells.filter((c) => c.params.includes(name));
			const of = [...new Set(using.filter((c) => drawn.get(c.id)).map((c) => drawn.get(c.id)[c.params.indexOf(name)]))];
			const v = of.length > 0 ? of.join(" and ") : values.get(name);
			const marks = [];
			if (v !== control.dataset.published) marks.push("set by the reader");
			if (using.length > 0 && of.length === 0) marks.push("no figures on the page are of it");
			const mark = marks.length > 0 ? " (" + marks.join("; ") + ")" : "";
			// The list's line: parameter <code>name</code> = <code>value</code>;
			// the table's row: name, type, value, meaning.
			const value = el.tagName === "TR" ? el.cells[2] : el.querySelectorAll("code")[1];
			value.textContent = v;
			el.querySelector(".live-set")?.remove();
			if (mark) {
				const em = document.createElement("em");
				em.className = "live-set";
				em.textContent = mark;
				(el.tagName === "TR" ? value : el).append(em);
			}
			if (el.tagName === "LI" && v !== control.dataset.published) reader.push([name, v, control.dataset.published]);
		}
		// The published figures were checked when the page was made: the
		// browser checks none, so they stay the published values' and say so.
		const checks = document.getElementById("checks");
		if (checks) {
			let said = checks.nextElementSibling;
			if (!said.classList.contains("live-note")) said = null;
			if (reader.length === 0) said?.remove();
			else {
				if (!said) {
					said = document.createElement("p");
					said.className = "live-note";
					checks.after(said);
				}
				said.textContent = "These were checked with the published values (" + reader.map(([n, , p]) => n + " = " + p).join(", ") + "); the page now shows the reader's (" + reader.map(([n, v]) => n + " = " + v).join(", ") + "), which the browser does not check.";
			}
		}
	};

	const saying = (values) => [...values].filter(([n, v]) => v !== controls.get(n).dataset.published).map(([n, v]) => n + " = " + v).join(", ");

	// A cell waiting for its figures, or without any, shows a note only:
	// never figures of other values.
	const note = (cell, text, failed) => {
		const p = document.createElement("p");
		p.className = failed ? "live-note live-failed" : "live-note";
		p.textContent = text;
		fill(cell, [p, document.createTextNode("\n")]);
	};

	const say = (name, text) => {
		const out = document.getElementById("live-msg-" + name);
		if (out) out.textContent = text;
		const el = controls.get(name);
		if (el) el.setAttribute("aria-invalid", text ? "true" : "false");
	};

	const base64 = (text) => {
		const s = atob(text);
		const bytes = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
		return bytes;
	};

	// The engine: decompressed and compiled once, on first need.
	let compiled = null;
	const engine = () => {
		if (!compiled) {
			const bytes = Uint8Array.fromBase64 ? Uint8Array.fromBase64(data.engine) : base64(data.engine);
			const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
			// Compiled as it is decompressed.
			compiled = WebAssembly.compileStreaming(new Response(stream, { headers: { "Content-Type": "application/wasm" } })).then((module) => {
				mark("compiled");
				return module;
			});
		}
		return compiled;
	};
	let workerURL = null;
	let worker = null;
	let pending = [];
	let started = 0;
	let refused = false; // the request has a value the study refuses
	let asked = values; // the values of the request computing

	const stop = () => {
		// A message the worker posted before it ended may still be queued
		// here: a cancelled or superseded computation must draw nothing.
		if (worker) {
			worker.onmessage = worker.onerror = null;
			worker.terminate();
		}
		worker = null;
	};
	const idle = (text) => {
		progress.textContent = text;
		button.hidden = pending.length === 0;
		button.textContent = "Recompute";
		bar.dataset.state = "idle";
	};

	// The recomputed charts, by id, follow the window's width as the
	// page's own do.
	const liveCharts = new Map();
	window.addEventListener("resize", () => liveCharts.forEach((chart) => chart.resize()));
	const draw = (charts) => {
		if (!window.echarts) return;
		for (const c of charts || []) {
			const el = document.getElementById(c.id);
			if (!el) continue;
			const chart = echarts.init(el, "white", { renderer: "canvas" });
			chart.setOption(c.option);
			liveCharts.set(c.id, chart);
		}
	};

	const answer = (m) => {
		const cell = data.cells.find((c) => c.id === m.cell);
		switch (m.type) {
		case "invalid":
			// Said at the controls; the cells that use them show why they
			// have no figures, and the others are computed all the same.
			refused = true;
			for (const [name, msg] of Object.entries(m.errors)) say(name, msg);
			for (const c of data.cells.filter((c) => (m.cells || []).includes(c.id))) {
				note(c, "No figures: " + c.params.filter((p) => m.errors[p]).map((p) => p + ": " + m.errors[p]).join("; "), true);
				shown.set(c.id, null);
			}
			pending = pending.filter((c) => !(m.cells || []).includes(c.id));
			break;
		case "started":
			mark("started");
			break;
		case "progress":
			if (m.total) progress.textContent = "Recomputing " + m.cell + ": " + Math.floor((100 * (m.done || 0)) / m.total) + " %";
			break;
		case "cell":
		case "failed":
			if (!cell) {
				// The engine failed as a whole: every cell waiting says so.
				for (const c of pending) {
					note(c, "Not recomputed: " + m.error, true);
					shown.set(c.id, null);
				}
				pending = [];
				stop();
				idle("The engine failed: " + m.error);
				break;
			}
			pending = pending.filter((c) => c !== cell);
			// The request's values: the controls may have changed since.
			shown.set(cell.id, keyOf(cell, asked));
			if (m.type === "failed") {
				note(cell, "Not recomputed: " + m.error, true);
				break;
			}
			const t = document.createElement("template");
			t.innerHTML = m.html;
			fill(cell, [...t.content.childNodes], JSON.parse(shown.get(cell.id)));
			draw(m.charts);
			if (!bar.dataset.firstCell) {
				mark("first-cell");
				bar.dataset.firstCell = String(Math.round(performance.now()));
			}
			break;
		case "done":
			pending = [];
			idle(refused ? "A value is refused: its message is at its control." : "Recomputed in " + ((performance.now() - started) / 1000).toFixed(1) + " s" + (saying(values) ? " for " + saying(values) : "") + ".");
			bar.dataset.done = String(Number(bar.dataset.done || 0) + 1);
			break;
		}
	};

	const run = (cells) => {
		// What is computing is for values that are gone: stop it. An idle
		// worker takes the next request.
		if (pending.length > 0) stop();
		for (const c of pending) {
			if (!cells.includes(c)) {
				note(c, "Not recomputed.", true);
				shown.set(c.id, null);
			}
		}
		pending = cells;
		asked = new Map(values);
		refused = false;
		for (const name of controls.keys()) say(name, "");
		for (const c of cells) note(c, "Recomputing for " + (saying(values) || "the published values") + "…");
		const request = JSON.stringify({
			values: Object.fromEntries([...values].filter(([n]) => cells.some((c) => c.params.includes(n)))),
			cells: cells.map((c) => c.id),
		});
		started = performance.now();
		bar.dataset.state = "busy";
		progress.textContent = "Starting the engine…";
		button.hidden = false;
		button.textContent = "Cancel";
		engine().then((module) => {
			if (pending !== cells) return; // a newer request took over
			if (!worker) {
				if (!workerURL) workerURL = URL.createObjectURL(new Blob([data.worker], { type: "text/javascript" }));
				worker = new Worker(workerURL);
				worker.onmessage = (e) => answer(JSON.parse(e.data));
				worker.onerror = (e) => answer({ type: "failed", error: e.message || "the engine's worker failed" });
				worker.postMessage({ type: "start", module, page });
			}
			worker.postMessage({ type: "run", request });
			progress.textContent = "Recomputing…";
		}, (err) => answer({ type: "failed", error: "the engine does not start in this browser: " + err }));
	};

	// The cells whose values changed since they were drawn.
	const update = () => {
		const q = new URLSearchParams(location.search);
		for (const [name, v] of values) {
			if (v === controls.get(name).dataset.published) q.delete(name);
			else q.set(name, v);
		}
		const search = q.toString();
		history.replaceState(history.state, "", (search ? "?" + search : location.pathname) + location.hash);
		const cells = data.cells.filter((c) => shown.get(c.id) !== keyOf(c) || pending.includes(c));
		if (cells.length > 0) run(cells);
	};

	let timer = 0;
	for (const [name, el] of controls) {
		const changed = (now) => {
			values.set(name, el.validity && el.validity.badInput ? "" : el.value);
			clearTimeout(timer);
			if (now) update();
			else timer = setTimeout(update, 300);
		};
		el.addEventListener("input", () => changed(el.tagName === "SELECT"));
		el.addEventListener("change", () => changed(true));
		el.addEventListener("keydown", (e) => {
			if (e.key === "Enter") changed(true);
		});
	}
	button.addEventListener("click", () => {
		if (button.textContent === "Cancel") {
			stop();
			// Shown as none: values set back to a cancelled cell's own
			// are recomputed, not left to its note.
			for (const c of pending) {
				note(c, "Cancelled: not recomputed for " + (saying(values) || "these values") + ".", true);
				shown.set(c.id, null);
			}
			idle("Cancelled.");
			return;
		}
		const cells = pending;
		pending = [];
		run(cells);
	});
	// Warm the engine while the reader reaches for a control.
	bar.addEventListener("focusin", () => engine(), { once: true });
	bar.dataset.state = "idle";
	update();
})();
