"""Fuzzing the scan: generated programs (hypothesmith) with CUDA idioms put in at every depth,
and damaged variants of them.

Properties, for every input:
- ``analyse`` returns (no exception escapes it) and no check failed inside it: an NM999
  (the engine's safety net for a check that raised) is a failure here, not a pass;
- every finding has a location inside the file: lines within the file, columns within their
  line, the start not after the end; every fix edit lies inside the text;
- the result is the same when analysed twice (no state leaks from one file to the next).

The fix side (results parse, idempotence, only reported spans change) is tests/test_fix_property.py.
Bounded for CI: a fixed number of examples, derandomized. ``NM_FUZZ_EXAMPLES=2000`` runs a
longer, random search.
"""

from __future__ import annotations

import ast
import os
import re
import warnings

import hypothesmith
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from neuron_migrate.engine import analyse
from neuron_migrate.models import FileResult, Options
from neuron_migrate.source import SourceError, SourceFile

EXAMPLES = int(os.environ.get("NM_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="NM_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])

HEADER = ("import os\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
          "import torch.distributed as dist\nfrom torch.cuda.amp import autocast, GradScaler\n")
# Statements touching every rule family: devices and APIs, shapes, graph breaks, operators,
# kernels; each is valid at any indentation (bodies are indented when inserted).
IDIOMS = [
    'x = torch.zeros(3, device="cuda")', "m = m.cuda()", "y = x.cuda(non_blocking=True)",
    "torch.cuda.synchronize()", "n = torch.cuda.device_count()", "s = GradScaler()",
    "with autocast():\n    y = m(x)", "torch.backends.cudnn.benchmark = True",
    'dist.init_process_group("nccl")', 'model = torch.compile(model, mode="max-autotune")',
    "if x.is_cuda:\n    y = x.half()", 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"',
    'device = "cuda" if torch.cuda.is_available() else "cpu"', "idx = torch.nonzero(mask)",
    "k = int(x.sum().item())", "y = x.view(k, -1)", "z = x[x > 0]", "u = torch.unique(x)",
    "if x.sum() > 0:\n    print(x)", "v = x.double()", "w = torch.linalg.eigh(x)",
    "q = x.tolist()", "for i in range(x.shape[0]):\n    x = x + i",
    "import triton", "from torch.utils.cpp_extension import load_inline",
    "loader = torch.utils.data.DataLoader(ds, batch_size=8)",
]
WRAPPERS = [  # where an idiom goes: module level, a function, a forward, a compiled function
    "{body}",
    "def helper(x, m, mask):\n{body}\n    return x",
    "class Net(nn.Module):\n    def forward(self, x, mask=None):\n{body}\n        return x",
    "@torch.compile\ndef step(x, model, mask):\n{body}\n    return x",
    "try:\n{body}\nexcept Exception:\n    pass",
]

MODULES = st.one_of(hypothesmith.from_grammar(), hypothesmith.from_node())
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)")


def _indent(code: str, depth: int) -> str:
    return "\n".join(" " * depth + line for line in code.splitlines())


def _parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


@st.composite
def programs(draw) -> str:
    """A generated module with CUDA idioms in wrappers spliced in between its statements."""
    module = draw(MODULES)
    if not module.endswith(("\n", "\r")):
        module += "\n"
    assume(_parses(module))
    lines = _LINE.findall(module)  # the lines ast counts (str.splitlines also splits at \f, \x1c...)
    tree = ast.parse(module)
    points = sorted({0, len(lines)} | {s.lineno - 1 for s in tree.body if s.col_offset == 0
                                        and not getattr(s, "decorator_list", None)})
    for _ in range(draw(st.integers(1, 4))):
        wrapper = draw(st.sampled_from(WRAPPERS))
        depth = 8 if "forward" in wrapper else 0 if wrapper == "{body}" else 4
        body = "\n".join(_indent(i, depth) for i in draw(st.lists(st.sampled_from(IDIOMS), min_size=1, max_size=4)))
        at = draw(st.sampled_from(points))
        lines[at:at] = [wrapper.format(body=body) + "\n"]
        points = [p if p <= at else p + 1 for p in points]
    text = HEADER + "".join(lines)
    assume(_parses(text))
    return text


def check(path: str, data: bytes) -> FileResult:
    """The properties every result must have."""
    result = analyse(path, data, Options())
    assert isinstance(result, FileResult) and result.path == path
    assert not [f for f in result.findings if f.code == "NM999"], [f.message for f in result.findings]
    assert analyse(path, data, Options()) == result
    try:
        src = SourceFile.from_bytes(path, data)
    except SourceError:
        assert [(f.code, f.line, f.column) for f in result.findings] == [(result.findings[0].code, 1, 1)]
        return result
    n = max(src.line_count, 1)
    for f in result.findings:
        assert f.path == path
        assert 1 <= f.line <= f.end_line <= n, (f, n)
        assert (f.line, f.column) <= (f.end_line, f.end_column), f
        assert 1 <= f.column <= len(src.line_text(f.line)) + 1, (f, src.line_text(f.line))
        assert 1 <= f.end_column <= len(src.line_text(f.end_line)) + 1, (f, src.line_text(f.end_line))
        if f.fix is not None:
            assert all(0 <= e.start <= e.end <= len(src.text) for e in f.fix.edits), f
    return result


@pytest.mark.slow
@FUZZ
@given(programs())
def test_generated_programs_with_cuda_idioms(text):
    result = check("gen.py", text.encode())
    assert not [f for f in result.findings if f.code.startswith("NM9")], result.findings


@pytest.mark.slow
@FUZZ
@given(programs(), st.data())
def test_damaged_programs(text, data):
    """Cut, duplicate or corrupt a slice of a valid program: findings or NM9xx, never a crash."""
    raw = bytearray(text.encode())
    start = data.draw(st.integers(0, len(raw)))
    end = data.draw(st.integers(start, min(len(raw), start + 200)))
    how = data.draw(st.sampled_from(["cut", "duplicate", "bytes", "crlf", "indent"]))
    if how == "cut":
        del raw[start:end]
    elif how == "duplicate":
        raw[end:end] = raw[start:end]
    elif how == "bytes":
        raw[start:end] = data.draw(st.binary(min_size=end - start, max_size=end - start))
    elif how == "crlf":
        raw[start:end] = raw[start:end].replace(b"\n", b"\r\n")
    else:
        raw[start:start] = b"  "
    check("damaged.py", bytes(raw))


@FUZZ
@given(st.binary(max_size=2000), st.sampled_from([b"", b"import torch\n", b"\xef\xbb\xbf", b"# coding: latin-1\n"]))
def test_arbitrary_bytes(data, prefix):
    check("bytes.py", prefix + data)


TOKENS = [*"()[]{}:=+-*/.,'\"\\#@", "\n", "\r", "\t", " ", "    ", "torch", "cuda", ".cuda()", "x",
          "def ", "class ", "if ", "else", "lambda ", "not ", "forward", "\"cuda\"", "0"]


@FUZZ
@given(st.lists(st.sampled_from(TOKENS), max_size=120))
def test_token_soup(tokens):
    check("soup.py", ("import torch\n" + "".join(tokens)).encode())
