import os
import tempfile

import pytest

# The result cache signs its files with a key kept in the user's cache folder: the tests
# use a folder of their own, never the home folder of whoever runs them.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="neuron-migrate-tests-")
os.environ.pop("NEURON_MIGRATE_CACHE_KEY", None)


def pytest_addoption(parser):
    parser.addoption("--update-fixtures", action="store_true",
                     help="rewrite fixtures' findings.txt / expected*.py from the current output")


@pytest.fixture
def update_fixtures(request):
    return request.config.getoption("--update-fixtures")
