# bridgereport: the two commands of the README are `make report` and `make test`.
GO ?= go

.PHONY: report studies test deps browser golden bench clean

# npm ci installs the chart library pinned by package-lock.json; the HTML
# reports inline it.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

deps: node_modules/.package-lock.json

report: deps
	$(GO) run ./cmd/bridgereport run studies/mitchell14.yaml

studies: deps
	$(GO) run ./cmd/bridgereport run studies

# The browser test of the HTML reports needs Debian's chromium.
browser:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: deps browser
	$(GO) vet ./...
	$(GO) test ./...

# Rewrite the golden results of the studies (only when a change explains the drift).
golden: deps
	$(GO) test ./reports -run TestStudies -update

# Benchmarks (speed targets live here, not in tests); BENCHCOUNT=10 for
# medians of paired runs.
BENCHCOUNT ?= 1
bench:
	$(GO) test -run '^$$' -bench . -count $(BENCHCOUNT) ./engine/

clean:
	rm -rf out
