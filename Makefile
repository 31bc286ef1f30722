# The two commands of the README: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8501
PROCESSES ?= 2

.PHONY: run run-scaled test test-loaded install install-test chromium check bench schema clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# setup.py compiles the Regicide simulator kernel (engine/regicide/_kernel.c) in place; a change to it reinstalls.
$(VENV)/.installed: pyproject.toml setup.py engine/regicide/_kernel.c | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/pip install -q -e '.[test]'
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

## Serve the app on http://127.0.0.1:$(PORT) (data in ./data, an embedded SQLite file); it warms up
## (schema, pages, the solved library) before it opens the port: `streamlit run app.py`, ready at once.
run: install
	$(BIN)/python -m ui.serve --server.address 127.0.0.1 --server.port $(PORT)

## A class on one laptop: $(PROCESSES) app processes behind HAProxy (Debian's package, sticky by cookie),
## sharing one database, on http://127.0.0.1:$(PORT). `make run-scaled ADDRESS=0.0.0.0` lets the class's devices in.
ADDRESS ?= 127.0.0.1
run-scaled: install
	@test -x /usr/sbin/haproxy || command -v haproxy >/dev/null || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq haproxy >/dev/null; }
	$(BIN)/python -m tutor.quiz.scaled --processes $(PROCESSES) --port $(PORT) --address $(ADDRESS)

## Debian's Chromium for the browser tests (never a downloaded browser build).
chromium:
	@test -x /usr/bin/chromium || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

## Every test: engine, files, CLI, pages (AppTest) and the browser (Playwright + Chromium).
## JOBS pytest-xdist workers (each with its own app server and Chromium for the browser tests).
JOBS ?= 2
test: install-test chromium
	$(BIN)/python -m pytest -n $(JOBS)

## The same tests while busy processes hold every core (BUSY=N of them; default one per core).
BUSY ?= $(shell nproc)
test-loaded: install-test chromium
	$(BIN)/python -m tests.under_load --busy $(BUSY) -- -n $(JOBS)

check: install
	$(BIN)/rules-tutor check

schema: install
	$(BIN)/rules-tutor schema

bench: install-test chromium
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
