#!/usr/bin/env python3
"""Independent, token-level count of CUDA references, and how many of them the scanner covers.

This is a measurement tool for auditing ``neuron-migrate scan``. It deliberately does not use
``ast`` (the scanner does): it walks the ``tokenize`` stream of every ``.py`` file under a root
and records each line that holds one of these references:

    kind                  what is matched
    torch_cuda            NAME ``cuda`` after ``torch .``            (torch.cuda.synchronize())
    backends_cuda         NAME ``cuda`` after ``backends .``         (torch.backends.cuda.matmul.allow_tf32)
    cuda_call             NAME ``cuda`` after ``.`` and before ``(``  (x.cuda(), model.cuda(0))
    cuda_attr             any other NAME ``cuda`` after ``.``         (th.cuda.amp, fn = x.cuda)
    is_cuda               NAME ``is_cuda``
    cudnn                 NAME ``cudnn`` after ``.``                  (torch.backends.cudnn.benchmark)
    cuda_str              a string that is exactly ``"cuda"`` or ``"cuda:N"``
    cuda_fstr             an f-string whose text starts with ``cuda:`` (f"cuda:{rank}"), or is f"cuda"
    nccl_str              a string that is exactly ``"nccl"``
    cuda_visible_devices  NAME or string ``CUDA_VISIBLE_DEVICES``
    data_parallel         NAME ``DataParallel`` (``DistributedDataParallel`` is another token)

and extra kinds (marked ``+``, kept out of the main TOTAL) for the rest of the NM1xx family; they
cut false alarms in the fix audit and widen the view:

    +cuda_alias           a use of a name bound by an import from torch.cuda*/torch.backends.cud*,
                          or ``DataParallel as X`` (``from torch.cuda.amp import autocast`` makes
                          every later ``autocast`` in the file a reference; not scope-aware)
    +attr_CUDA            NAME ``CUDA`` after ``.``                  (ProfilerActivity.CUDA)
    +cuda_str_prefix      a non-f string starting ``cuda:`` that is not ``cuda:N`` ("cuda:{}")
    +cuda_env_str         a string naming a CUDA/NCCL env var other than CUDA_VISIBLE_DEVICES
                          ("CUDA_LAUNCH_BLOCKING", "NCCL_DEBUG", "CUBLAS_WORKSPACE_CONFIG")
    +compile_mode_str     a string "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs",
                          "inductor" or "cudagraphs" (torch.compile modes and backends)
    +torch_xla            NAME ``torch_xla``, or a use of a name imported from torch_xla*
    +data_parallel_fn     NAME ``data_parallel`` after ``.``          (nn.parallel.data_parallel)

Comments are never counted (they are COMMENT tokens). A matching string counts wherever it stands,
docstrings included. Names inside f-string replacement fields are counted on every Python version
(3.12+ tokenizes them natively; on 3.10/3.11 the fields are re-tokenized here). A reference is one
(path, line, kind); several tokens of one kind on one line are one reference (``tokens`` column
keeps the raw token count). The line of a reference is the line its token starts on.

Then it runs ``neuron-migrate scan ROOT --format json --fail-on never`` (or reads that JSON from
``--json FILE``) and reports, per kind, how many references lie inside the ``[line, end_line]`` of
some finding in the same file, and lists the ones that do not. It also lists NM1xx findings with a
fix whose edited lines (or, failing edit positions, whose own lines) hold none of these references,
to audit "no rewrite lands on a line without a CUDA reference".

Exit status is 0 whatever was measured; 2 only for a usage error. Standard library only.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import posixpath
import re
import shlex
import shutil
import subprocess
import sys
import token
import tokenize
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

KINDS: dict[str, str] = {
    "torch_cuda": "torch.cuda",
    "backends_cuda": "backends.cuda",
    "cuda_call": "<expr>.cuda(",
    "cuda_attr": "<expr>.cuda (other)",
    "is_cuda": "is_cuda",
    "cudnn": ".cudnn",
    "cuda_str": '"cuda" / "cuda:N"',
    "cuda_fstr": 'f"cuda:..."',
    "nccl_str": '"nccl"',
    "cuda_visible_devices": "CUDA_VISIBLE_DEVICES",
    "data_parallel": "DataParallel",
    "cuda_alias": "+ alias of torch.cuda*",
    "attr_CUDA": "+ <expr>.CUDA",
    "cuda_str_prefix": '+ "cuda:..." (template)',
    "cuda_env_str": '+ "CUDA_*"/"NCCL_*" env',
    "compile_mode_str": '+ "reduce-overhead"...',
    "torch_xla": "+ torch_xla",
    "data_parallel_fn": "+ .data_parallel",
}
EXTRA_KINDS = {"cuda_alias", "attr_CUDA", "cuda_str_prefix", "cuda_env_str", "compile_mode_str",
               "torch_xla", "data_parallel_fn"}
_ENV_STR = re.compile(r"(CUDA|NCCL|CUBLAS|CUBLASLT|CUFFT|CURAND|CUSPARSE|NVIDIA|TORCH_CUDA|PYTORCH_CUDA)_[A-Z0-9_]+")
_COMPILE_STRS = {"reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs", "inductor", "cudagraphs"}

SKIP_DIRS = {
    ".git", ".hg", ".svn", "site-packages", "build", "dist", "node_modules",
    "venv", ".venv", "virtualenv", ".virtualenv", "__pycache__", ".tox", ".nox",
}

FSTRING_START = getattr(token, "FSTRING_START", None)  # Python 3.12+
FSTRING_MIDDLE = getattr(token, "FSTRING_MIDDLE", None)
FSTRING_END = getattr(token, "FSTRING_END", None)
_INSIGNIFICANT = {tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING}
_CUDA_N = re.compile(r"cuda:\d+")
_PREFIX = re.compile(r"[A-Za-z]*")


# --------------------------------------------------------------------------- token counting


def _split_string_token(s: str) -> tuple[str, str, str]:
    """Return (prefix, quote, body) of a STRING token's text."""
    prefix = _PREFIX.match(s).group(0)  # type: ignore[union-attr]
    rest = s[len(prefix):]
    quote = rest[:3] if rest[:3] in ('"""', "'''") else rest[:1]
    body = rest[len(quote): len(rest) - len(quote)] if len(rest) >= 2 * len(quote) else ""
    return prefix.lower(), quote, body


