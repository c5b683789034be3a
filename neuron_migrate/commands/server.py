"""`neuron-migrate server`: the Language Server for editors (neuron_migrate/server.py)."""

from __future__ import annotations

import typer

from neuron_migrate.commands import UsageError


def register(app: typer.Typer) -> None:
    app.command("server", help=server.__doc__)(server)


def server() -> int:
    """Run the Language Server on stdin/stdout: diagnostics, quick fixes and rule help in your editor."""
    try:
        from neuron_migrate.server import make
    except ImportError as exc:
        raise UsageError(f"the server needs pygls ({exc.name} is missing): "
                         "pip install 'neuron-migrate[server]'") from None
    make().start_io()
    return 0
