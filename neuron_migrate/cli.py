"""The entry point: arguments in, an exit code out. No analysis happens here.

Exit codes: 0 nothing at or above ``--fail-on``; 1 findings at or above it (or, for
``fix``, blocking findings left); 2 usage, configuration or internal error; 130 interrupted.

The commands are a typer app built from ``neuron_migrate.commands``. Start-up is kept
short: ``--version`` answers before typer is imported, and a run registers only the
command it names (all of them for help, completion or a name to correct). Rich is
imported only for a terminal (help, a progress bar, the text report on a TTY).
"""

from __future__ import annotations

import sys

from neuron_migrate import __version__
from neuron_migrate.commands import COMMANDS, UsageError

PROG = "neuron-migrate"
HELP = ["-h", "--help"]
_ROOT_HELP = "Move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron)."


def app(only: str | None = None):
    """The typer app with every command, or with command ``only`` alone."""
    import importlib

    import typer

    # completion options are the root's: not needed to run a named command (10 ms to build)
    root = typer.Typer(name=PROG, help=_ROOT_HELP, no_args_is_help=True, add_completion=only is None,
                       context_settings={"help_option_names": HELP},
                       pretty_exceptions_enable=False)

    @root.callback()
    def _root(version: bool = typer.Option(False, "--version", help="Print the version and exit.")) -> None:
        if version:
            print(f"{PROG} {__version__}")
            raise typer.Exit(0)

    registered: set[str] = set()
    for name, module in COMMANDS.items():
        if (only is None or name == only) and module not in registered:
            registered.add(module)
            importlib.import_module(f"neuron_migrate.commands.{module}").register(root)
    return root


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--version"]:  # the fast path: no typer, no commands
        print(f"{PROG} {__version__}")
        return 0
    from neuron_migrate import dataclass_code

    dataclass_code.install()  # before the commands' modules define their dataclasses
    stdout = sys.stdout
    sys.stdout = _Stdout(stdout)
    try:
        return _run(argv)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 - anything unexpected is exit 2 with its traceback
        if isinstance(exc.__cause__, KeyboardInterrupt):  # Ctrl-C in a class's __set_name__ (an import)
            print(f"{PROG}: interrupted", file=sys.stderr)
            return 130
        from neuron_migrate.baseline import BaselineError
        from neuron_migrate.capabilities import TableError
        from neuron_migrate.config import ConfigError

        if isinstance(exc, (TableError, ConfigError, BaselineError)):
            print(f"{PROG}: error: {exc}", file=sys.stderr)
            return 2
        import traceback

        traceback.print_exc()
        print(f"{PROG}: internal error: {exc!r}", file=sys.stderr)
        return 2
    finally:
        sys.stdout.flush()
        sys.stdout = stdout


class _Stdout:
    """stdout that goes quiet once its reader has gone (`scan ... | head -1`), as ruff does: the
    command runs on and exits with its own code (a gate's 1 stays 1), with no traceback."""

    def __init__(self, stream, text: bool = True):
        self._stream = stream
        self._text = text
        self._gone = False

    def write(self, data):
        if not self._gone:
            try:
                return self._stream.write(data)
            except BrokenPipeError:
                self._close()
        return len(data)

    def flush(self) -> None:
        if not self._gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._close()
            except ValueError:  # closed in this process: the Language Server closes its channel on exit
                self._gone = True

    @property
    def buffer(self):
        return _Stdout(self._stream.buffer, text=False) if self._text else self._stream

    def _close(self) -> None:
        """Point the descriptor at /dev/null, so that what is still buffered (flushed again at
        exit) goes nowhere instead of raising once more."""
        import os

        self._gone = True
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self._stream.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):  # not a real descriptor (a test's capture)
            pass

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _run(argv: list[str]) -> int:
    import os

    import typer
    from typer import main as typer_main

    first = argv[0] if argv else None
    completing = any(k.startswith("_NEURON_MIGRATE_COMPLETE") for k in os.environ)
    only = first if first in COMMANDS and not completing else None
    command = typer_main.get_command(app(only))
    _plain_values(command)
    try:
        code = command.main(args=_route(argv), prog_name=PROG, standalone_mode=False)
    except typer.Abort:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except typer.TyperException as exc:  # a usage error found by the parser
        return _usage(exc)
    if code == 130:  # typer turned a KeyboardInterrupt in a command into this exit code
        print(f"{PROG}: interrupted", file=sys.stderr)
    return code if isinstance(code, int) else 0