def _literal_kinds(text: str, *, is_f: bool, complete: bool) -> list[str]:
    """Kinds matched by a string literal's text. ``complete``: the text is the whole literal."""
    out: list[str] = []
    if is_f:
        if text.startswith("cuda:") or (complete and text == "cuda"):
            out.append("cuda_fstr")
    elif text == "cuda" or _CUDA_N.fullmatch(text):
        out.append("cuda_str")
    elif complete and text.startswith("cuda:"):
        out.append("cuda_str_prefix")
    if complete and text == "nccl":
        out.append("nccl_str")
    if complete and text == "CUDA_VISIBLE_DEVICES":
        out.append("cuda_visible_devices")
    elif complete and _ENV_STR.fullmatch(text):
        out.append("cuda_env_str")
    if complete and text in _COMPILE_STRS:
        out.append("compile_mode_str")
    return out


def _fstring_fields(body: str) -> Iterator[tuple[int, str]]:
    """Yield (offset in body, text) of each top-level replacement field of an f-string body.

    Only used before Python 3.12, where an f-string is a single STRING token (and where a field
    cannot hold a backslash or the enclosing quote, which keeps this simple).
    """
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c == "{":
            if body.startswith("{{", i):
                i += 2
                continue
            depth, j, quote = 0, i, ""
            while j < n:
                ch = body[j]
                if quote:
                    if body.startswith(quote, j):
                        j += len(quote)
                        quote = ""
                    else:
                        j += 1
                    continue
                if ch in "'\"":
                    quote = ch * 3 if body.startswith(ch * 3, j) else ch
                    j += len(quote)
                    continue
                if ch in "{[(":
                    depth += 1
                elif ch in "}])":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            yield i + 1, body[i + 1: j]
            i = j + 1
        elif c == "}":
            i += 2 if body.startswith("}}", i) else 1
        else:
            i += 1


_CUDA_MODULE_PARTS = {"cuda", "cudnn"}


