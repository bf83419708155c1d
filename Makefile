# The two commands of the README: `make demo` and `make test`. Each sets up .venv first
# (a fresh machine needs only python3 with venv), so a clean clone works as it is.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-test

.PHONY: demo test lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/companion demo

test: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check companion hardware tests bench
	$(VENV)/bin/mypy
	sh systemd/lint-unit.sh systemd/companion.service

bench: $(STAMP)
	$(PY) -m bench.run_all

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
