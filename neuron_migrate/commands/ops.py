"""`neuron-migrate ops`: look up, import and compare the operator capability table.

    neuron-migrate ops torch.linalg.eigh          # rows for a Python name or an ATen name
    neuron-migrate ops --status cpu_fallback      # every row with that status
    neuron-migrate ops import compat.md -o overlay.yaml   # AWS's compatibility table -> overlay
    neuron-migrate ops diff builtin overlay.yaml  # what moving to the new table unblocks

A first word that is not a subcommand is a query (``ops nonzero``); ``ops query diff``
looks up the ATen op named ``diff``.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Annotated, Literal, Optional

import typer

from neuron_migrate.commands import UsageError, plural
from neuron_migrate.commands.options import TextOrJson, write_output

SUBCOMMANDS = ("query", "import", "diff")
STATUSES = ("native", "cpu_fallback", "unsupported", "unknown")


def register(app: typer.Typer) -> None:
    ops = typer.Typer(help=__doc__,
                      no_args_is_help=True)
    ops.command("query", help=query_command.__doc__)(query)
    ops.command("import", help=import_command.__doc__)(import_)
    ops.command("diff", help=diff_command.__doc__)(diff)
    app.add_typer(ops, name="ops", help="Look up, import and compare the operator capability table.")


def query(
    query: Annotated[Optional[str], typer.Argument(
        help="A Python name (torch.linalg.eigh, Tensor.nonzero, F.grid_sample), an ATen name "
        "(nonzero, aten::_linalg_eigh) or a glob (*eig*).")] = None,
    status: Annotated[Optional[Literal[STATUSES]], typer.Option(  # type: ignore[valid-type]
        "--status", help="Only rows with this status.")] = None,
    format: TextOrJson = "text",
    capabilities: Annotated[Optional[list[Path]], typer.Option(
        "--capabilities", metavar="YAML", help="Capability overlay YAML to apply first; repeatable.")] = None,
) -> int:
    return query_command(SimpleNamespace(**locals()))


def import_(
    file: Annotated[Path, typer.Argument(help="AWS's compatibility table in markdown "
                                         "(torch-neuronx docs/torch_api_compatibility.md).")],
    output: Annotated[Optional[Path], typer.Option("-o", "--output",
                                                   help="Write the overlay here (default: stdout).")] = None,
    source: Annotated[Optional[str], typer.Option(
        "--source", help="What to record as each row's source (default: the file name).")] = None,
    release: Annotated[str, typer.Option("--release", help="The torch-neuronx release the table "
                                         "describes (recorded as torch_neuronx and each row's since).")] = "",
) -> int:
    return import_command(SimpleNamespace(**locals()))


def diff(
    old: Annotated[str, typer.Argument(help="The current table: `builtin` or a YAML file.")],
    new: Annotated[str, typer.Argument(help="The new table: a YAML file (an overlay from `ops import`, "
                                       "or a full table).")],
    no_base: Annotated[bool, typer.Option("--no-base", help="Compare the files alone, not layered over "
                                          "the shipped table.")] = False,
    format: TextOrJson = "text",
) -> int:
    return diff_command(SimpleNamespace(**locals()))


_F = "torch.nn.functional."


# -- lookup ---------------------------------------------------------------------------------

@dataclass
class Match:
    aten: str
    row: object | None  # OperatorRow
    python: list[str] = field(default_factory=list)
    composite: bool = False


def _normalise(query: str) -> str:
    """``F.x``, ``nn.functional.x``, ``torch.Tensor.x``, ``aten::x`` and ``x(...)`` as the map spells them."""
    q = query.strip().strip("`")
    q = re.sub(r"^aten(::|\.)", "", q)
    q = re.sub(r"\(.*\)$", "", q)
    if q.startswith("F."):
        q = _F + q[2:]
    elif q.startswith("nn.functional."):
        q = "torch." + q
    elif q.startswith("functional."):
        q = "torch.nn." + q
    elif q.startswith("torch.Tensor."):
        q = "Tensor." + q[len("torch.Tensor."):]
    return q


def _rank(name: str, query: str) -> int:
    """How well ``name`` (an ATen or Python name) answers ``query``: 0 it is the query (its
    last part, leading underscores aside), 1 it or one of its words starts with the query,
    2 it holds the query elsewhere (``eig`` in ``weight``). Lists show the best first."""
    query = query.lower().strip("*")
    words = re.split(r"[._]+", name.lower().strip("_"))
    if name.lower().rsplit(".", 1)[-1].strip("_") == query:
        return 0
    return 1 if name.lower().startswith(query) or any(w.startswith(query) for w in words) else 2


def near_names(query: str, limit: int = 5) -> list[str]:
    """Operator and Python names spelled like ``query``, for a lookup that found nothing."""
    import difflib

    from neuron_migrate.capabilities import aten_map, capabilities

    amap = aten_map()
    q = _normalise(query)
    short = {name.rsplit(".", 1)[-1]: name for name in amap.api}
    words = set(amap.ops) | set(capabilities(()).operators) | set(short)
    out = difflib.get_close_matches(q.rsplit(".", 1)[-1], words, n=limit, cutoff=0.75)
    return [short.get(w, w) if w not in amap.ops else w for w in out]


def _python_names(amap) -> dict[str, list[str]]:
    """ATen op -> the Python names that dispatch to it."""
    out: dict[str, list[str]] = {}
    for name, ops in amap.api.items():
        for op in ops:
            out.setdefault(op, []).append(name)
    return out


def lookup(query: str | None, status: str | None, overlays: tuple[str, ...]) -> list[Match]:
    from neuron_migrate.capabilities import aten_map, capabilities

    table = capabilities(overlays)
    amap = aten_map()
    reverse = _python_names(amap)
    names: list[str] = []
    if query:
        q = _normalise(query)
        base = re.sub(r"\.(default|[A-Za-z_]+)$", "", q) if q not in amap.api and "." in q \
            and not q.startswith(("torch.", "Tensor.")) else q
        if q in amap.api:
            names = list(amap.api[q])
        elif base in amap.ops or base in table.operators:
            names = [base]
        else:
            pattern = q if any(c in q for c in "*?[") else f"*{q}*"
            hits = {op: _rank(op, q) for op in set(amap.ops) | set(table.operators)
                    if fnmatch.fnmatchcase(op, pattern)}
            for name, ops in amap.api.items():
                if ops and fnmatch.fnmatchcase(name, pattern):
                    hits[ops[0]] = min(hits.get(ops[0], 3), _rank(name, q))
            names = sorted(hits, key=lambda op: (hits[op], op))
    else:
        names = sorted(table.operators)
    out = []
    for op in dict.fromkeys(names):
        row = table.operator(op)
        st = row.status if row else "unknown"
        if status and st != status:
            continue
        out.append(Match(op, row, sorted(reverse.get(op, [])),
                         op in table.composites or amap.is_composite(op)))
    return out


def _match_dict(m: Match, table) -> dict:
    row = m.row
    status = row.status if row else "unknown"
    runs = []
    for r in (row.runs if row else ()):
        sub = table.operator(r)
        runs.append({"aten": r, "status": sub.status if sub else "unknown"})
    return {
        "aten": m.aten, "status": status,
        "verified": status != "unknown" and not (row and "[dev]" in row.source),
        "evidence": (row.evidence or "documented") if row else "unverified",
        "python": m.python, "composite": m.composite,
        "note": row.note if row else ("not in the capability table: nothing public says whether "
                                      "TorchNeuron has a kernel for it"),
        "alternative": row.alternative if row else "", "runs": runs,
        "since": row.since if row else "", "source": row.source if row else "",
        "origin": row.origin if row else "",
    }


def query_command(args) -> int:
    """Print the capability-table rows that match QUERY, with status, note and source."""
    from neuron_migrate.capabilities import capabilities as load

    query, status = args.query, args.status
    if query is None and status is None:
        raise UsageError("give a QUERY, --status, or both (see `neuron-migrate ops --help`)")
    overlays = _overlays(args.capabilities)
    table = load(overlays)
    matches = lookup(query, status, overlays)
    docs = [_match_dict(m, table) for m in matches]
    near = near_names(query) if query and not docs else []
    if args.format == "json":
        sys.stdout.write(json.dumps({"torch_neuronx": table.torch_neuronx, "query": query,
                                     "status": status, "operators": docs, "did_you_mean": near},
                                    indent=2, ensure_ascii=False) + "\n")
    else:
        _print_matches(docs, query, table.torch_neuronx, near)
    return 0 if docs else 1


def _print_matches(docs: list[dict], query: str | None, version: str, near: list[str]) -> None:
    from neuron_migrate.capabilities import source_notes

    out = []
    if not docs:
        out.append(f"no operator matches {query!r}" if query else "no operator has that status")
        if near:
            out.append(f"did you mean: {', '.join(near)}?")
    for d in docs:
        label = d["status"] + (" (unverified)" if d["status"] == "unknown" else
                               f" ({d['evidence']})" if d["evidence"] else "")
        out.append(f"{d['aten']}: {label}" + ("  [PyTorch composite]" if d["composite"] else ""))
        if d["python"]:
            shown = d["python"][:8]
            out.append(f"  python:      {', '.join(shown)}" + (f" (+{len(d['python']) - 8})" if len(d["python"]) > 8 else ""))
        if d["runs"]:
            out.append("  runs:        " + ", ".join(f"{r['aten']} ({r['status']})" for r in d["runs"]))
        out.append(f"  note:        {d['note']}" if d["note"] else "  note:        -")
        if d["alternative"]:
            out.append(f"  alternative: {d['alternative']}")
        if d["since"]:
            out.append(f"  since:       {d['since']}")
        out.append(f"  source:      {d['source'] or '-'}")
        out += [f"               {note}" for note in source_notes(d["source"] or "")]
    out.append(f"(capability table: torch-neuronx {version})")
    sys.stdout.write("\n".join(out) + "\n")


def _overlays(paths: list[Path] | None) -> tuple[str, ...]:
    missing = [str(p) for p in paths or () if not p.is_file()]
    if missing:
        raise UsageError(f"no such capability overlay: {', '.join(missing)}")
    return tuple(str(p.absolute()) for p in paths or ())


# -- import -----------------------------------------------------------------------------------

STATUS_WORDS = {"y": "native", "yes": "native", "supported": "native", "native": "native",
                "cpu_fallback": "cpu_fallback", "cpu fallback": "cpu_fallback", "fallback": "cpu_fallback",
                "n": "unsupported", "no": "unsupported", "unsupported": "unsupported",
                "not supported": "unsupported"}
_RANK = {"native": 0, "unknown": 1, "cpu_fallback": 2, "unsupported": 3}
_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")  # no bracket inside: linear on "[[[[…"


def _cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells = re.split(r"(?<!\\)\|", body)
    return [_LINK.sub(r"\1", c).replace("\\|", "|").strip() for c in cells]


def _column(header: list[str], *words: str) -> int | None:
    for i, cell in enumerate(header):
        low = cell.lower()
        if any(w in low for w in words):
            return i
    return None


@dataclass
class ImportResult:
    rows: dict[str, dict] = field(default_factory=dict)  # aten -> overlay row
    unmapped: list[tuple[int, str, str]] = field(default_factory=list)  # (line, api, status)
    skipped: list[tuple[int, str, str]] = field(default_factory=list)  # (line, api, reason)
    conflicts: list[str] = field(default_factory=list)
    tables: int = 0


def parse_compatibility(text: str, source: str, since: str = "") -> ImportResult:
    """Rows of every markdown table whose header has an API column and a status column."""
    from neuron_migrate.capabilities import aten_map

    amap = aten_map()
    res = ImportResult()
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not (lines[i].lstrip().startswith("|") and i + 1 < len(lines)
                and re.fullmatch(r"\s*\|?\s*:?-{2,}.*", lines[i + 1])):
            i += 1
            continue
        header = _cells(lines[i])
        api_col = _column(header, "api", "operator", "function", "op")
        status_col = _column(header, "status", "support")
        notes_col = _column(header, "limitation", "note", "comment", "detail", "dtype")
        i += 2
        if api_col is None or status_col is None:
            continue
        res.tables += 1
        while i < len(lines) and lines[i].lstrip().startswith("|"):
            cells = _cells(lines[i])
            line_no = i + 1
            i += 1
            if len(cells) <= max(api_col, status_col):
                continue
            api = cells[api_col].strip("` ")
            word = re.sub(r"[`*_]{2,}|`", "", cells[status_col]).strip().lower()
            status = STATUS_WORDS.get(word) or STATUS_WORDS.get(word.replace("_", " "))
            notes = cells[notes_col] if notes_col is not None and notes_col < len(cells) else ""
            if not api:
                continue
            if status is None:
                res.skipped.append((line_no, api, f"status {cells[status_col]!r} is not Y, CPU_FALLBACK or N"))
                continue
            _import_row(res, amap, api, status, notes.replace("`", "").strip(), source, line_no, since)
    return res


def _import_row(res: ImportResult, amap, api: str, status: str, notes: str, source: str,
                line_no: int, since: str) -> None:
    name = _normalise(api)
    if name in amap.api:
        ops = amap.api[name]
    elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)?", name) and \
            name.split(".")[0] in amap.ops:
        ops = [name.split(".")[0]]
    else:
        res.unmapped.append((line_no, api, status))
        return
    note = f"{api}: {notes}" if notes else f"{api}"
    for op in ops:
        prev = res.rows.get(op)
        if prev is not None:
            if prev["status"] != status:
                res.conflicts.append(f"{op}: {prev['status']} ({prev['note'].split(':')[0]}) vs {status} ({api})")
                if _RANK[status] <= _RANK[prev["status"]]:
                    continue
            else:
                prev["note"] += f"; {note}"
                continue
        row = {"aten": op, "status": status, "note": note, "source": f"{source}: line {line_no} ({api})"}
        if since:
            row["since"] = since
        res.rows[op] = row


def _clip(text: str, width: int = 80) -> str:
    """A cell for a one-line message (a table may hold a cell of any length)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def import_command(args) -> int:
    """Read AWS's compatibility table (API | status Y / CPU_FALLBACK / N | limitations) into an overlay YAML."""
    import yaml

    file, output, source, release = args.file, args.output, args.source, args.release
    from neuron_migrate.runner import read_source

    try:
        data = read_source(file)  # a FIFO or a device is refused, not waited on
    except OSError as exc:
        raise UsageError(f"cannot read {file}: {exc.strerror or exc}") from None
    text = data.decode("utf-8", errors="replace")
    res = parse_compatibility(text, source or file.name, release)
    if not res.tables:
        raise UsageError(f"{file}: no markdown table with an API column and a status column")
    header = [f"# Capability overlay imported by `neuron-migrate ops import {file.name}`",
              f"# from {source or file.name} (sha256 {hashlib.sha256(data).hexdigest()[:16]}).",
              "# Use it with `neuron-migrate scan --capabilities FILE` or the config key `capabilities`."]
    doc: dict = {"schema_version": 1}
    if release:
        doc["torch_neuronx"] = release
    doc["operators"] = [res.rows[k] for k in sorted(res.rows)]
    body = "\n".join(header) + "\n" + yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
    if res.unmapped:
        body += ("# APIs with no ATen operator in the torch map (not imported):\n"
                 + "".join(f"#   {api}: {status}\n" for _, api, status in res.unmapped))
    if output:
        write_output(output, lambda fh: fh.write(body))
    else:
        sys.stdout.write(body)
    err = sys.stderr
    print(f"imported {plural(len(res.rows), 'operator row')} from {plural(res.tables, 'table')}"
          + (f" into {output}" if output else ""), file=err)
    if res.unmapped:
        print(f"{plural(len(res.unmapped), 'API')} {'maps' if len(res.unmapped) == 1 else 'map'} to no ATen "
              f"operator and {'was' if len(res.unmapped) == 1 else 'were'} left out: "
              + ", ".join(_clip(api) for _, api, _ in res.unmapped[:10])
              + (" ..." if len(res.unmapped) > 10 else ""), file=err)
    for line, api, reason in res.skipped:
        print(f"skipped line {line} ({_clip(api)}): {_clip(reason, 200)}", file=err)
    for c in res.conflicts:
        print(f"conflict (kept the worse status): {c}", file=err)
    return 0


