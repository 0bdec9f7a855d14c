# Two commands a newcomer needs: `make lab` and `make test`. Each does its own set-up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
ARGS   ?=
# JupyterLab refuses to run as root without this flag (CI and containers run as root).
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)

.PHONY: install lab lint test test-fast notebooks notebooks-check bench serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -m compileall -q fcourse   # bytecode now: a process that may not write it still starts fast
	$(BIN)/python -m fcourse cache           # the teaching model's word tables and encoder arrays, derived once
	touch $(STAMP)

install: $(STAMP)

# lab-settings/overrides.json: JupyterLab's defaults for this course (no "get notified about Jupyter news?"
# pop-up, no update check); a learner's own settings still win over them.
lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --LabApp.app_settings_dir=$(CURDIR)/lab-settings $(ROOT_FLAG) $(ARGS)

# ruff over the package, tests, tools, benchmarks and notebooks (configured in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check .

# The whole suite: lint, package tests, every notebook under nbval in strict mode, and the browser test.
# Test files run in parallel (a file's tests, and a notebook's cells, stay on one worker);
# the slowest 10 are listed at the end, so the next person sees where the time goes.
# One worker more than cores: the browser, notebook kernels and servers keep a worker waiting on another process, so
# with one per core a core idles (on 2 cores: pytest 245 s with 2 workers, 210 s with 3, the same code one run apart).
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 1 )))
test: lint
	FCOURSE_BACKEND=offline $(BIN)/python -m pytest --nbval --nbval-current-env -p no:cacheprovider \
		-n $(JOBS) --dist loadfile --durations=10 tests notebooks $(ARGS)

# Package tests only, for a quick loop while editing.
test-fast: $(STAMP)
	FCOURSE_BACKEND=offline $(BIN)/python -m pytest -q -p no:cacheprovider -n $(JOBS) --dist loadfile tests $(ARGS)

# Re-execute every notebook from a clean kernel (Restart & Run All) and store the outputs.
notebooks: $(STAMP)
	$(BIN)/python tools/nbrun.py notebooks/*.ipynb

# Re-execute in memory and report any cell whose stored output would change (writes nothing).
notebooks-check: $(STAMP)
	$(BIN)/python tools/nbrun.py --check notebooks/*.ipynb

# Every benchmark runs; the target fails at the end if one of them judged a ratio missed or a result wrong.
BENCHES := teaching_model teaching_policy refunds registry classroom course
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	@status=0; for name in $(BENCHES); do \
		echo "== benchmarks/bench_$$name.py"; $(BIN)/python benchmarks/bench_$$name.py || status=1; \
	done; exit $$status

serve: $(STAMP)
	$(BIN)/python -m fcourse serve $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
