# usernotifyd — `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

SWIFT ?= swift
# The Swift suite, with a watchdog that turns a hang (no test started or ended for 10 minutes) into a
# failure naming the tests still running and what they wait on (the run's processes, the test process's
# threads with gdb, PostgreSQL's sessions).
# At most TEST_WIDTH tests run at once: unbounded, a run peaked at ~80 server processes and a load average
# of 36 on two cores, which every time bound in the suite had to survive; 16 at once finished sooner too
# (docs/internals.md, How it is tested).
TEST_WIDTH ?= 16
SWIFT_TEST := env SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) python3 Tests/Scripts/watchdog.py --stall 600 -- \
	$(SWIFT) test --skip-build
# Debian packages: what building needs, and what tests and benchmarks add.
BUILD_PACKAGES := libmicrohttpd-dev libsqlite3-dev pkg-config
# What the README's walkthrough uses beside the server.
WALKTHROUGH_PACKAGES := curl jq python3
TEST_PACKAGES := $(BUILD_PACKAGES) $(WALKTHROUGH_PACKAGES) sqlite3 postgresql gdb docker.io mmdebstrap chromium chromium-driver firefox-esr xvfb \
	prometheus kubectl
BENCH_PACKAGES := $(BUILD_PACKAGES) wrk postgresql
LINT_PACKAGES := shellcheck
# Every shell script in the repository: CI runs them all.
SHELL_SCRIPTS := .ci/run Tools/timed $(wildcard Tests/Scripts/*.sh)
# The contributor's loop needs no browser, container engine or Kubernetes tooling.
CHECK_PACKAGES := $(BUILD_PACKAGES) postgresql gdb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
VENV := .venv
RUN_ARGS ?=
BENCH_PENDING ?= 1000000

.PHONY: help deps build run check test conformance release image generate settings-table bench fuzz fuzz-short format lint clean

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps: ## Install the Debian packages the build needs (as root or with sudo)
	$(call install_missing,$(BUILD_PACKAGES))

build: deps ## Build everything (debug)
	$(SWIFT) build

run: build ## Build and serve on 127.0.0.1:8080 with SQLite in ./data (RUN_ARGS="--port 0" to override)
	$(call install_missing,$(WALKTHROUGH_PACKAGES))
	.build/debug/usernotifyd $(RUN_ARGS)

$(VENV)/.installed: Tests/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r Tests/requirements.txt
	touch $@

check: $(VENV)/.installed ## The contributor's loop: lint, openapi.yaml and its examples, the Swift suite with a throwaway PostgreSQL
	$(call install_missing,$(CHECK_PACKAGES))
	$(MAKE) lint
	$(VENV)/bin/openapi-spec-validator openapi.yaml
	$(VENV)/bin/python Tests/Contract/examples.py
	python3 Tests/Scripts/test_watchdog.py
	$(SWIFT) build --build-tests
	Tests/Scripts/with-postgres.sh $(SWIFT_TEST)

test: $(VENV)/.installed ## Install what the tests need and run the whole suite (with a throwaway PostgreSQL), then the conformance run
	$(call install_missing,$(TEST_PACKAGES))
	Tools/timed $(VENV)/bin/openapi-spec-validator openapi.yaml
	Tools/timed $(VENV)/bin/python Tests/Contract/examples.py
	Tools/timed $(MAKE) generate
	Tools/timed $(VENV)/bin/python Tests/Deploy/check.py
	Tools/timed python3 Tests/Scripts/test_watchdog.py
	Tools/timed $(SWIFT) build --build-tests
	$(SUDO) Tools/timed $(VENV)/bin/python Tests/Deploy/container.py
	Tools/timed Tests/Scripts/with-postgres.sh $(SWIFT_TEST)
	Tools/timed $(SWIFT) package --package-path Clients/usernotify-swift resolve
	Tools/timed $(VENV)/bin/python Tests/Clients/python_flow.py
	Tools/timed $(VENV)/bin/python Tests/Clients/python_facade.py
	Tools/timed $(VENV)/bin/python Tests/Docs/run.py
	Tools/timed $(VENV)/bin/python Tests/Console/run.py
	Tools/timed $(VENV)/bin/python Tests/Console/firefox.py
	Tools/timed $(VENV)/bin/python Tests/Conformance/run.py
	Tools/timed $(MAKE) fuzz-short

# libFuzzer targets (Fuzz/UserNotifyFuzz), built with -sanitize=fuzzer in a build directory of their own
# (USERNOTIFYD_FUZZ: Package.swift puts the flag on the project's targets, not on the macros the compiler runs).
FUZZ_TARGETS := json-bodies rfc3339 byte-range apns apns-channels wire-reader http
FUZZ_SECONDS ?= 60
FUZZ_BINARY := .build/fuzz/debug/usernotifyd-fuzz

$(FUZZ_BINARY): Package.swift $(wildcard Fuzz/UserNotifyFuzz/*.swift Sources/*/*.swift)
	USERNOTIFYD_FUZZ=1 $(SWIFT) build --product usernotifyd-fuzz --scratch-path .build/fuzz

