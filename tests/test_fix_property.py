"""Property test: generated modules (hypothesmith) with CUDA idioms spliced in.

For every such module, with and without unsafe fixes:
- the result parses;
- bytes outside the reported spans never change: the spans are the fix edits the scan
  reports for the original, plus the lines of its import statements and the start of a
  line for an added ``import torch`` (the import step);
- the edits `fix` says it made, applied to the original, give the result;
- a second fix changes nothing.
"""

from __future__ import annotations

import ast
import warnings

import hypothesmith
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from neuron_migrate.engine import analyse_source
from neuron_migrate.fix import applicable, fix_source, parses, splice
from neuron_migrate.models import Options
from neuron_migrate.source import SourceFile

HEADERS = [
    "import torch", "import torch as th", "import torch.nn as nn", "import os",
    "import torch.distributed as dist", "from torch.cuda.amp import autocast, GradScaler",
    "import torch.backends.cudnn as cudnn", "from torch.cuda import synchronize",
]
IDIOMS = [
    'x = torch.zeros(3, device="cuda")', "m = m.cuda()", "y = x.cuda(rank)", "y = x.cuda(torch.cuda.current_device())",
    "torch.cuda.synchronize()", "th.cuda.manual_seed_all(0)", "synchronize()",
    "with torch.cuda.amp.autocast(True, torch.float16):\n    pass", "with autocast():\n    pass",
    "s = GradScaler()", "s = torch.cuda.amp.GradScaler(init_scale=2.0)", "cudnn.benchmark = True",
    'dist.init_process_group("nccl")', "torch.backends.cudnn.benchmark = True",
    'model = torch.compile(model, mode="max-autotune")', "if x.is_cuda:\n    y = 1",
    'y = x.to("cuda:1" if a else "cpu")', 'os.environ["CUDA_VISIBLE_DEVICES"] = "0"',
    'dev = f"cuda:{rank}"', 'use_amp = device.type == "cuda"', "def f(device='cuda'):\n    return device",
]

MODULES = st.one_of(hypothesmith.from_grammar(), hypothesmith.from_node())


def _parse(text: str) -> ast.Module | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


@st.composite
def cuda_modules(draw) -> str:
    """A generated module with CUDA idioms inserted before some of its top-level statements."""
    module = draw(MODULES)
    tree = _parse(module)
    assume(tree is not None)
    src = SourceFile("m.py", module)
    starts = sorted({src.line_starts[min([s.lineno] + [d.lineno for d in getattr(s, "decorator_list", [])]) - 1]
                     for s in tree.body if s.col_offset == 0})
    points = [0, *starts, len(module)] if module.endswith(("\n", "\r")) else [0, *starts]
    inserts = draw(st.lists(st.tuples(st.sampled_from(points), st.sampled_from(IDIOMS)), min_size=1, max_size=5))
    header = draw(st.lists(st.sampled_from(HEADERS), max_size=4, unique=True))
    if draw(st.booleans()):  # the amp imports whose uses get rewritten: the import step's case
        header = [h for h in header if "torch.cuda.amp" not in h]
        header.insert(draw(st.integers(0, len(header))), "from torch.cuda.amp import autocast, GradScaler")
        inserts += [(draw(st.sampled_from(points)), idiom) for idiom in ("with autocast():\n    pass", "s = GradScaler()")]
    text = module
    for at, idiom in sorted(inserts, key=lambda t: t[0], reverse=True):
        text = text[:at] + idiom + "\n" + text[at:]
    text = "".join(h + "\n" for h in header) + text
    assume(_parse(text) is not None)
    return text


def _reported_spans(src: SourceFile, unsafe: bool) -> tuple[list[tuple[int, int]], set[int]]:
    """Spans the scan reports for the original, and points where `import torch` may go."""
    spans = [(e.start, e.end) for f in analyse_source(src, Options()).findings if applicable(f, unsafe)
             for e in f.fix.edits]
    tree = ast.parse(src.text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            end_line = node.end_lineno
            end = src.line_starts[end_line] if end_line < len(src.line_starts) else len(src.text)
            start = src.line_starts[node.lineno - 1]
            spans.append((max(start - 2, 0) if end == len(src.text) else start, end))
    points = {src.line_starts[s.lineno - 1] for s in tree.body} | {src.line_starts[d.lineno - 1]
                                                                    for s in tree.body for d in getattr(s, "decorator_list", [])}
    merged: list[list[int]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged], points


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(cuda_modules(), st.booleans())
def test_fix_changes_only_reported_spans_and_always_parses(text, unsafe):
    src = SourceFile("m.py", text)
    out = fix_source(src, Options(), unsafe)
    assert out.error is None, out.error
    assert parses(out.text) is None
    assert splice(text, out.edits) == out.text
    spans, points = _reported_spans(src, unsafe)
    for e in out.edits:
        inside = any(a <= e.start and e.end <= b for a, b in spans)
        inserted = e.start == e.end and e.start in points and e.replacement.strip() == "import torch"
        assert inside or inserted, f"edit {e} outside the reported spans {spans}"
    again = fix_source(SourceFile("m.py", out.text), Options(), unsafe)
    assert again.text == out.text, "a second fix changed the file"
    assert not [n for n in out.not_applied], out.not_applied
