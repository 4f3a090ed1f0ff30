# Two commands do all the set-up: `make demo` runs the main job, `make test`
# runs the whole test suite.  Both create (or reuse) the virtual environment
# .venv and install the package into it.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench report clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/equity eval As Ks Qs Js Ts
	$(BIN)/equity eval Kh Kd 5s Ks 5c 2d 3d
	$(BIN)/equity eval --game zjh 6♥ 4♦ 2♦
	$(BIN)/equity freq --game holdem --trials 1e7 --seed 2026

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/bench_eval.py

clean:
	rm -rf $(VENV) .pytest_cache
