"""Notebooks: code cells scanned as one module, findings by cell, fixes written back in place."""

from __future__ import annotations

import codecs
import difflib
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from neuron_migrate.cli import main
from neuron_migrate.discover import file_kind
from neuron_migrate.models import Options
from neuron_migrate.notebook import _Str, _string_edit, analyse, fix
from neuron_migrate.fix import splice


def cell(source, kind="code", **extra):
    lines = source.split("\n")
    src = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    out = {"cell_type": kind, "metadata": {}, "source": src}
    if kind == "code":
        out.update(execution_count=None, outputs=[])
    out.update(extra)
    return out


def notebook(*cells, language="python", **dump) -> bytes:
    doc = {"cells": list(cells), "metadata": {"kernelspec": {"language": language, "name": "k"}},
           "nbformat": 4, "nbformat_minor": 5}
    return (json.dumps(doc, **({"indent": 1, "ensure_ascii": False} | dump)) + "\n").encode()


NB = notebook(
    cell("# Title", "markdown"),
    cell("%matplotlib inline\nimport torch\nfrom torch.cuda.amp import autocast"),
    cell('!nvidia-smi\nx = torch.zeros(3, device="cuda")\nwith autocast():\n    y = x.cuda()',
         outputs=[{"output_type": "stream", "name": "stdout", "text": ["Tesla — ok\n"]}]),
    cell("%%bash\necho cuda"),
    cell("%%time\ntorch.cuda.synchronize()"),
)


def codes(result):
    return [(f.cell, f.line, f.column, f.code) for f in result.findings]


def test_notebooks_are_discovered():
    assert file_kind("a.ipynb") == "notebook" and file_kind("a.py") == "python"


def test_findings_carry_cell_and_line_within_it():
    r = analyse("nb.ipynb", NB, Options())
    assert codes(r) == [
        (2, 1, 1, "NM907"), (2, 3, 1, "NM119"),
        (3, 1, 1, "NM117"), (3, 1, 1, "NM907"), (3, 2, 27, "NM101"), (3, 3, 6, "NM105"), (3, 4, 9, "NM102"),
        (4, 1, 1, "NM907"),
        (5, 2, 1, "NM103"),
    ]
    magic = r.findings[0]
    assert "not analysed" in magic.message and magic.severity.label == "info"


def test_fix_edits_count_within_the_cell_source():
    (f,) = [f for f in analyse("nb.ipynb", NB, Options()).findings if f.code == "NM101"]
    source = "".join(json.loads(NB)["cells"][f.cell - 1]["source"])
    (e,) = f.fix.edits
    assert source[e.start:e.end] == "cuda"


def test_fix_writes_only_the_changed_source_strings():
    result = fix("nb.ipynb", NB, Options())
    assert result.error is None and result.data is not None
    old, new = NB.decode(), result.data.decode()
    changed = [(op, old.splitlines()[i1:i2], new.splitlines()[j1:j2])
               for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old.splitlines(), new.splitlines()).get_opcodes()
               if op != "equal"]
    # every changed JSON line is one source line of a code cell
    for _, before, after in changed:
        for line in before + after:
            assert re.fullmatch(r'    ".*",?', line), line
    doc = json.loads(new)
    assert "".join(doc["cells"][2]["source"]) == ('!nvidia-smi\nx = torch.zeros(3, device="neuron")\n'
                                                  'with torch.autocast("neuron"):\n    y = x.to("neuron")')
    assert doc["cells"][1]["source"] == ["%matplotlib inline\n", "import torch"]  # no trailing newline added
    assert "".join(doc["cells"][4]["source"]) == "%%time\ntorch.neuron.synchronize()"
    old_doc = json.loads(old)
    for i in (0, 3):
        assert doc["cells"][i] == old_doc["cells"][i]
    assert doc["metadata"] == old_doc["metadata"] and doc["cells"][2]["outputs"] == old_doc["cells"][2]["outputs"]
    again = fix("nb.ipynb", result.data, Options())
    assert again.data is None, "a second fix changed the notebook"


