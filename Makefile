# The two commands of the README: `make demo` and `make test`. Each sets up .venv first
# (a fresh machine needs only python3 with venv), so a clean clone works as it is.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-test
# The exact versions every install uses (this venv, CI, the Pi's install.sh): `make lock`
# writes it from pyproject.toml. Constraints, not requirements: each install takes only the
# pins of what it needs (the Pi skips the test tools, CI skips the Pi's GPIO libraries).
LOCK := constraints.txt
# The lock's resolver, pinned like everything else: a new uv may resolve the same ranges
# differently.
UV_VERSION := 0.13.9

.PHONY: demo test test-fast test-explore lint bench clean lock

$(STAMP): pyproject.toml $(LOCK)
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -c $(LOCK) -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/companion demo

test: $(STAMP)
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || echo "make test: \
	no chromium/chromedriver here: the phone browser tests will be SKIPPED (as root: \
	apt-get install chromium chromium-driver)"
	$(PY) -m pytest -q -p no:cacheprovider

# The inner loop (about 25 s of CPU): everything but the tests marked slow: the property
# tests, subprocess and browser runs, whole-repository scans (i18n, layers) and the biggest
# screen renders. `make test` runs them all.
test-fast: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -m "not slow"

# The property tests with fresh random examples (CI and `make test` derandomize them).
test-explore: $(STAMP)
	HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q -p no:cacheprovider -m hypothesis

lint: $(STAMP)
	$(VENV)/bin/ruff check companion hardware tests bench
	$(VENV)/bin/mypy
	sh systemd/lint-unit.sh systemd/companion.service
	shellcheck --shell=sh systemd/*.sh
	shellcheck --shell=bash systemd/*.sh

BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -c $(LOCK) -e '.[test,bench]'
	touch $(BENCH_STAMP)

# The keyboard bench also needs Xvfb (Debian: apt-get install xvfb); without it, it says so.
bench: $(BENCH_STAMP)
	$(PY) -m bench.run_all

# Refresh the pins (after changing dependencies in pyproject.toml, or to take upgrades on
# purpose): one universal lock for every platform and Python >= 3.11, the Pi's extra included.
lock: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	$(VENV)/bin/uv pip compile pyproject.toml --universal --python-version 3.11 \
		--extra pi --extra test --extra bench --custom-compile-command "make lock" --quiet -o $(LOCK)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
