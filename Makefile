# The two commands of the README: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000

.PHONY: serve test install install-dev lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

install-dev: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'

# Install, migrate, load the card pool, serve on http://127.0.0.1:8000 (SQLite, in-process tasks;
# celery beat's periodic tasks, the sweeps of lost bot moves and of run-out clocks, run in a
# thread of the server: INPROCESS_SCHEDULER, gameplay/scheduler.py).
serve: install
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py load_cards
	DEBUG=1 INPROCESS_SCHEDULER=1 $(BIN)/python manage.py runserver $(HOST)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The whole test suite, lint and the type check of the pure modules ([tool.mypy] in
# pyproject.toml) included. DATABASE_URL / CELERY_BROKER_URL select real services.
# pytest runs over every core (pytest-xdist, at most 4 workers: each has its own test
# database and Redis databases, tests/conftest.py); TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= auto
test: lint
	$(BIN)/python -m mypy
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --maxprocesses=4

bench: install-dev
	$(BIN)/python bench/search_bench.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .ruff_cache .mypy_cache
