# The two commands of the README: `make run` serves the app, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT ?= 8501
PROCESSES ?= 2
TEST_MINUTES := 15
# Addresses of trusted proxies: X-Forwarded-For is believed from these only (uvicorn's setting, used by
# Streamlit's server). `make run` has no proxy; `make run-scaled` sets its HAProxy's itself.
FORWARDED_ALLOW_IPS ?=

.PHONY: run run-scaled test test-loaded install install-test chromium haproxy check bench schema clean fast types

# Set-up says what it does and about how long it takes; it runs once (again only when pyproject.toml changes).
$(BIN)/python:
	@echo "Creating the Python environment in $(VENV) (first run only, a few seconds)…"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/pip install -q --upgrade pip

# setup.py compiles the Regicide simulator kernel (engine/regicide/_kernel.c) in place; a change to it reinstalls.
$(VENV)/.installed: pyproject.toml setup.py engine/regicide/_kernel.c | $(BIN)/python
	@echo "Installing dependencies (Streamlit, SQLAlchemy, …), about a minute on a first install…"
	@$(BIN)/pip install -q -e .
	@touch $@
	@echo "Dependencies installed."

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	@echo "Installing the test tools (pytest, Playwright; no browser download), about 20 seconds…"
	@$(BIN)/pip install -q -e '.[test]'
	@touch $@

# The translation catalogs, compiled from locale/*/LC_MESSAGES/*.po (again whenever one changes).
CATALOGS := $(wildcard locale/*/LC_MESSAGES/*.po)
$(VENV)/.catalogs: $(CATALOGS) | $(VENV)/.installed
	@$(BIN)/rules-tutor i18n compile >/dev/null
	@touch $@

install: $(VENV)/.installed $(VENV)/.catalogs
install-test: $(VENV)/.installed-test $(VENV)/.catalogs

## Serve the app on http://127.0.0.1:$(PORT) (data in ./data, an embedded SQLite file); it warms up
## (schema, pages, the solved library) before it opens the port: `streamlit run serve.py`, ready at once.
run: install
	@echo "Starting Rules Tutor on http://127.0.0.1:$(PORT) (it warms up first; Ctrl+C stops it)…"
	@FORWARDED_ALLOW_IPS='$(FORWARDED_ALLOW_IPS)' $(BIN)/python -m ui.serve --server.address 127.0.0.1 --server.port $(PORT)

## A class on one laptop: $(PROCESSES) app processes behind HAProxy (Debian's package, sticky by cookie),
## sharing one database, on http://127.0.0.1:$(PORT). `make run-scaled ADDRESS=0.0.0.0` lets the class's devices in.
ADDRESS ?= 127.0.0.1
run-scaled: install haproxy
	$(BIN)/python -m tutor.quiz.scaled --processes $(PROCESSES) --port $(PORT) --address $(ADDRESS)

## Debian's Chromium for the browser tests (never a downloaded browser build).
chromium:
	@test -x /usr/bin/chromium || { echo "Installing Debian's chromium for the browser tests, a minute or two…" && \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

## Debian's HAProxy, for `make run-scaled` and the tests of client addresses behind it.
haproxy:
	@test -x /usr/sbin/haproxy || command -v haproxy >/dev/null || { echo "Installing Debian's haproxy, about a minute…" && \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq haproxy >/dev/null; }

## The compiled Dungeon Mayhem fast path (Cython; optional): `rules-tutor simulate dungeon_mayhem` uses it
## while it matches the engine's sources, else the pure-Python fast path. Rebuilt when a source changes;
## a failed build only leaves the pure-Python path in use.
DM_SOURCES := $(wildcard engine/dungeon_mayhem/*.py)
$(VENV)/.built-fast: $(DM_SOURCES) | $(VENV)/.installed
	-$(BIN)/pip install -q -e '.[fast]' && $(BIN)/python -m engine.dungeon_mayhem.compiled
	touch $@

fast: $(VENV)/.built-fast

## Every test: engine, files, CLI, pages (AppTest) and the browser (Playwright + Chromium).
## JOBS pytest-xdist workers (each with its own app server and Chromium for the browser tests).
JOBS ?= 2
test: install-test chromium haproxy fast types
	@echo "Running every test: about $(TEST_MINUTES) minutes on 2 cores (most of it the browser tests)…"
	@$(BIN)/python -m pytest -n $(JOBS)

## The types of engine/, tutor/ and ui/, checked strictly ([tool.mypy] in pyproject.toml; no module excused):
## part of `make test`.
types: install-test
	@echo "Type-checking engine/, tutor/ and ui/ (mypy --strict), about a minute…"
	@$(BIN)/mypy

## The same tests while busy processes hold every core (BUSY=N of them; default one per core).
BUSY ?= $(shell nproc)
test-loaded: install-test chromium haproxy fast
	$(BIN)/python -m tests.under_load --busy $(BUSY) -- -n $(JOBS)

check: install
	$(BIN)/rules-tutor check

schema: install
	$(BIN)/rules-tutor schema

bench: install-test chromium haproxy
	@for f in bench/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache
