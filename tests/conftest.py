import pytest


def pytest_addoption(parser):
    parser.addoption("--update-fixtures", action="store_true",
                     help="rewrite fixtures' findings.txt / expected*.py from the current output")


@pytest.fixture
def update_fixtures(request):
    return request.config.getoption("--update-fixtures")