fuzz: deps $(FUZZ_BINARY) ## libFuzzer on request decoding and HTTP parsing, FUZZ_SECONDS (60) per target; new inputs join Fuzz/Corpus
	@for target in $(FUZZ_TARGETS); do \
		echo "fuzz: $$target ($(FUZZ_SECONDS) s)"; \
		USERNOTIFYD_FUZZ_TARGET=$$target $(FUZZ_BINARY) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=.build/fuzz/ \
			-print_final_stats=1 Fuzz/Corpus/$$target || exit 1; \
	done

# make test's short run: a fixed number of inputs from a fixed seed over the committed corpus, whose new
# finds go to a throwaway directory (the corpus changes only through make fuzz).
fuzz-short: $(FUZZ_BINARY)
	@scratch=$$(mktemp -d); trap 'rm -rf "$$scratch"' EXIT; \
	for target in $(FUZZ_TARGETS); do \
		runs=100000; [ $$target = http ] && runs=400; \
		mkdir -p "$$scratch/$$target"; \
		USERNOTIFYD_FUZZ_TARGET=$$target $(FUZZ_BINARY) -runs=$$runs -seed=1 -artifact_prefix=.build/fuzz/ \
			"$$scratch/$$target" Fuzz/Corpus/$$target 2>&1 | grep -E "^(INFO: Seed|Done)|ERROR|Fatal error|==" || true; \
		test $${PIPESTATUS[0]} -eq 0 || { echo "fuzz: $$target found a crash (see above; the input is in .build/fuzz/)"; exit 1; }; \
	done

# The version the sources say (BuildInfo.version, which openapi.yaml's info.version repeats).
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/UserNotifyServer/BuildInfo.swift)
IMAGE ?= usernotifyd:$(VERSION)

release: deps ## A release in dist/: the static binary, stripped, in a tarball with its SBOM and SHA256SUMS, and the image usernotifyd:VERSION (RUNTIME_IMAGE=ubuntu:noble)
	$(SWIFT) build -c release --product usernotifyd --static-swift-stdlib
	python3 Tools/release.py --binary "$$($(SWIFT) build -c release --show-bin-path)/usernotifyd" --image usernotifyd \
		--runtime-image $(or $(RUNTIME_IMAGE),ubuntu:noble)

image: ## Build the container image $(IMAGE) from deploy/Dockerfile (docker, podman or buildah, whichever is present)
	@if command -v docker >/dev/null; then docker build -f deploy/Dockerfile -t $(IMAGE) .; \
	elif command -v podman >/dev/null; then podman build -f deploy/Dockerfile -t $(IMAGE) .; \
	elif command -v buildah >/dev/null; then buildah bud -f deploy/Dockerfile -t $(IMAGE) .; \
	else echo "make image: install docker, podman or buildah" >&2; exit 1; fi

conformance: $(VENV)/.installed build ## Only schemathesis against openapi.yaml and the server (CONFORMANCE_SECONDS=100 a seed, the seeds at once)
	$(VENV)/bin/python Tests/Conformance/run.py

