# regelwerk: two commands for a fresh machine (Python 3.11+, pip, make).
#   make site   set up, verify every game, check traceability, build both sites
#   make test   set up and run the whole test suite (what CI runs)
#   make fast   the engine compiled with mypyc, in .venv-fast (for long simulations; bench)
#   make mutate the mutation score of every game's rule modules (long; MUTATE_GAMES=game ...)

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PYTEST_WORKERS ?= 2
FUZZ_EXAMPLES ?= 1000

.PHONY: site test lint catalogs bench fast fuzz mutate clean

$(STAMP): pyproject.toml setup.py constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Editable installation" \
		$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[docs,test,bench,cluster,openspiel]"
	touch $(STAMP)

# The compiled build (setup.py, REGELWERK_COMPILE): the same source compiled with mypyc, in
# its own environment (installed, not editable), rebuilt whenever a file it installs
# changes; needs a C compiler.
FAST       ?= .venv-fast
FAST_STAMP := $(FAST)/.installed-stamp
INSTALLED  := $(wildcard engine/*/*.py verification/*/*.py regelwerk/*.py regelwerk/*/*.py \
                spec/*.toml spec/*/*.toml locales/*/LC_MESSAGES/*.po)

$(FAST_STAMP): pyproject.toml setup.py constraints.txt $(INSTALLED)
	rm -rf $(FAST)
	$(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	$(FAST)/bin/python -m pip install --quiet -c constraints.txt "setuptools>=77" babel mypy \
		types-jsonschema
	REGELWERK_COMPILE=1 $(FAST)/bin/python -m pip install --quiet -c constraints.txt \
		--no-build-isolation ".[bench]"
	touch $(FAST_STAMP)

fast: $(FAST_STAMP)

site: $(STAMP)
	$(BIN)/regelwerk docs

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# For translators: merge new English text into the German catalogs (engine and docs).
catalogs: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from regelwerk import catalogs, site; print(catalogs.update(Path('.'))); site.update_catalogs(Path('.'))"

bench: $(STAMP) $(FAST_STAMP)
	$(BIN)/python benchmarks/run.py --compiled $(FAST)/bin/python --json _build/bench.json
	$(BIN)/python benchmarks/mcts.py --compiled $(FAST)/bin/python --json _build/bench-mcts.json

# The long fuzz run (make test runs a small seeded share): damaged records, board files and
# options, ill-typed actions, and the commands' own input (play's answers, --resume, corpus
# entries, stats caches, output paths), FUZZ_EXAMPLES cases per input kind and game; prints
# the figures and fails on any internal error or wrong acceptance.
fuzz: $(STAMP)
	$(BIN)/python -m tests.core.fuzzing --examples $(FUZZ_EXAMPLES)

# The mutation score of the games' rule modules (tools/mutate.py; not part of make test): mutmut
# breaks them one change at a time in a copy under _build/mutate/, runs each game's rule tests
# without the regression corpus, prints the score per game and module and the survivors, writes
# _build/mutate.json and fails below 90% for a game. Long: about an hour per big game on one core.
MUTATE_GAMES ?=
MUTATE_WORKERS ?= 1
MUTATE_REVISION ?=
MUTATE_STAMP := $(VENV)/.mutate-stamp

$(MUTATE_STAMP): $(STAMP) pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[mutate]"
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	$(BIN)/python tools/mutate.py --workers $(MUTATE_WORKERS) $(if $(MUTATE_GAMES),--games $(MUTATE_GAMES)) \
		$(if $(MUTATE_REVISION),--revision $(MUTATE_REVISION))

clean:
	rm -rf _build build dist *.egg-info
