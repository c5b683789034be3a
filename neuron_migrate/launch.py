"""The console entry point. ``--version`` is answered before the command line is imported:
typer and rich alone take about 0.1 s to import, more than the whole answer should."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["--version"]:
        from neuron_migrate import __version__

        print(f"neuron-migrate {__version__}")
        return 0
    from neuron_migrate.cli import main as cli_main

    return cli_main(argv)
