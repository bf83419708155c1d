# The two commands of the README: `make demo` and `make test`. Each sets up .venv first
# (a fresh machine needs only python3 with venv), so a clean clone works as it is.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-test

.PHONY: demo test test-fast test-explore lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/companion demo

test: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

# The inner loop: everything but the tests marked slow (property tests, long hardware runs).
test-fast: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -m "not slow"

# The property tests with fresh random examples (CI and `make test` derandomize them).
test-explore: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q -p no:cacheprovider -m hypothesis

lint: $(STAMP)
	$(VENV)/bin/ruff check companion hardware tests bench
	$(VENV)/bin/mypy
	sh systemd/lint-unit.sh systemd/companion.service

bench: $(STAMP)
	$(PY) -m bench.run_all

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
