"""`neuron-migrate schema [scan|report]`: the JSON Schema of an output, as shipped with the package."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Literal, Optional

import typer

from neuron_migrate.commands.options import write_output

def register(app: typer.Typer) -> None:
    app.command("schema", help=schema.__doc__)(schema)


def text(name: str) -> str:
    """The schema file's text (``neuron_migrate/schemas/NAME.schema.json``)."""
    from importlib.resources import files

    return files("neuron_migrate").joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")


def schema(
    output_of: Annotated[Literal["scan", "report"], typer.Argument(
        metavar="OUTPUT", help="scan (`scan -f json`) or report (`report -o FILE.json`).")] = "scan",
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the schema to this file.")] = None,
) -> int:
    """Print the JSON Schema (draft 2020-12) of `scan -f json` or the report's JSON; its `$id` carries the version."""
    body = text(output_of)
    if output:
        write_output(output, lambda fh: fh.write(body))
    else:
        sys.stdout.write(body)
    return 0