def _plain_values(command) -> None:
    """Convert the options' values without pydantic.

    typer checks each value with a pydantic TypeAdapter built on first use: importing
    pydantic and building the adapters cost a warm scan 0.15-0.2 s, more than the scan.
    Our options are str, int, float, bool, Path, Literal and lists of them, which need no
    schema; a parameter of another type (or a typer without this hook) keeps typer's way.
    The help option is made (and kept) on first use: it is made here to be converted too."""
    helper = command.get_help_option(command.context_class(command, help_option_names=HELP))
    for param in [*command.params, *([helper] if helper is not None else [])]:
        described = getattr(param, "type_descriptor", None)
        if described is not None and hasattr(param, "_runtime_param"):
            plain = _Plain.of(described.annotation, getattr(described.parameter_info, "min", None))
            if plain is not None:
                param._runtime_param = plain
    for sub in getattr(command, "commands", {}).values():
        _plain_values(sub)


class _Plain:
    """One option's conversion, with the messages of a usage error."""

    def __init__(self, kind, choices: tuple = (), many: bool = False, minimum=None):
        self.kind, self.choices, self.many, self.minimum = kind, choices, many, minimum

    @classmethod
    def of(cls, annotation, minimum=None):
        import typing
        from pathlib import Path

        many = typing.get_origin(annotation) is list
        if many:
            annotation = typing.get_args(annotation)[0]
        if typing.get_origin(annotation) is typing.Literal:
            return cls(str, typing.get_args(annotation), many)
        if annotation in (str, int, float, bool, Path):
            return cls(annotation, (), many, minimum)
        return None

    def coerce(self, value, param, ctx):
        if value is None:
            return [] if self.many else None
        if self.many:
            return [self.one(v, param, ctx) for v in value]
        return self.one(value, param, ctx)

    def one(self, value, param, ctx):
        from typer import BadParameter

        if self.choices:
            if value not in self.choices:
                raise BadParameter(f"{value!r} is not one of {', '.join(map(repr, self.choices))}.",
                                   ctx=ctx, param=param)
            return value
        if self.kind in (int, float) and not isinstance(value, self.kind):
            try:
                value = self.kind(value)
            except ValueError:
                what = "a whole number" if self.kind is int else "a number"
                raise BadParameter(f"{value!r} is not {what}.", ctx=ctx, param=param) from None
        if self.minimum is not None and value < self.minimum:
            raise BadParameter(f"{value} is less than {self.minimum}.", ctx=ctx, param=param)
        return value if isinstance(value, self.kind) else self.kind(value)


def _usage(exc) -> int:
    """A usage error as typer shows it: boxed by rich on a terminal, plain text otherwise."""
    from neuron_migrate.report.text import colour

    near = getattr(exc, "possibilities", None)  # a mistyped option: "did you mean", as for a command
    if near and getattr(exc, "option_name", None):
        exc.message = f"No such option: {exc.option_name}. Did you mean {' or '.join(sorted(near))}?"
        exc.possibilities = None
    if colour(sys.stderr):
        from typer import rich_utils

        rich_utils.rich_format_error(exc)
    else:
        exc.show()
    return exc.exit_code


def _route(argv: list[str]) -> list[str]:
    """`ops WORD ...` is `ops query WORD ...` unless WORD is a subcommand or asks for help."""
    if len(argv) < 2 or argv[0] != "ops":
        return argv  # not `ops`: its module (and the tables it loads) stays unimported
    from neuron_migrate.commands.ops import SUBCOMMANDS

    if argv[1] not in (*SUBCOMMANDS, "-h", "--help"):
        return ["ops", "query", *argv[1:]]
    return argv
