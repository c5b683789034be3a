import os
import shutil
import tempfile

import pytest

# The calibration's public sources stay where benchmarks/calibration/sources.py unpacked them
# (the user's cache folder, as sources.default_dest says), for tests/test_calibration.py.
os.environ.setdefault("NEURON_MIGRATE_SOURCES", os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
    "neuron-migrate", "calibration-sources"))
# The result cache signs its files with a key kept in the user's cache folder: the tests
# use a folder of their own, never the home folder of whoever runs them.
_TEST_CACHE = tempfile.mkdtemp(prefix="neuron-migrate-tests-")
os.environ["XDG_CACHE_HOME"] = _TEST_CACHE
os.environ.pop("NEURON_MIGRATE_CACHE_KEY", None)


def pytest_unconfigure(config):
    shutil.rmtree(_TEST_CACHE, ignore_errors=True)  # each run's cache folder goes with it


def pytest_addoption(parser):
    parser.addoption("--update-fixtures", action="store_true",
                     help="rewrite fixtures' findings.txt / expected*.py from the current output")


@pytest.fixture
def update_fixtures(request):
    return request.config.getoption("--update-fixtures")
