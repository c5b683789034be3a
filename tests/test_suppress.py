"""Inline suppressions: `# neuron-migrate: ignore[...]`, unused ones (NM905) and their fix."""

import pytest

from neuron_migrate.engine import analyse_source
from neuron_migrate.models import Options
from neuron_migrate.source import SourceFile
from neuron_migrate.testing import findings_of, fixed

GRAPH = "torch.cuda.CUDAGraph()"  # NM104, an error with no fix


def codes(code: str, options: Options = Options()) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in findings_of(code, options=options)]


def test_code_in_brackets_suppresses_that_code_on_the_line():
    src = f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM104]\nh = {GRAPH}\n"
    assert codes(src) == [(3, "NM104")]
    result = analyse_source(SourceFile("input.py", src), Options())
    assert result.suppressed == 1


def test_bare_ignore_suppresses_every_code_on_the_line():
    src = 'import torch\nx = torch.zeros(3).cuda(); g = torch.cuda.CUDAGraph()  # neuron-migrate: ignore\n'
    assert codes(src) == []


def test_several_codes_and_spacing_variants():
    src = ('import torch\nx = torch.zeros(3, device="cuda"); g = torch.cuda.CUDAGraph()'
           '  #neuron-migrate:ignore[NM101, nm104]\n')
    assert codes(src) == []


def test_another_code_does_not_suppress_and_is_reported_unused():
    src = f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM101]\n"
    found = findings_of(src)
    assert [(f.line, f.code) for f in found] == [(2, "NM104"), (2, "NM905")]
    nm905 = found[1]
    assert "NM101" in nm905.message and nm905.severity.label == "warning"
    assert nm905.column == src.splitlines()[1].index("#") + 1


def test_partly_used_directive_reports_only_the_unused_code():
    src = f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM104,NM101]\n"
    found = findings_of(src)
    assert [f.code for f in found] == ["NM905"]
    assert "NM101" in found[0].message and "NM104" not in found[0].message
    assert fixed(src) == f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM104]\n"


def test_unknown_code_says_so():
    found = findings_of("x = 1  # neuron-migrate: ignore[NM000]\n")
    assert [f.code for f in found] == ["NM905"]
    assert "NM000: no such rule" in found[0].message


@pytest.mark.parametrize("comment, why", [
    ("# neuron-migrate: ignroe", "malformed"),
    ("# neuron-migrate: ignore-file", "malformed"),
    ("# neuron-migrate: ignore[]", "empty code list"),
    ("# neuron-migrate: ignore[E501]", "not a rule code"),
])
def test_malformed_directive_is_reported_and_suppresses_nothing(comment, why):
    found = findings_of(f"import torch\ng = {GRAPH}  {comment}\n")
    assert [f.code for f in found] == ["NM104", "NM905"]
    assert why in found[1].message
    assert found[1].fix is None


def test_marker_inside_a_string_is_not_a_directive():
    src = f'import torch\ng = {GRAPH}; s = "# neuron-migrate: ignore"\n'
    assert codes(src) == [(2, "NM104")]


def test_prose_mentioning_the_tool_is_not_a_directive():
    assert codes("# run neuron-migrate: it finds CUDA code\nx = 1\n") == []


def test_finding_over_several_lines_is_suppressed_from_its_first_line():
    first = "import torch\ng = torch.cuda.CUDAGraph(  # neuron-migrate: ignore[NM104]\n)\n"
    assert codes(first) == []
    last = "import torch\ng = torch.cuda.CUDAGraph(\n)  # neuron-migrate: ignore[NM104]\n"
    assert codes(last) == [(2, "NM104"), (3, "NM905")]


def test_file_without_cuda_markers_still_reports_unused_directive():
    assert codes("x = 1  # neuron-migrate: ignore\n") == [(1, "NM905")]


def test_narrowing_the_selection_never_makes_a_suppression_unused():
    src = f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM104]\n"
    assert codes(src, Options(select=("NM905",))) == []
    assert codes(src, Options(ignore=("NM104",))) == []


def test_unused_suppression_can_itself_be_ignored():
    assert codes("x = 1  # neuron-migrate: ignore\n", Options(ignore=("NM905",))) == []


@pytest.mark.parametrize("before, after", [
    # trailing directive: removed with the spaces before it
    ("x = 1  # neuron-migrate: ignore\n", "x = 1\n"),
    # comment-only line: the whole line goes
    ("a = 1\n    # neuron-migrate: ignore[NM104]\nb = 2\n", "a = 1\nb = 2\n"),
    # another comment after it stays where it was
    ("x = 1  # neuron-migrate: ignore[NM104]  # noqa: E501\n", "x = 1  # noqa: E501\n"),
    # another comment before it stays
    ("x = 1  # noqa: E501  # neuron-migrate: ignore\n", "x = 1  # noqa: E501\n"),
    # CRLF line endings are kept
    ("a = 1\r\n# neuron-migrate: ignore\r\nb = 2\r\n", "a = 1\r\nb = 2\r\n"),
])
def test_fix_removes_the_unused_directive(before, after):
    assert fixed(before) == after
    assert fixed(after) == after


def test_no_fix_when_free_text_follows_the_directive():
    src = "x = 1  # neuron-migrate: ignore[NM104] kept for the CUDA build\n"
    found = findings_of(src)
    assert [f.code for f in found] == ["NM905"] and found[0].fix is None
    assert fixed(src) == src


def test_a_reason_after_a_used_directive_is_fine():
    src = f"import torch\ng = {GRAPH}  # neuron-migrate: ignore[NM104] CUDA build only\n"
    assert codes(src) == []


def test_suppressed_findings_are_not_fixed():
    src = 'import torch\nx = torch.zeros(3).cuda()  # neuron-migrate: ignore[NM102]\n'
    assert codes(src) == []
    assert fixed(src) == src


def test_file_that_does_not_parse_is_never_suppressed():
    src = "print 'x'  # neuron-migrate: ignore\n"
    assert codes(src) == [(1, "NM901")]
