# Two commands do all the set-up: `make demo` runs the main job, `make test` runs the
# test suite (`make test-slow` its exhaustive sweeps; `make docs` builds the documentation
# site).  Each creates (or reuses) the virtual environment .venv and installs the package.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow lint docs bench notebooks notebook-outputs clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,distributed]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/equity eval Kh Kd 5s Ks 5c 2d 3d
	$(BIN)/equity eval --game zjh 6♥ 4♦ 2♦
	$(BIN)/equity query AsKs QhQd
	$(BIN)/equity query AhKd "QQ+,AKs" random --board Ts9s2h
	$(BIN)/equity query AsKs random random --trials 1e6 --seed 1
	$(BIN)/equity query --game zjh AhAdAc 2s3d5c random --special-235
	$(BIN)/equity range "QQ+,AKs@50" --grid
	$(BIN)/equity query --game omaha AsAhKsKh QdQcJdJc
	$(BIN)/equity hits "QQ+,AKs,JTs" --board Ts9s2h
	$(BIN)/equity freq --game holdem --trials 1e7 --seed 2026
	$(BIN)/equity report frequencies --out build/demo-report --size small --quiet
	@echo "The equity command is in $(BIN): 'source $(BIN)/activate' to type 'equity ...', or run $(BIN)/equity."

# `make test`: the lint, then every test but the exhaustive sweeps marked `slow`, on
# TEST_WORKERS pytest-xdist workers (one per core of the 2-core reference machine); they
# share the Numba cache, and tests/conftest.py has a kernel compiled by one worker only.
# Each sweep has a representative case in `make test`; `make test-slow` runs the sweeps
# themselves, and CI (.ci/run) runs both.  TEST_WORKERS=0 runs them in this process.
TEST_WORKERS ?= 2

# The lint runs beside pytest (its output kept until pytest ends): mypy is one process,
# and the workers leave a core idle while one waits for the other's compile.
test: $(STAMP)
	@mkdir -p build; $(MAKE) --no-print-directory lint > build/lint.log 2>&1 & lint=$$!; \
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m "not slow"; status=$$?; \
	wait $$lint; lint_status=$$?; echo "== lint (ruff, mypy):"; cat build/lint.log; \
	if [ $$lint_status -ne 0 ]; then echo "the lint failed (above)"; exit 1; fi; exit $$status

test-slow: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) -m slow

lint: $(STAMP)
	$(BIN)/ruff check equity tests bench tools
	$(BIN)/ruff format --check equity tests bench tools
	$(BIN)/mypy

# The documentation site (docs/, mkdocs.yml) into build/site; strict: a broken link, a missing
# page or a docstring that does not parse is an error.  Its examples run in make test
# (tests/test_docs.py).
docs: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[docs]"
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir build/site

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/bench_eval.py
	$(BIN)/python bench/bench_equity.py
	$(BIN)/python bench/bench_freq.py

# Jupyter for the analysis notebooks (installed on first use), then JupyterLab on notebooks/.
notebooks: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	$(BIN)/jupyter lab notebooks/

# Execute every notebook in small mode and save it with its outputs (committed that way).
notebook-outputs: $(STAMP)
	$(BIN)/python tools/run_notebooks.py

clean:
	rm -rf $(VENV) .pytest_cache build
