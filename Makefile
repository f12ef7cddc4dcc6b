# Boardshelf: `make play` (install, build, serve) and `make test` (install, build, every test).
PYTHON ?= python3
PORT ?= 8000
# test-only Python packages (the app itself needs none)
TEST_PIP = pytest==9.0.3 pytest-rerunfailures==16.7 pytest-xdist==3.8.0 playwright==1.65.2 mypy==2.4.1
# pytest-xdist workers for `make test*` (each its own Chromium and HTTP port). loadgroup: each test is handed out
# on its own, slowest first (tests/conftest.py, tests/durations.txt); a module sharing a fixture stays on one worker
TEST_WORKERS ?= 2
PYTEST = $(PYTHON) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder
# the simulation runner's Ray backend (pyproject's extra "cluster"), for tests/engine/test_sim_ray.py
RAY_PIP = ray==2.60.0
CHROMIUM ?= /usr/bin/chromium

.PHONY: all deps deps-test build wheel vendor play serve test test-unit test-browser typecheck dist bench clean

all: build

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

deps: node_modules/.package-lock.json

deps-test: deps
	@$(PYTHON) -c "import pytest, pytest_rerunfailures, xdist, playwright, mypy" 2>/dev/null || $(PYTHON) -m pip install --quiet $(TEST_PIP)
	@$(PYTHON) -c "import ray" 2>/dev/null || $(PYTHON) -m pip install --quiet $(RAY_PIP)
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium; \
	  else echo "Chromium is missing: sudo apt-get install -y chromium"; exit 1; fi; }

build: deps
	$(PYTHON) tools/build.py

wheel:
	$(PYTHON) tools/build.py wheel

vendor: deps
	$(PYTHON) tools/build.py vendor

play: build
	$(PYTHON) tools/serve.py --port $(PORT)

serve:
	$(PYTHON) tools/serve.py --port $(PORT)

# the type check runs beside the build (which keeps one core busy most of its time), then every test
test: deps-test
	$(PYTHON) -m mypy & mypy=$$!; $(PYTHON) tools/build.py; built=$$?; wait $$mypy; typed=$$?; \
	  test $$built -eq 0 && test $$typed -eq 0
	$(PYTEST) --durations=60

typecheck:
	$(PYTHON) -m mypy

test-unit: build
	$(PYTEST) -m "not browser"

test-browser: deps-test build
	$(PYTEST) -m browser tests/browser

dist: deps
	$(PYTHON) tools/build.py dist

# BENCH_ARGS: e.g. BENCH_ARGS="--only bots,slices" (the bots alone), "--bot-seconds 30" (longer bot play)
BENCH_ARGS ?=
bench: deps-test build
	$(PYTHON) tools/bench.py $(BENCH_ARGS)

clean:
	rm -rf dist web/vendor wheels/*.whl wheels/*.whl.br wheels/*.whl.gz sw.js .build-cache .bench
