# referee — the two commands of the README:
#   make serve   set up, migrate the SQLite database, start gunicorn on 127.0.0.1:8000
#   make test    set up, then ruff, mypy, the page's type check and the whole pytest suite
# and the one that refreshes the pinned versions (after changing dependencies in pyproject.toml):
#   make lock    resolve pyproject.toml afresh in a clean venv, write constraints.txt
# and the one that brings the languages' catalogs up to the code's messages (docs/translating.md):
#   make i18n    rewrite referee/i18n/locales/*/LC_MESSAGES/messages.po, list what wants words
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HASH := $(shell $(PYTHON) -c 'import hashlib;print(hashlib.sha1(open("pyproject.toml","rb").read()+open("constraints.txt","rb").read()).hexdigest()[:12])')
# Every install takes the exact versions of constraints.txt (CI and the Docker image too).
PIP_INSTALL := $(BIN)/python -m pip install --quiet -c constraints.txt
STAMP := $(VENV)/.installed-test-$(HASH)
SERVE_STAMP := $(VENV)/.installed-serve-$(HASH)

.PHONY: setup browser node serve test lint typecheck typecheck-web pytest faults fuzz floods openapi lock i18n clean

# What the tests need (everything), and what serving needs (the service and its drivers).
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e '.[test,postgres]'
	rm -f $(VENV)/.installed-*
	touch $@ $(SERVE_STAMP)

$(SERVE_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e '.[postgres]'
	rm -f $(VENV)/.installed-serve-*
	touch $@

setup: $(STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/flask --app wsgi db upgrade
	$(BIN)/gunicorn -c gunicorn.conf.py wsgi:app

test: setup browser lint typecheck typecheck-web pytest

# The browser tests (tests/e2e) drive Debian's Chromium; install it when we may (root or sudo).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "chromium missing and not installable here: the browser tests will skip"; exit 0; fi; \
	  echo "installing Debian's chromium for the browser tests"; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

# Node and npm: the page's type check (typecheck-web) and its rules' tests (tests/web) run them;
# installed from Debian when we may (root or sudo), like chromium.
node:
	@if ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "npm missing and not installable here: install Node.js and npm" >&2; exit 1; fi; \
	  echo "installing Debian's nodejs and npm for the page's type check"; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; \
	fi

# The table page's modules (referee/web, // @ts-check), type-checked by TypeScript as served:
# no build step, nothing emitted. package.json pins TypeScript; npm ci installs exactly what
# package-lock.json says into node_modules/ (again only when the lock changes).
NODE_STAMP := node_modules/.installed-$(shell $(PYTHON) -c 'import hashlib;print(hashlib.sha1(open("package-lock.json","rb").read()).hexdigest()[:12])')
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

typecheck-web: node
	@$(MAKE) --no-print-directory $(NODE_STAMP)
	node_modules/.bin/tsc --noEmit --allowJs --checkJs -p tsconfig.json
	node_modules/.bin/tsc --noEmit --allowJs --checkJs -p tsconfig.sw.json

# The OpenAPI document is linted by Redocly CLI (pinned in package.json, redocly.yaml's rules;
# no telemetry, no update check): errors fail, the warnings that stay are in docs/api.md.
REDOCLY := REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly
lint: setup node
	$(BIN)/ruff check .
	$(BIN)/hadolint Dockerfile
	@$(MAKE) --no-print-directory $(NODE_STAMP)
	$(REDOCLY) lint --config redocly.yaml --format=stylish api_spec/openapi.json

typecheck: setup
	$(BIN)/mypy

# In parallel (pytest-xdist): the browser tests mostly wait; PYTEST_WORKERS=0 runs in one process.
# PYTEST_ARGS narrows the run (.ci/run's PostgreSQL pass leaves out the browser tests).
PYTEST_WORKERS ?= 2
PYTEST_ARGS ?=
pytest: setup
	$(BIN)/pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

# The fault suite (tests/faults/test_fault_suite.py): its own PostgreSQL server and gunicorn,
# one database fault at a time, serially. FAULT_SECONDS=5 is .ci/run's short form (20 here).
FAULT_SECONDS ?= 20
faults: setup
	FAULT_SECONDS=$(FAULT_SECONDS) $(BIN)/pytest -n 0 -m faults tests/faults

# The deep schemathesis run (tests/fuzz): the whole document, every check, the examples,
# coverage and fuzzing phases with FUZZ_EXAMPLES examples per operation, and the stateful phase
# with as many sequences; on SQLite, or on the PostgreSQL server DATABASE_URL names (the test
# ids name the database). Not part of make test (marker fuzz): .ci/run runs it on both. With it,
# the record files' round trips over 1,000 random deals of each game (tests/records; make test
# runs them over 200).
FUZZ_EXAMPLES ?= 15
fuzz: setup
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest -n 0 -v -m fuzz tests/fuzz tests/records

# The flood (tests/test_flood.py): 6,300 hostile connections (streams, half-sent headers)
# against gunicorn with gunicorn.conf.py; /healthz, /readyz and a write answer within a second.
floods: setup
	$(BIN)/pytest -n 0 -m flood tests/test_flood.py

# Regenerate the committed OpenAPI document from the code.
openapi: setup
	$(BIN)/flask --app wsgi openapi write -f json api_spec/openapi.json
	@echo >> api_spec/openapi.json

i18n: setup
	$(BIN)/python -m referee.i18n.update

# constraints.txt: the newest versions pyproject.toml allows, resolved by pip in a clean venv
# (every extra: serving installs a subset of the same pins), written by `pip freeze`.
LOCK_VENV := .lock-venv
lock:
	rm -rf $(LOCK_VENV) build
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install --quiet '.[test,postgres]'
	{ echo "# Exact versions for pip install -c constraints.txt (make setup, serve, the Docker image)."; \
	  echo "# Generated by 'make lock' from pyproject.toml with $$($(LOCK_VENV)/bin/python --version)"; \
	  echo "# on $$(date -u +%Y-%m-%d); do not edit by hand: change pyproject.toml and run make lock."; \
	  $(LOCK_VENV)/bin/python -m pip freeze --exclude-editable | grep -v '^referee[ =@]'; \
	} > constraints.txt
	rm -rf $(LOCK_VENV) build

clean:
	rm -rf $(VENV) *.egg-info