@pytest.mark.parametrize("dump", [
    {"indent": 2, "ensure_ascii": True},  # escaped non-ASCII
    {"indent": None, "separators": (",", ":")},  # one line
])
def test_formatting_outside_the_edits_is_kept(dump):
    data = notebook(cell("# café\nimport torch\nx = torch.zeros(1).cuda()  # é"), **dump)
    crlf = data.replace(b"\n", b"\r\n") if dump.get("indent") else data
    for raw in (data, crlf, codecs.BOM_UTF8 + data):
        result = fix("nb.ipynb", raw, Options())
        assert result.data is not None
        # the bytes that differ all lie inside the edited expression
        p = next(i for i, (a, b) in enumerate(zip(raw, result.data)) if a != b)
        s = next(i for i, (a, b) in enumerate(zip(raw[::-1], result.data[::-1])) if a != b)
        expr = raw.find(b"zeros(1).cuda()")
        assert expr <= p and len(raw) - s <= expr + len(b"zeros(1).cuda()")
        assert json.loads(result.data.decode("utf-8-sig"))["cells"][0]["source"][2] == 'x = torch.zeros(1).to("neuron")  # é'


def test_a_short_last_line_keeps_its_newline():
    """A fixed cell that ends in a one-character line (a call closed on a line of its own, as in
    tutorials' ``train_loop(\n    ...,\n)``) keeps that line: only a newline at the very end goes."""
    data = notebook(cell("import torch\nif torch.cuda.is_available():\n    n = 2\nprint(\n    n,\n)"))
    src = json.loads(fix("nb.ipynb", data, Options()).data)["cells"][0]["source"]
    assert src[-3:] == ["print(\n", "    n,\n", ")"]


def test_a_string_source_is_edited_in_place():
    doc = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 1,
                      "source": "import torch\ntorch.cuda.synchronize()"}], "metadata": {}, "nbformat": 4,
           "nbformat_minor": 4}
    data = json.dumps(doc).encode()
    result = fix("nb.ipynb", data, Options())
    assert result.data == data.replace(b"torch.cuda.synchronize", b"torch.neuron.synchronize")


def test_lines_are_added_and_removed_as_array_elements():
    data = notebook(cell("import torch.nn as nn\nfrom torch.cuda.amp import autocast\nwith autocast():\n    pass"))
    result = fix("nb.ipynb", data, Options())
    src = json.loads(result.data)["cells"][0]["source"]
    assert src == ["import torch.nn as nn\n", "import torch\n", 'with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n', "    pass"]
    data = notebook(cell("import torch\nfrom torch.cuda.amp import autocast\nwith autocast():\n    pass"))
    src = json.loads(fix("nb.ipynb", data, Options()).data)["cells"][0]["source"]
    assert src == ["import torch\n", 'with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n', "    pass"]