# -- diff ---------------------------------------------------------------------------------------

def _read_table(spec: str, base: bool):
    """Operator rows of 'builtin', or of a YAML file (an overlay or a full table) over builtin."""
    from neuron_migrate.capabilities import capabilities, check_row, load_yaml, operator_rows

    if spec == "builtin":
        return capabilities().operators
    path = Path(spec)
    if not path.is_file():
        raise UsageError(f"no such file: {spec} (or say `builtin` for the shipped table)")
    data = load_yaml(path)
    keys = {"schema_version", "torch_neuronx", "source", "operators", "dtypes", "packages",
            "evidence", "generated", "composites"}
    check_row(path, "top level", data, {"schema_version"}, keys - {"schema_version"})
    if not base:
        return operator_rows(path, data)
    if any(k in data for k in ("generated", "composites", "evidence")):  # a full table
        return {**capabilities().operators, **operator_rows(path, data)}
    return capabilities((str(path.absolute()),)).operators


def diff_command(args) -> int:
    """Show what moving from OLD to NEW changes: ops it unblocks, ops that get worse, rows added or removed."""
    from neuron_migrate.capabilities import aten_map

    old, new = args.old, args.new
    before = _read_table(old, not args.no_base)
    after = _read_table(new, not args.no_base)
    reverse = _python_names(aten_map())
    groups: dict[str, list[dict]] = {"unblocked": [], "worse": [], "added": [], "removed": []}
    for op in sorted(set(before) | set(after)):
        a, b = before.get(op), after.get(op)
        sa, sb = (a.status if a else "unknown"), (b.status if b else "unknown")
        entry = {"aten": op, "old": sa, "new": sb, "python": sorted(reverse.get(op, []))}
        if a is None:
            groups["added"].append(entry)
        elif b is None:
            groups["removed"].append(entry)
        if sa == sb:
            continue
        groups["unblocked" if _RANK[sb] < _RANK[sa] else "worse"].append(entry)
    if args.format == "json":
        sys.stdout.write(json.dumps({"old": old, "new": new, **groups}, indent=2) + "\n")
        return 0
    out = []
    titles = {"unblocked": "Unblocked (status better in NEW)", "worse": "Worse in NEW (or newly known to be slow or unsupported)",
              "added": "Rows only in NEW", "removed": "Rows only in OLD"}
    for key, title in titles.items():
        items = groups[key]
        if key in ("added", "removed"):
            items = [e for e in items if e["old"] == e["new"]]  # status changes are listed above
        if not items:
            continue
        out.append(f"{title}: {len(items)}")
        for e in items:
            apis = ", ".join(e["python"][:4]) + (f" (+{len(e['python']) - 4})" if len(e["python"]) > 4 else "")
            out.append(f"  {e['aten']}: {e['old']} -> {e['new']}" + (f"   [{apis}]" if apis else ""))
    if not out:
        out.append("no operator changes status")
    sys.stdout.write("\n".join(out) + "\n")
    return 0
