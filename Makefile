# satdoku: a thin wrapper over the go command.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)
LDFLAGS := -X main.version=$(VERSION)
PKGS    := ./...
FUZZTIME ?= 30s
BENCHTIME ?= 1x
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: all build web test test-long test-short bench bench-cli fuzz lint install clean

all: build test

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/satdoku ./cmd/satdoku

## web: the page as a folder of static files (WEBDIR) that any static host
## serves: the page, its WebAssembly (./web/wasm: the page's questions
## over package answer, without the command line's HTTP client, external
## solvers or portfolio) and Go's wasm_exec.js; the answers are computed
## in the browser. Its gzipped size is printed.
WEBDIR ?= dist/web
web:
	mkdir -p $(WEBDIR)
	cp web/static/* $(WEBDIR)/
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" $(WEBDIR)/
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags "-s -w $(LDFLAGS)" -o $(WEBDIR)/satdoku.wasm ./web/wasm
	@echo "$(WEBDIR)/satdoku.wasm: $$(wc -c < $(WEBDIR)/satdoku.wasm) bytes, $$(gzip -9c $(WEBDIR)/satdoku.wasm | wc -c) gzipped"

## RACE_PKGS: the packages whose code starts goroutines, serves requests
## at once or runs searches in parallel (internal/race's test keeps the
## list whole): their tests run under the race detector, which also
## watches the shared state of every package they call (the rules' cache,
## the readers' caches, the input registry).
## The longest first: go test starts the packages in this order.
RACE_PKGS := ./cmd/satdoku ./satsolve ./checked ./extsolve ./listen ./web/pageapi ./cube ./portfolio . ./httpapi ./internal/cpubudget

## test: vet, then every test in its short form: each sweep over a sample
## (a few puzzles of each shared set, a few seeds; smaller still under the
## race detector, see internal/race), those of RACE_PKGS under the race
## detector while the others run beside them, so that it runs in under 3
## minutes on a 2-core machine. It fails when either run fails.
test:
	$(GO) vet $(PKGS)
	@$(GO) test -race -short $(RACE_PKGS) & racing=$$!; \
	$(GO) test -short $$($(GO) list $(PKGS) | grep -vxF "$$($(GO) list $(RACE_PKGS))"); plain=$$?; \
	wait $$racing; raced=$$?; \
	test $$plain -eq 0 -a $$raced -eq 0

## test-long: every test in full, without the race detector: the long
## sweeps (thousands of puzzles of ../shared/data, exhaustive oracles,
## hundreds of generated puzzles). CI runs it after test.
test-long:
	$(GO) test -timeout 30m $(PKGS)

test-short:
	$(GO) test -short $(PKGS)

## bench: the per-dataset benchmarks (sets in ../shared/data; absent sets skip)
bench:
	$(GO) test -run '^$$' -bench . -benchmem -count 3 $(PKGS)

## bench-cli: puzzles/s of the CLI per set (median of 3), --jobs 2, and
## QQWing side by side when it is installed
bench-cli:
	SATDOKU= sh scripts/bench-cli.sh ../shared/data

## fuzz: each fuzz target for FUZZTIME
fuzz:
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "fuzz $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

lint:
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo 'gofmt: files above need formatting'; exit 1; }
	$(GO) vet $(PKGS)
	$(GO) run $(STATICCHECK) $(PKGS)

install:
	$(GO) install -ldflags "$(LDFLAGS)" ./cmd/satdoku

clean:
	rm -rf bin
