# referee — the two commands of the README:
#   make serve   set up, migrate the SQLite database, start gunicorn on 127.0.0.1:8000
#   make test    set up, then ruff, mypy and the whole pytest suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HASH := $(shell $(PYTHON) -c 'import hashlib;print(hashlib.sha1(open("pyproject.toml","rb").read()).hexdigest()[:12])')
STAMP := $(VENV)/.installed-test-$(HASH)
SERVE_STAMP := $(VENV)/.installed-serve-$(HASH)

.PHONY: setup browser serve test lint typecheck pytest openapi clean

# What the tests need (everything), and what serving needs (the service and its drivers).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,postgres]'
	rm -f $(VENV)/.installed-*
	touch $@ $(SERVE_STAMP)

$(SERVE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[postgres]'
	rm -f $(VENV)/.installed-serve-*
	touch $@

setup: $(STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/flask --app wsgi db upgrade
	$(BIN)/gunicorn -c gunicorn.conf.py wsgi:app

test: setup browser lint typecheck pytest

# The browser tests (tests/e2e) drive Debian's Chromium; install it when we may (root or sudo).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	  else echo "chromium missing and not installable here: the browser tests will skip"; exit 0; fi; \
	  echo "installing Debian's chromium for the browser tests"; \
	  $$SUDO apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	fi

lint: setup
	$(BIN)/ruff check .

typecheck: setup
	$(BIN)/mypy

pytest: setup
	$(BIN)/pytest

# Regenerate the committed OpenAPI document from the code.
openapi: setup
	$(BIN)/flask --app wsgi openapi write -f json api_spec/openapi.json
	@echo >> api_spec/openapi.json

clean:
	rm -rf $(VENV) *.egg-info