@pytest.mark.parametrize("data, why", [
    (b'{"cells": [', "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b'{"worksheets": []}', "nbformat 3"),
    (b"[1, 2]", "not a JSON object"),
    (b'{"cells": [{"cell_type": "code", "source": 3}]}', "neither a string"),
])
def test_unreadable_notebooks_are_findings(data, why):
    r = analyse("nb.ipynb", data, Options())
    assert [f.code for f in r.findings] == ["NM906"] and why in r.findings[0].message
    result = fix("nb.ipynb", data, Options())
    assert result.data is None and [f.code for f in result.remaining] == ["NM906"]


def test_other_languages_are_skipped():
    r = analyse("nb.ipynb", notebook(cell("x <- 1"), language="R"), Options())
    assert r.findings == () and "R" in r.skipped


def test_a_cell_that_is_not_python_is_a_finding_and_the_rest_is_scanned():
    data = notebook(cell("import torch\nx = torch.zeros(1).cuda()"), cell("def f(:\n    pass"),
                    cell("torch.cuda.synchronize()"))
    assert codes(analyse("nb.ipynb", data, Options())) == [(1, 2, 5, "NM102"), (2, 1, 7, "NM901"), (3, 1, 1, "NM103")]


def test_a_shell_line_continued_with_a_deeper_indent_is_one_placeholder():
    # a Colab setup cell: `%shell wget ... \\` inside an `if`, its URL on a line indented further
    data = notebook(cell("import torch\nif not done:\n    %shell wget -q -P /content \\\n"
                         "      https://example.org/props.txt\n    x = torch.zeros(1).cuda()"))
    assert codes(analyse("nb.ipynb", data, Options())) == [(1, 3, 1, "NM907"), (1, 5, 9, "NM102")]


def test_future_imports_in_later_cells():
    data = notebook(cell("import torch\nfrom torch.cuda.amp import autocast"),
                    cell("from __future__ import annotations\nwith autocast():\n    pass"))
    r = analyse("nb.ipynb", data, Options())
    assert [(f.cell, f.code) for f in r.findings] == [(1, "NM119"), (2, "NM105")]
    src = json.loads(fix("nb.ipynb", data, Options()).data)["cells"][1]["source"]
    assert src[0] == "from __future__ import annotations\n"  # still first in its cell


def test_import_torch_goes_after_a_future_import():
    data = notebook(cell("from __future__ import annotations\nfrom torch.cuda.amp import autocast\nimport os"),
                    cell("with autocast():\n    pass"))
    result = fix("nb.ipynb", data, Options())
    assert json.loads(result.data)["cells"][0]["source"][:2] == ["from __future__ import annotations\n",
                                                                  "import torch\n"]


def test_a_fix_that_would_stop_a_cell_compiling_is_refused(monkeypatch):
    import dataclasses

    import neuron_migrate.fix as fixmod
    from neuron_migrate.models import Applicability, Edit, Finding, Fix, Severity

    real = fixmod.analyse_source

    def analyse(src, options):  # a fix that parses but does not compile: `return` outside a function
        r = real(src, options)
        if "return" in src.text:
            return r
        bad = Finding("NM101", "fake", Severity.ERROR, "device", src.path, 1, 1, 1, 1, "fake",
                      Fix("fake", Applicability.SAFE, (Edit(0, 0, "return\n"),)))
        return dataclasses.replace(r, findings=r.findings + (bad,))

    monkeypatch.setattr(fixmod, "analyse_source", analyse)
    data = notebook(cell("import torch\ntorch.cuda.synchronize()"))
    result = fix("nb.ipynb", data, Options())
    assert result.data is None and "would not compile" in result.error


def test_writefile_cells_are_modules_of_their_own():
    data = notebook(cell("%%writefile train.py\nimport torch\nm = torch.nn.Linear(1, 1).cuda()"))
    result = fix("nb.ipynb", data, Options())
    assert json.loads(result.data)["cells"][0]["source"][-1] == 'm = torch.nn.Linear(1, 1).to("neuron")'


def test_a_fix_on_an_ipython_line_is_refused():
    data = notebook(cell("import torch\nx = %time torch.zeros(1).cuda()"))
    r = analyse("nb.ipynb", data, Options())
    assert [f.code for f in r.findings] == ["NM907"]  # the magic line is not analysed at all


def test_cli_reports_cells(tmp_path, capsys):
    path = tmp_path / "nb.ipynb"
    path.write_bytes(NB)
    assert main(["scan", str(path)]) == 1
    out = capsys.readouterr().out
    assert "cell 3:line 2:27 NM101" in out and 'x = torch.zeros(3, device="cuda")' in out
    main(["scan", str(path), "-f", "json"])
    doc = json.loads(capsys.readouterr().out)
    f = next(f for f in doc["findings"] if f["code"] == "NM101")
    assert (f["path"], f["cell"], f["line"], f["column"]) == ("nb.ipynb", 3, 2, 27)
    assert list(f)[:7] == ["code", "rule", "severity", "category", "path", "cell", "line"]
    main(["fix", str(tmp_path)])
    out, err = capsys.readouterr()
    assert '+    "x = torch.zeros(3, device=\\"neuron\\")\\n",' in out
    assert "nb.ipynb:cell 2:line 1:1" in err  # what is left, with its cell
    assert main(["fix", str(tmp_path), "--apply", "-q"]) == 0
    assert main(["fix", str(tmp_path), "--check", "-q"]) == 0
    capsys.readouterr()


def test_checkpoints_are_not_scanned(tmp_path, capsys):
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "nb-checkpoint.ipynb").write_bytes(NB)
    assert main(["scan", str(tmp_path), "-q"]) == 0
    capsys.readouterr()


@settings(max_examples=300, deadline=None)
@given(st.text(), st.text(), st.booleans())
def test_string_tokens_are_edited_character_by_character(old, new, ascii_only):
    token = json.dumps(old, ensure_ascii=ascii_only)
    text = "[" + token + "]"
    e = _string_edit(text, _Str(1, 1 + len(token)), new, ascii_only)
    out = splice(text, [e]) if e else text
    assert json.loads(out) == [new]
    assert out.startswith("[") and out.endswith("]")
