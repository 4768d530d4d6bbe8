# make run   builds and serves the whole product on the embedded default (SQLite, one process)
# make test  installs what it needs and runs every check: ruff, mypy, pytest, Vitest, browser tests, fuzzing
# make dev   API with auto-reload plus Vite's dev server
# make bench the benchmarks, printed as ratios against a baseline measured in the same run
# make smoke CI's fresh-clone stage: make run in a clone of HEAD with runtime dependencies only, and the image

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
CHROMIUM_PATH ?= /usr/bin/chromium
export CHROMIUM_PATH

# Said before anything is built (make builds run's prerequisites before its recipe could speak).
ifneq ($(filter run,$(MAKECMDGOALS)),)
$(info make run: creates .venv with the runtime dependencies, builds the web client, migrates and seeds var/portal.db,)
$(info then serves http://127.0.0.1:$(PORT). About a minute the first time (more on a slow network); seconds afterwards.)
endif

FRONTEND_SOURCES := $(shell find frontend/src frontend/public -type f 2>/dev/null) \
	frontend/index.html frontend/vite.config.ts frontend/tsconfig.json

.PHONY: run test dev bench smoke fuzz budget lint typecheck pytest vitest e2e api-types api-check frontend clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --disable-pip-version-check -q -e .
	touch $@

$(VENV)/.dev: pyproject.toml $(VENV)/.runtime
	$(BIN)/pip install --disable-pip-version-check -q -e '.[dev]'
	touch $@

# npm install, not npm ci: the registry mirror lacks some other platforms' optional packages (rollup's
# native binaries), which npm cannot lock and npm ci then refuses; install still follows the lock file.
frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm install --no-audit --no-fund --loglevel=error
	touch $@

frontend/dist/index.html: frontend/node_modules/.installed $(FRONTEND_SOURCES)
	cd frontend && npm run --silent build
	touch $@

frontend: frontend/dist/index.html

run: $(VENV)/.runtime frontend/dist/index.html
	@LOG_FORMAT=$${LOG_FORMAT:-console} PORT=$(PORT) $(BIN)/python -m server run

dev: $(VENV)/.dev frontend/node_modules/.installed
	@echo "API on :$(PORT), web client with hot reload on http://127.0.0.1:5173"
	$(BIN)/python -m server migrate && $(BIN)/python -m server seed
	(cd frontend && PORTAL_API=http://127.0.0.1:$(PORT) npx vite --port 5173) & \
	LOG_FORMAT=console $(BIN)/uvicorn --factory server.app:factory --reload --port $(PORT)

# Boundaries are checked here too: import contracts (pyproject's [tool.importlinter]) and ESLint's
# import-boundary rules for frontend/src/features/*, so that a new crossing fails CI.
lint: $(VENV)/.dev frontend/node_modules/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	cd frontend && npx eslint src

typecheck: $(VENV)/.dev
	$(BIN)/mypy

# The web client's TypeScript types are generated from the OpenAPI document; both copies are committed.
api-types: $(VENV)/.dev frontend/node_modules/.installed
	$(BIN)/python -m server openapi --out frontend/src/api/openapi.json
	cd frontend && npx openapi-typescript src/api/openapi.json -o src/api/schema.d.ts

api-check: frontend/node_modules/.installed
	@cd frontend && npx openapi-typescript src/api/openapi.json -o /tmp/portal-schema.d.ts >/dev/null 2>&1 \
		&& diff -q src/api/schema.d.ts /tmp/portal-schema.d.ts >/dev/null \
		|| { echo "frontend/src/api/schema.d.ts is stale: run make api-types"; exit 1; }

# In PYTEST_WORKERS processes (pytest-xdist; CI has two cores), each test sent to whichever worker is free
# (worksteal: the slow multi-process tests do not leave one worker idle at the end). PYTEST_WORKERS=0 runs
# everything in this one process, as a bare `.venv/bin/pytest` does.
PYTEST_WORKERS ?= 2

pytest: $(VENV)/.dev
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=25

# Vitest's default is one worker fewer than the cores, which on CI's two is one: its files are independent
# (each in its own jsdom), so every core takes them.
vitest: frontend/node_modules/.installed
	cd frontend && npx tsc -b && npx vitest run --maxWorkers=100%

e2e: $(VENV)/.dev frontend/dist/index.html
	@if [ -x "$(CHROMIUM_PATH)" ]; then \
		cd frontend && npx playwright test && \
		case "$$(cd .. && $(BIN)/python -m tests.support.cluster --check)" in \
			run) npx playwright test -c playwright.cluster.config.ts ;; \
			skip) echo "SKIPPED cluster browser tests: no Postgres or Redis" ;; \
			*) exit 1 ;; \
		esac; \
	elif [ "$$REQUIRE_BROWSER" = "1" ]; then \
		echo "Chromium is required (REQUIRE_BROWSER=1) but $(CHROMIUM_PATH) is missing"; exit 1; \
	else \
		echo "SKIPPED browser tests: no Chromium at $(CHROMIUM_PATH) (apt-get install chromium)"; \
	fi

# Schemathesis over the whole API, anonymous and as a member: any 5xx or off-contract answer fails it.
fuzz: $(VENV)/.dev
	$(BIN)/python -m infra.fuzz

# The JavaScript the home page needs before it renders, gzip-compressed, against its budget.
budget: frontend/dist/index.html
	cd frontend && node scripts/budget.mjs dist

test: lint typecheck api-check pytest vitest budget e2e fuzz

# Needs only Python, Node, git, make and Chromium: it builds its own environments in a temporary folder.
smoke:
	$(PYTHON) -m infra.smoke

bench: $(VENV)/.dev frontend/dist/index.html
	@command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
	$(BIN)/python -m infra.bench

clean:
	rm -rf $(VENV) frontend/node_modules frontend/dist var