def _import_aliases(toks: list[tokenize.TokenInfo]) -> tuple[dict[str, str], set[int]]:
    """Names bound by imports from CUDA (or torch_xla) modules -> kind, and the token indexes of
    all import statements.

    Token-level and file-wide (not scope-aware): ``import torch.backends.cudnn as cudnn``,
    ``from torch.cuda.amp import autocast``, ``from torch.backends import cudnn``,
    ``from torch import cuda``, ``from torch.nn import DataParallel as DP``.
    """
    aliases: dict[str, str] = {}
    in_import: set[int] = set()
    n = len(toks)
    at_start = True
    i = 0
    while i < n:
        tok = toks[i]
        if tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING) or (
                tok.type == tokenize.OP and tok.string == ";"):
            at_start = True
            i += 1
            continue
        if tok.type in (tokenize.NL, tokenize.COMMENT):
            i += 1
            continue
        if not (at_start and tok.type == tokenize.NAME and tok.string in ("import", "from")):
            at_start = False
            i += 1
            continue
        j = i
        stmt: list[tokenize.TokenInfo] = []
        while j < n and toks[j].type != tokenize.NEWLINE and not (
                toks[j].type == tokenize.OP and toks[j].string == ";"):
            if toks[j].type not in _INSIGNIFICANT:
                stmt.append(toks[j])
            in_import.add(j)
            j += 1
        words: list[str] = []
        for t in stmt:  # glue dotted names: ["torch", ".", "cuda"] -> ["torch.cuda"]
            if t.string in ("(", ")"):
                continue
            if words and (t.string == "." or words[-1].endswith(".")) and words[-1] not in ("from", "import"):
                words[-1] += t.string
            else:
                words.append(t.string)
        if words and words[0] == "import":
            for item in " ".join(words[1:]).split(","):
                parts = item.split()
                if len(parts) == 3 and parts[1] == "as":
                    mod = parts[0].split(".")
                    if mod[0] == "torch" and _CUDA_MODULE_PARTS & set(mod):
                        aliases[parts[2]] = "cuda_alias"
                    elif mod[0] == "torch_xla":
                        aliases[parts[2]] = "torch_xla"
        elif words and words[0] == "from" and "import" in words:
            k = words.index("import")
            mod = "".join(words[1:k]).split(".")
            for item in " ".join(words[k + 1:]).split(","):
                parts = item.split()
                if not parts:
                    continue
                name, bound = parts[0], parts[2] if len(parts) == 3 and parts[1] == "as" else parts[0]
                full = mod + [name]
                if (full[0] == "torch" and _CUDA_MODULE_PARTS & set(full)) or (
                        name == "DataParallel" and bound != name):
                    aliases[bound] = "cuda_alias"
                elif full[0] == "torch_xla" and bound != "torch_xla":
                    aliases[bound] = "torch_xla"
        at_start = False
        i = j
    return aliases, in_import


def _refs_in_tokens(toks: list[tokenize.TokenInfo],
                    aliases: dict[str, str] | None = None) -> Iterator[tuple[int, str]]:
    """Yield (line, kind) for each reference token in a token list."""
    sig: list[tokenize.TokenInfo] = []  # significant tokens seen so far (last few are enough)
    n = len(toks)
    in_import: set[int] = set()
    if aliases is None:
        aliases, in_import = _import_aliases(toks)
    for idx, tok in enumerate(toks):
        tt, s, row = tok.type, tok.string, tok.start[0]
        if tt in _INSIGNIFICANT:
            continue
        if tt == tokenize.NAME:
            prev = sig[-1] if sig else None
            after_dot = prev is not None and prev.type == tokenize.OP and prev.string == "."
            if s in aliases and not after_dot and idx not in in_import:
                nxt = _next_significant(toks, idx)
                if not (nxt is not None and nxt.type == tokenize.OP and nxt.string == "="):
                    yield row, aliases[s]  # a rebinding (``alias = None``) is not a use
            elif s == "torch_xla":
                yield row, "torch_xla"
            elif s == "data_parallel" and after_dot:
                yield row, "data_parallel_fn"
            elif s == "CUDA" and after_dot:
                yield row, "attr_CUDA"
            elif s == "cuda" and after_dot:
                before = sig[-2] if len(sig) >= 2 else None
                nxt = _next_significant(toks, idx)
                if before is not None and before.type == tokenize.NAME and before.string == "torch":
                    yield row, "torch_cuda"
                elif before is not None and before.type == tokenize.NAME and before.string == "backends":
                    yield row, "backends_cuda"
                elif nxt is not None and nxt.type == tokenize.OP and nxt.string == "(":
                    yield row, "cuda_call"
                else:
                    yield row, "cuda_attr"
            elif s == "is_cuda":
                yield row, "is_cuda"
            elif s == "cudnn" and after_dot:
                yield row, "cudnn"
            elif s == "CUDA_VISIBLE_DEVICES":
                yield row, "cuda_visible_devices"
            elif s == "DataParallel":
                yield row, "data_parallel"
        elif tt == tokenize.STRING:
            prefix, quote, body = _split_string_token(s)
            if "b" in prefix:
                pass
            elif "f" in prefix:  # only before 3.12: the whole f-string is one token
                fields = list(_fstring_fields(body))
                literal = body[: fields[0][0] - 1] if fields else body
                for kind in _literal_kinds(literal, is_f=True, complete=not fields):
                    yield row, kind
                head = len(prefix) + len(quote)
                for off, text in fields:
                    base = row + s[: head + off].count("\n")
                    for sub_row, kind in _refs_in_source("(" + text + ")\n", aliases):
                        yield base + sub_row - 1, kind
            else:
                for kind in _literal_kinds(body, is_f=False, complete=True):
                    yield row, kind
        elif FSTRING_START is not None and tt == FSTRING_START:
            nxt = toks[idx + 1] if idx + 1 < n else None
            if nxt is not None and nxt.type == FSTRING_MIDDLE:
                after = toks[idx + 2] if idx + 2 < n else None
                complete = after is not None and after.type == FSTRING_END
                for kind in _literal_kinds(nxt.string, is_f=True, complete=complete):
                    yield row, kind
        sig.append(tok)
        if len(sig) > 4:
            del sig[0]


