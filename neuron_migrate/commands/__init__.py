"""The commands. ``cli.py`` holds the entry point and builds the typer app from the modules
named in ``COMMANDS``; each module defines ``register(app)``. Options shared by several
commands live in ``options.py``, so one option means the same on every command.

Nothing here imports typer: ``neuron-migrate --version`` answers without it.
"""

from __future__ import annotations

import sys

# command -> module, in the order `--help` lists them
COMMANDS = {"scan": "scan", "fix": "fix", "rules": "rules", "explain": "rules", "ops": "ops",
            "baseline": "baseline", "report": "report", "measure": "measure", "schema": "schema",
            "server": "server"}


class UsageError(Exception):
    """A problem with what the user asked for: exit 2 with the message."""


def note(quiet: bool, message: str) -> None:
    """A line for the person at the terminal, on stderr; ``--quiet`` drops it."""
    if not quiet:
        print(message, file=sys.stderr)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 finding``, ``2 findings``, ``0 files``."""
    return f"{n} {word if n == 1 else many or word + 's'}"