GENERATOR := Tools/OpenAPIGenerator/.build/debug/swift-openapi-generator
SWIFT_CLIENT := Clients/usernotify-swift/Sources/UserNotifyClient
PYTHON_CLIENT := Clients/usernotify-python/usernotify_client

generate: $(VENV)/.installed ## Regenerate openapi.yaml's ErrorCode and both clients from their sources; fails if they changed (then commit them)
	python3 Tools/sync-error-codes.py
	$(SWIFT) build --package-path Tools/OpenAPIGenerator --product swift-openapi-generator
	rm -f $(SWIFT_CLIENT)/Client.swift $(SWIFT_CLIENT)/Types*.swift
	$(GENERATOR) generate --config $(SWIFT_CLIENT)/openapi-generator-config.yaml --output-directory $(SWIFT_CLIENT) openapi.yaml
	@# Plain imports (public in Swift 6 without InternalImportsByDefault): `public import` warns when a file
	@# happens not to use the module publicly, and the generator silences that only from Swift 6.4 on.
	sed -i -E 's/^(@_spi\(Generated\) )?public import /\1import /' $(SWIFT_CLIENT)/*.swift
	@# openapi-python-client writes the package; webhooks.py and facade.py beside it are ours. ruff (its formatter) is in the venv;
	@# a fixed hash seed keeps the order of enum values that differ only in case (a set) the same each run.
	rm -rf .build/python-client
	PYTHONHASHSEED=0 PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(VENV)/bin/openapi-python-client generate --path openapi.yaml \
		--config Clients/usernotify-python/generator-config.yaml --meta none --output-path .build/python-client
	find $(PYTHON_CLIENT) -mindepth 1 ! -name webhooks.py ! -name facade.py -delete
	cp -R .build/python-client/. $(PYTHON_CLIENT)/
	@if ! git diff --quiet -- Clients openapi.yaml Sources/API/Resources/openapi.yaml \
		|| [ -n "$$(git ls-files --others --exclude-standard Clients)" ]; then \
		git status --short Clients Sources/API/Resources; echo "make generate: the clients differ from openapi.yaml's; review and commit them" >&2; exit 1; \
	fi

settings-table: ## Write docs/operations.md's table of settings from the code's settings (a test keeps them equal)
	$(SWIFT) build --build-tests
	USERNOTIFYD_WRITE_SETTINGS_TABLE=1 $(SWIFT) test --skip-build --filter theOperationsTableIsMadeFromTheSettings

bench: ## Benchmarks: HTTP against a bare C libmicrohttpd server; store and scheduler figures; replicas on PostgreSQL (release build)
	$(call install_missing,$(BENCH_PACKAGES))
	$(SWIFT) build -c release --product usernotifyd
	$(SWIFT) build -c release --product scheduler-bench
	$(SWIFT) build -c release --product webhook-bench
	$(SWIFT) build -c release --product h2-sink
	python3 Benchmarks/bench.py
	.build/release/scheduler-bench --pending $(BENCH_PENDING)
	# A burst past the 50,000 centers the center cache holds (its rate was once a quarter of the 20,000's).
	.build/release/scheduler-bench --only campaign --campaign 100000
	python3 Benchmarks/replicas.py

# Everything but the generated clients (their generators' own layout).
FORMATTED = $(wildcard Sources/*) Tests Benchmarks Fuzz/UserNotifyFuzz Package.swift

format: ## Format the sources in place (swift format)
	$(SWIFT) format format -i --recursive $(FORMATTED)

lint: ## Check formatting (swift format lint), each target's declared dependencies, and the shell scripts (shellcheck)
	$(call install_missing,$(LINT_PACKAGES))
	$(SWIFT) format lint --strict --recursive $(FORMATTED)
	$(SWIFT) package dump-package | python3 Tools/check-dependencies.py
	shellcheck $(SHELL_SCRIPTS)

clean: ## Remove build products
	rm -rf .build Tools/OpenAPIGenerator/.build Benchmarks/.work $(VENV)