def _next_significant(toks: list[tokenize.TokenInfo], idx: int) -> tokenize.TokenInfo | None:
    for tok in toks[idx + 1:]:
        if tok.type not in _INSIGNIFICANT:
            return tok
    return None


def _refs_in_source(src: str, aliases: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """References in a snippet of source text (used for pre-3.12 f-string fields)."""
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return []
    return list(_refs_in_tokens(toks, aliases if aliases is not None else {}))


def count_refs_in_bytes(data: bytes) -> list[tuple[int, str]]:
    """(line, kind) of every reference token in a Python file's bytes (one per token, sorted).

    Raises tokenize.TokenError / SyntaxError / UnicodeDecodeError / LookupError on a file that
    cannot be tokenized.
    """
    toks = list(tokenize.tokenize(io.BytesIO(data).readline))
    return sorted(_refs_in_tokens(toks))


def count_refs_in_source(src: str) -> list[tuple[int, str]]:
    """Same as :func:`count_refs_in_bytes` for text (used by tests)."""
    return count_refs_in_bytes(src.encode("utf-8"))


_NEWLINE = re.compile(r"\r\n|\r|\n")
_NEWLINE_B = re.compile(rb"\r\n|\r|\n")


def _decode_text(data: bytes) -> str:
    try:
        enc, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(enc)
    except (SyntaxError, LookupError, UnicodeDecodeError):
        text = data.decode("utf-8", errors="replace")
    return text[1:] if text.startswith("\ufeff") else text


def _decode_lines(data: bytes) -> list[str]:
    return _NEWLINE.split(_decode_text(data))


# --------------------------------------------------------------------------- file walking


def iter_python_files(root: Path) -> Iterator[Path]:
    """Every .py file under root, skipping VCS dirs, virtualenvs and build output."""
    if root.is_file():
        yield root
        return
    real_root = root.resolve()
    for dirpath, dirnames, filenames in os.walk(root):  # followlinks=False
        keep = []
        for d in sorted(dirnames):
            p = Path(dirpath, d)
            if d in SKIP_DIRS or (p / "pyvenv.cfg").exists():
                continue
            keep.append(d)
        dirnames[:] = keep
        for f in sorted(filenames):
            if not f.endswith(".py"):
                continue
            p = Path(dirpath, f)
            if p.is_symlink():
                try:
                    p.resolve().relative_to(real_root)
                except (ValueError, OSError):
                    continue
            yield p


@dataclass
class Ref:
    path: str
    line: int
    kind: str
    tokens: int
    source: str
    covered_by: list[str] = field(default_factory=list)
    scanner_skipped: str | None = None


@dataclass
class FileData:
    refs: list[Ref]
    lines: list[str]
    kinds_by_line: dict[int, set[str]]


def _rel(root: Path, p: Path) -> str:
    if root.is_file():
        return p.name
    return p.relative_to(root).as_posix()


def collect(root: Path) -> tuple[dict[str, FileData], list[dict[str, str]]]:
    files: dict[str, FileData] = {}
    failures: list[dict[str, str]] = []
    for p in iter_python_files(root):
        rel = _rel(root, p)
        try:
            data = p.read_bytes()
            hits = count_refs_in_bytes(data)
        except Exception as exc:  # noqa: BLE001 - a measurement tool reports and goes on
            failures.append({"path": rel, "error": f"{type(exc).__name__}: {exc}"})
            continue
        lines = _decode_lines(data)
        per: Counter[tuple[int, str]] = Counter(hits)
        refs = []
        kinds_by_line: dict[int, set[str]] = defaultdict(set)
        for (line, kind), n in sorted(per.items()):
            src = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            refs.append(Ref(rel, line, kind, n, src))
            kinds_by_line[line].add(kind)
        files[rel] = FileData(refs, lines, dict(kinds_by_line))
    return files, failures


# --------------------------------------------------------------------------- scanner output


def _norm_path(root: Path, p: str) -> str:
    p = p.replace("\\", "/")
    if os.path.isabs(p):
        try:
            p = Path(p).resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    p = posixpath.normpath(p)
    return p[2:] if p.startswith("./") else p


def default_scanner() -> list[str] | None:
    here = Path(sys.executable).parent / "neuron-migrate"
    if here.exists():
        return [str(here)]
    found = shutil.which("neuron-migrate")
    return [found] if found else None


def run_scanner(cmd: list[str], root: Path, timeout: float | None) -> tuple[dict | None, dict]:
    argv = [*cmd, "scan", str(root), "--format", "json", "--fail-on", "never"]
    info: dict[str, Any] = {"command": shlex.join(argv)}
    try:
        proc = subprocess.run(argv, capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        info["error"] = f"{type(exc).__name__}: {exc}"
        return None, info
    info["exit_code"] = proc.returncode
    try:
        doc = json.loads(proc.stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        info["error"] = f"stdout is not JSON ({exc}); stderr: {proc.stderr.decode(errors='replace')[-800:]}"
        return None, info
    return doc, info


def _edit_line_span(edit: Any, file_bytes: bytes | None, offsets: str = "chars") -> tuple[int, int] | None:
    """Best effort: the 1-based line span an edit touches, whatever shape the edit has.

    Integer ``start``/``end`` are offsets into the decoded text (``offsets="chars"``, the scanner's
    ``Edit`` model) or into the raw bytes (``offsets="bytes"``).
    """
    if not isinstance(edit, dict):
        return None

    def pos_line(v: Any) -> int | None:
        if isinstance(v, dict):
            for k in ("line", "row", "lineno"):
                if isinstance(v.get(k), int):
                    return v[k]
        return None

    for a, b in (("line", "end_line"), ("start_line", "end_line"), ("lineno", "end_lineno")):
        if isinstance(edit.get(a), int):
            end = edit.get(b)
            return edit[a], end if isinstance(end, int) else edit[a]
    for a, b in (("start", "end"), ("range_start", "range_end")):
        sa, sb = pos_line(edit.get(a)), pos_line(edit.get(b))
        if sa is not None:
            return sa, sb if sb is not None else sa
    if isinstance(edit.get("range"), dict):
        return _edit_line_span(edit["range"], file_bytes, offsets)
    if isinstance(edit.get("range"), (list, tuple)) and len(edit["range"]) == 2:
        edit = {"start": edit["range"][0], "end": edit["range"][1]}
    for a, b in (("start", "end"), ("start_byte", "end_byte"), ("offset", "end_offset")):
        if isinstance(edit.get(a), int) and file_bytes is not None:
            s = edit[a]
            e = edit.get(b) if isinstance(edit.get(b), int) else s
            if isinstance(edit.get("length"), int):
                e = s + edit["length"]
            if offsets == "chars" and not a.endswith("_byte"):
                buf: str | bytes = _decode_text(file_bytes)
                nl: Any = _NEWLINE
            else:
                buf, nl = file_bytes, _NEWLINE_B
            line_s = len(nl.findall(buf, 0, s)) + 1
            # an edit ending right after a newline does not touch the next line
            line_e = len(nl.findall(buf, 0, max(s, e - 1))) + 1 if e > s else line_s
            return line_s, line_e
    return None


@dataclass
class Measurement:
    root: str
    python_files: int
    tokenize_failures: list[dict[str, str]]
    scanner: dict[str, Any] | None
    per_kind: dict[str, dict[str, Any]]
    total: dict[str, Any]  # the brief's kinds only
    total_all: dict[str, Any]  # including the + kinds
    uncovered: list[Ref]
    suspicious_fixes: list[dict[str, Any]]
    nm1_without_ref: list[dict[str, Any]]
    findings_by_code: dict[str, int]


def measure(root: Path, doc: dict | None, scanner_info: dict | None,
            code_prefixes: list[str], edit_offsets: str = "chars") -> Measurement:
    files, failures = collect(root)
    findings = list((doc or {}).get("findings") or []) if doc is not None else []
    skipped = {}
    if doc is not None:
        for s in ((doc.get("files") or {}).get("skipped") or []):
            if isinstance(s, dict) and "path" in s:
                skipped[_norm_path(root, str(s["path"]))] = str(s.get("reason", ""))

    ranges: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    by_code: Counter[str] = Counter()
    for f in findings:
        code = str(f.get("code", ""))
        by_code[code] += 1
        if code_prefixes and not any(code.startswith(p) for p in code_prefixes):
            continue
        try:
            line = int(f["line"])
            end = int(f.get("end_line") or line)
        except (KeyError, TypeError, ValueError):
            continue
        ranges[_norm_path(root, str(f.get("path", "")))].append((line, max(line, end), code))

    per_kind = {k: {"description": d, "refs": 0, "tokens": 0, "covered": 0, "in_skipped_files": 0,
                    "coverage_pct": None, "covering_codes": Counter()} for k, d in KINDS.items()}
    uncovered: list[Ref] = []
    for rel, fd in files.items():
        rs = ranges.get(rel, [])
        for ref in fd.refs:
            pk = per_kind[ref.kind]
            pk["refs"] += 1
            pk["tokens"] += ref.tokens
            ref.covered_by = sorted({c for (a, b, c) in rs if a <= ref.line <= b})
            if rel in skipped:
                ref.scanner_skipped = skipped[rel] or "skipped"
                pk["in_skipped_files"] += 1
            if ref.covered_by:
                pk["covered"] += 1
                pk["covering_codes"].update(ref.covered_by)
            elif doc is not None:
                uncovered.append(ref)
    total = {"refs": 0, "tokens": 0, "covered": 0, "in_skipped_files": 0, "coverage_pct": None}
    total_all = dict(total)
    for kind, pk in per_kind.items():
        for k in ("refs", "tokens", "covered", "in_skipped_files"):
            total_all[k] += pk[k]
            if kind not in EXTRA_KINDS:
                total[k] += pk[k]
        if doc is not None and pk["refs"]:
            pk["coverage_pct"] = round(100.0 * pk["covered"] / pk["refs"], 1)
        pk["covering_codes"] = dict(pk["covering_codes"].most_common())
    for t in (total, total_all):
        if doc is not None and t["refs"]:
            t["coverage_pct"] = round(100.0 * t["covered"] / t["refs"], 1)

    suspicious: list[dict[str, Any]] = []
    nm1_no_ref: list[dict[str, Any]] = []
    bytes_cache: dict[str, bytes | None] = {}
    for f in findings:
        code = str(f.get("code", ""))
        if not code.startswith("NM1"):
            continue
        rel = _norm_path(root, str(f.get("path", "")))
        if not rel.endswith(".py") or rel not in files:
            continue
        fd = files[rel]
        try:
            line = int(f["line"])
            end = max(line, int(f.get("end_line") or line))
        except (KeyError, TypeError, ValueError):
            continue
        finding_kinds = set().union(*(fd.kinds_by_line.get(n, set()) for n in range(line, end + 1)))
        src = fd.lines[line - 1].strip() if 0 < line <= len(fd.lines) else ""
        base = {"path": rel, "line": line, "end_line": end, "code": code,
                "rule": f.get("rule"), "message": f.get("message"), "source": src}
        if not finding_kinds:
            nm1_no_ref.append({**base, "has_fix": bool(f.get("fix"))})
        fix = f.get("fix")
        if not fix:
            continue
        edits = fix.get("edits") if isinstance(fix, dict) else None
        if rel not in bytes_cache:
            try:
                bytes_cache[rel] = (root / rel).read_bytes() if not root.is_file() else root.read_bytes()
            except OSError:
                bytes_cache[rel] = None
        problems = []
        for e in edits or []:
            span = _edit_line_span(e, bytes_cache[rel], edit_offsets)
            if span is None:
                span, how = (line, end), "finding span (edit position unknown)"
            else:
                how = "edit"
            a, b = span
            ks = set().union(*(fd.kinds_by_line.get(n, set()) for n in range(a, b + 1)))
            if not ks:
                text = e.get("content", e.get("replacement", e.get("text", e.get("new_text")))) \
                    if isinstance(e, dict) else None
                problems.append({"lines": [a, b], "from": how, "replacement": text,
                                 "line_source": fd.lines[a - 1].strip() if 0 < a <= len(fd.lines) else "",
                                 "edit": e})
        if not edits and not finding_kinds:
            problems.append({"lines": [line, end], "from": "finding span (fix has no edits)",
                             "replacement": None, "line_source": src, "edit": None})
        if problems:
            suspicious.append({**base, "applicability": fix.get("applicability") if isinstance(fix, dict) else None,
                               "fix_title": fix.get("title") if isinstance(fix, dict) else None,
                               "edits_without_ref": problems})

    uncovered.sort(key=lambda r: (r.path, r.line, r.kind))
    return Measurement(
        root=str(root), python_files=len(files) + len(failures), tokenize_failures=failures,
        scanner=scanner_info, per_kind=per_kind, total=total, total_all=total_all, uncovered=uncovered,
        suspicious_fixes=suspicious, nm1_without_ref=nm1_no_ref,
        findings_by_code=dict(sorted(by_code.items())),
    )


# --------------------------------------------------------------------------- output


def _clip(s: str, n: int = 110) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def render_text(m: Measurement, show: int) -> str:
    out: list[str] = []
    lim = (lambda xs: xs) if show < 0 else (lambda xs: xs[:show])
    out.append(f"root: {m.root}")
    out.append(f"python files: {m.python_files} ({len(m.tokenize_failures)} failed to tokenize)")
    scanned = m.scanner is not None and "error" not in m.scanner and "findings_total" in m.scanner
    if m.scanner:
        for k, v in m.scanner.items():
            out.append(f"scanner {k}: {v}")
    else:
        out.append("scanner: not run (counts only)")
    out.append("")
    hdr = f"{'kind':<22} {'pattern':<22} {'refs':>6} {'tokens':>6}"
    if scanned:
        hdr += f" {'covered':>7} {'cov%':>6} {'skipd':>5}  covering codes"
    out.append(hdr)
    out.append("-" * len(hdr))

    def row(name: str, desc: str, d: dict) -> str:
        s = f"{name:<22} {desc:<22} {d['refs']:>6} {d['tokens']:>6}"
        if scanned:
            pct = "-" if d["coverage_pct"] is None else f"{d['coverage_pct']:.1f}"
            codes = ", ".join(f"{c}×{n}" for c, n in list(d.get("covering_codes", {}).items())[:4])
            s += f" {d['covered']:>7} {pct:>6} {d['in_skipped_files']:>5}  {codes}"
        return s

    for k, d in m.per_kind.items():
        if k not in EXTRA_KINDS:
            out.append(row(k, d["description"], d))
    out.append("-" * len(hdr))
    out.append(row("TOTAL", "", m.total))
    out.append("")
    for k, d in m.per_kind.items():
        if k in EXTRA_KINDS:
            out.append(row(k, d["description"], d))
    out.append(row("TOTAL incl. +kinds", "", m.total_all))

    if scanned:
        out.append("")
        for title, refs in (("Uncovered references", [r for r in m.uncovered if r.kind not in EXTRA_KINDS]),
                            ("Uncovered +kind references", [r for r in m.uncovered if r.kind in EXTRA_KINDS])):
            out.append(f"{title}: {len(refs)}"
                       + (f" (showing {min(show, len(refs))})" if 0 <= show < len(refs) else ""))
            for r in lim(refs):
                extra = f"  [file skipped by scanner: {r.scanner_skipped}]" if r.scanner_skipped else ""
                out.append(f"  {r.path}:{r.line}  {r.kind:<20} | {_clip(r.source)}{extra}")
            out.append("")
        out.append(f"NM1xx fixes touching a line with no reference: {len(m.suspicious_fixes)}"
                   + (f" (showing {min(show, len(m.suspicious_fixes))})" if 0 <= show < len(m.suspicious_fixes) else ""))
        for s in lim(m.suspicious_fixes):
            out.append(f"  {s['path']}:{s['line']}-{s['end_line']} {s['code']} ({s['applicability']}) "
                       f"{s['fix_title']!r} | {_clip(s['source'])}")
            for p in s["edits_without_ref"]:
                out.append(f"      edit lines {p['lines'][0]}-{p['lines'][1]} [{p['from']}] "
                           f"-> {_clip(repr(p['replacement']), 60)} | {_clip(p['line_source'], 80)}")
        out.append("")
        out.append(f"NM1xx findings whose lines hold no reference: {len(m.nm1_without_ref)}"
                   + (f" (showing {min(show, len(m.nm1_without_ref))})" if 0 <= show < len(m.nm1_without_ref) else ""))
        for s in lim(m.nm1_without_ref):
            out.append(f"  {s['path']}:{s['line']}-{s['end_line']} {s['code']} fix={'yes' if s['has_fix'] else 'no'}"
                       f" | {_clip(s['source'])}")
        out.append("")
        out.append("findings by code: " + ", ".join(f"{c}={n}" for c, n in m.findings_by_code.items()))
    if m.tokenize_failures:
        out.append("")
        out.append(f"Files that failed to tokenize (skipped): {len(m.tokenize_failures)}")
        for f in lim(m.tokenize_failures):
            out.append(f"  {f['path']}: {_clip(f['error'], 140)}")
    return "\n".join(out) + "\n"


def render_json(m: Measurement) -> str:
    d = asdict(m)
    return json.dumps(d, indent=2, default=str) + "\n"


# --------------------------------------------------------------------------- CLI


def main(argv: Iterable[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", type=Path, help="project root (or a single .py file)")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--json", dest="json_file", type=Path,
                     help="read the scanner's JSON from this file ('-' = stdin) instead of running it")
    src.add_argument("--no-scan", action="store_true", help="count references only")
    ap.add_argument("--scanner", help="scanner command (default: neuron-migrate next to this Python, then on PATH)")
    ap.add_argument("--timeout", type=float, default=None, help="scanner timeout in seconds")
    ap.add_argument("--code-prefix", action="append", default=[],
                    help="only findings whose code starts with this count as covering (repeatable; default: any)")
    ap.add_argument("--edit-offsets", choices=("chars", "bytes"), default="chars",
                    help="unit of integer edit start/end in the scanner JSON (default: chars of the decoded text)")
    ap.add_argument("--show", type=int, default=20, help="list up to N items per section in text output (-1: all)")
    ap.add_argument("--format", choices=("text", "json"), default="text")
    ap.add_argument("-o", "--output", type=Path, help="write the report here instead of stdout")
    args = ap.parse_args(list(argv) if argv is not None else None)

    root: Path = args.root
    if not root.exists():
        ap.error(f"no such path: {root}")

    doc: dict | None = None
    info: dict[str, Any] | None = None
    if args.json_file is not None:
        info = {"json": str(args.json_file)}
        try:
            raw = sys.stdin.read() if str(args.json_file) == "-" else args.json_file.read_text(encoding="utf-8")
            doc = json.loads(raw)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            info["error"] = f"cannot read scanner JSON: {exc}"
            doc = None
    elif not args.no_scan:
        cmd = shlex.split(args.scanner) if args.scanner else default_scanner()
        if cmd is None:
            info = {"error": "neuron-migrate not found (use --scanner, --json or --no-scan)"}
        else:
            doc, info = run_scanner(cmd, root, args.timeout)
    if doc is not None and not isinstance(doc, dict):
        info = {**(info or {}), "error": "scanner JSON is not an object"}
        doc = None
    if doc is not None and info is not None:
        info["findings_total"] = len(doc.get("findings") or [])
        files_info = doc.get("files") or {}
        info["files_scanned"] = files_info.get("scanned")
        info["files_skipped"] = len(files_info.get("skipped") or [])
        if args.code_prefix:
            info["covering_codes_filter"] = args.code_prefix

    m = measure(root, doc, info, args.code_prefix, args.edit_offsets)
    text = render_json(m) if args.format == "json" else render_text(m, args.show)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
