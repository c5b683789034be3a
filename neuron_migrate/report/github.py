"""GitHub Actions workflow commands: one ``::error``/``::warning``/``::notice`` annotation per finding.

Escaping follows the runner's rules (as in @actions/core): in the message, ``%``,
CR and LF become ``%25``, ``%0D``, ``%0A``; in a property value ``:`` and ``,`` also
become ``%3A`` and ``%2C``. Paths are relative to the working directory, which is the
repository root in a workflow. GitHub shows at most 10 annotations of each level per
step (50 per job); the SARIF upload has no such limit.
"""

from __future__ import annotations

from neuron_migrate.models import ScanResult, Severity
from neuron_migrate.report import workspace_path

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(command: str, message: str, **props: object) -> str:
    fields = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None)
    return f"::{command} {fields}::{escape_data(message)}" if fields else f"::{command}::{escape_data(message)}"


def render(result: ScanResult, skipped) -> str:
    from neuron_migrate.report.sarif import Locator, message

    locate = Locator(result.root)
    lines = []
    for f in result.findings:
        region = locate.region(f)  # a notebook finding points at its line of the JSON
        line, end_line = region["startLine"], region["endLine"]
        single = end_line == line and "startColumn" in region  # columns only on one line
        lines.append(annotation(
            _COMMAND[f.severity], message(f),
            file=workspace_path(result.root, f.path), line=line, endLine=end_line,
            col=region["startColumn"] if single else None,
            endColumn=region["endColumn"] if single and region["endColumn"] > region["startColumn"] else None,
            title=f"{f.code} {f.rule}"))
    for s in skipped:
        lines.append(annotation("warning", f"skipped: {s.reason}",
                                file=workspace_path(result.root, s.rel), title="neuron-migrate"))
    return "".join(line + "\n" for line in lines)
