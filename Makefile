# bridgereport: the two commands of the README are `make report` and `make test`.
# Only Go is needed; `make test` also installs Debian's chromium for the
# browser test of the HTML reports when it is missing.
GO ?= go

.PHONY: report studies test json-check lint browser golden bench echarts wasm wasm-check clean

report:
	$(GO) run ./cmd/bridgereport run studies/mitchell14.yaml

# Every study as one site (out/index.html), from the committed cache: a
# cold run recomputes only what the cache lacks.
studies:
	$(GO) run ./cmd/bridgereport run --cache studies/cache studies

# The browser test of the HTML reports needs Debian's chromium.
browser:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: browser wasm-check
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test ./engine/luck -run BruteForce -exhaustive

# The --json of every command, as TestJSONMatchesSchema runs them, and every
# study's results.json, validated again against docs/schema by Ajv (pinned
# in package-lock.json; needs npm), which shares no code with the schemas'
# generator nor with the Go validator of make test.
json-check:
	npm ci --no-audit --no-fund --loglevel=error
	rm -rf out/json-check
	$(GO) test ./cmd/bridgereport -count=1 -run 'TestJSONMatchesSchema|TestStudiesResultsMatchSchema' -args -json-out $(CURDIR)/out/json-check
	for s in docs/schema/*.schema.json; do \
		node docs/schema/validate.mjs $$s out/json-check/$$(basename $$s .schema.json)--*.json || exit 1; \
	done

# staticcheck, pinned, run with go run through the Go proxy: not a
# dependency in go.mod, not needed by make test.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Rewrite the golden results of the studies (only when a change explains the drift).
golden:
	$(GO) test ./studies -run TestStudies -update

# Benchmarks (speed targets live here, not in tests); BENCHCOUNT=10 for
# medians of paired runs.
BENCHCOUNT ?= 1
bench:
	$(GO) test -run '^$$' -bench . -count $(BENCHCOUNT) ./engine/... ./reports/... ./cmd/...

# Refresh the vendored chart library from package-lock.json (needs npm).
echarts:
	bash templates/echarts/update.sh

clean:
	rm -rf out

# The engine that pages with interactive parameters carry (templates/wasm):
# reports/live/wasm for the browser, built by this toolchain so that a
# rebuild anywhere gives the same bytes. make test checks it is current.
WASM_TOOLCHAIN ?= go1.26.8
wasm:
	GOTOOLCHAIN=$(WASM_TOOLCHAIN) $(GO) run templates/wasm/pack.go -o templates/wasm

wasm-check:
	GOTOOLCHAIN=$(WASM_TOOLCHAIN) $(GO) run templates/wasm/pack.go -check -o templates/wasm
