# referee — the two commands of the README:
#   make serve   set up, migrate the SQLite database, start gunicorn on 127.0.0.1:8000
#   make test    set up, then ruff, mypy and the whole pytest suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell $(PYTHON) -c 'import hashlib,sys;print(hashlib.sha1(open("pyproject.toml","rb").read()).hexdigest()[:12])')

.PHONY: setup serve test lint typecheck pytest openapi clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,postgres]'
	rm -f $(VENV)/.installed-*
	touch $@

setup: $(STAMP)

serve: setup
	$(BIN)/flask --app wsgi db upgrade
	$(BIN)/gunicorn -c gunicorn.conf.py wsgi:app

test: setup lint typecheck pytest

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
