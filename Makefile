# pasyans — build, test, demo and benchmarks. Run "make help" for the targets.
GO      ?= go
BIN     := bin/pasyans
PKGS    := ./...

.PHONY: all build test vet lint fmt-check unit race interop test-cluster demo bench bench-go docs help clean

all: build

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

build: ## build the pasyans binary to bin/pasyans
	$(GO) build -o $(BIN) ./cmd/pasyans

vet: ## go vet every package
	$(GO) vet $(PKGS)

STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint: ## staticcheck every package (the pinned version, fetched through the module proxy on first use)
	$(GO) run $(STATICCHECK) $(PKGS)

fmt-check: ## fail if any Go file is not gofmt-formatted
	@out="$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

unit: ## run the unit, property and integration tests
	$(GO) test -count=1 -timeout 30m $(PKGS)

race: ## the race detector on the concurrent code: the runner (sim) and the results writer (short tests, sized for 2 cores)
	$(GO) test -count=1 -race -short -p 2 ./sim/...
	$(GO) test -count=1 -race -short -run 'ResultsWriter' ./reports

interop: ## read the datasets back with DuckDB and Arrow (nested module, cgo)
	@if [ -d interop ]; then cd interop && $(GO) test -count=1 ./...; fi

test-cluster: ## the Slurm job array on a real one-node Slurm cluster (root: installs Slurm; skipped otherwise; docs/cluster.md)
	scripts/test-cluster.sh

test: vet lint fmt-check unit race interop test-cluster ## everything CI runs

DEMO_OUT ?= demo-out
demo: build ## run the main job on the built-in corpus (outputs in demo-out/)
	./$(BIN) run --out $(DEMO_OUT) --force --seed 2026 --deals 10000 --solver-deals 0 --planner-deals 40 --reference docs/atlas

bench: ## whole-process speed: tournaments per game x strategy, workers, memory, normalizer (BENCH_QUICK=1 for a smoke test)
	scripts/bench.sh

bench-go: ## the Go micro-benchmarks of every package
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

docs: ## regenerate docs/cli.md (the commands' help), docs/games.md (the rule catalog) and docs/normalize.md (the normalizer's rule table)
	UPDATE_CLI_DOCS=1 $(GO) test -count=1 -run TestCLIReference ./cmd/pasyans
	UPDATE_GAMES_DOCS=1 $(GO) test -count=1 -run TestGamesDoc ./reports
	UPDATE_DOCS=1 $(GO) test -count=1 -run TestRuleDoc ./normalize

clean: ## remove build output
	rm -rf bin
