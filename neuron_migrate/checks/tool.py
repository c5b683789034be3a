"""NM9xx: files the tool could not analyse. A gate must never pass by skipping a file."""

from __future__ import annotations

from neuron_migrate.checks import rule

_NOT_ANALYSED = "The file was not analysed, so nothing in it is known to be ready for Neuron."

NM901 = rule(
    "NM901", "syntax-error", "error", "tool",
    summary="the file is not valid Python 3 and was not analysed",
    why=_NOT_ANALYSED + " Python 2 code and half-written files land here.",
    example="print 'hello'", use_instead="print('hello')", fix="none",
    fix_reason="the tool never rewrites a file it cannot parse",
)
NM902 = rule(
    "NM902", "undecodable-file", "error", "tool",
    summary="the file could not be decoded as text and was not analysed",
    why=_NOT_ANALYSED + " Binary files named .py, NUL bytes, or bytes that do not match the"
    " declared encoding (PEP 263 coding cookie) land here.",
    example="# -*- coding: latin-1 -*-  (followed by bytes that are not latin-1)",
    use_instead="save the file in the encoding its coding cookie declares", fix="none",
    fix_reason="the tool never rewrites a file it cannot decode",
)
NM903 = rule(
    "NM903", "too-complex", "error", "tool",
    summary="the file is nested too deeply for the Python parser and was not analysed",
    why=_NOT_ANALYSED, example="x = ((((((((...))))))))  # thousands of levels",
    use_instead="split the expression", fix="none",
)
NM904 = rule(
    "NM904", "unreadable-file", "error", "tool",
    summary="the file, or a folder holding files, could not be read",
    why=_NOT_ANALYSED + " Permissions, files deleted during the scan and special files land here,"
    " and so do folders that cannot be listed (no read permission, a path longer than the"
    " operating system allows): whatever they hold was not analysed.",
    example="(a file without read permission)", use_instead="make the file readable", fix="none",
)
NM905 = rule(
    "NM905", "unused-suppression", "warning", "tool",
    summary="a `# neuron-migrate: ignore` comment that suppresses nothing",
    why="A suppression outlives the code it was written for: once the finding is gone (or the"
    " code in brackets is mistyped or unknown) it only hides the next real finding on that line."
    " Malformed directives land here too, so a typo never silently disables the gate.",
    example="x = torch.zeros(3)  # neuron-migrate: ignore[NM101]",
    use_instead="x = torch.zeros(3)", fix="safe",
    fix_reason="removes the unused comment (or the unused codes in its brackets); no fix when"
    " free text follows the directive in the same comment",
)
NM906 = rule(
    "NM906", "unreadable-notebook", "error", "tool",
    summary="the .ipynb file is not a Jupyter notebook the tool can read",
    why=_NOT_ANALYSED + " Invalid JSON (often a merge conflict left in the file), a notebook that"
    " is not UTF-8, or the old nbformat 3 layout land here.",
    example='{"cells": [  (a notebook cut off in the middle)',
    use_instead="a notebook saved by Jupyter (nbformat 4)", fix="none",
    fix_reason="the tool never rewrites a notebook it cannot read",
)
NM907 = rule(
    "NM907", "notebook-ipython-line", "info", "tool",
    summary="IPython magic, shell line or non-Python cell in a notebook: not analysed",
    why="`%magic`, `!shell` and `obj?` lines, and cells such as `%%bash`, are IPython syntax, not"
    " Python; they are skipped (the other lines keep their numbers), so a CUDA reference in them"
    " (`!nvidia-smi` aside) is not seen.",
    example="%timeit model(x)", use_instead="check IPython lines by hand", fix="none",
    fix_reason="IPython lines are never rewritten",
)

NM999 = rule(
    "NM999", "analysis-failed", "error", "tool",
    summary="the tool failed while analysing the file, which was not analysed",
    why=_NOT_ANALYSED + " This is a bug in neuron-migrate, not in the file: the scan goes on with"
    " the other files and the gate still fails. Please report it with the message, which names"
    " the check that failed.",
    example="(any file that makes a check fail)",
    use_instead="report the bug; `--exclude` the file until it is fixed", fix="none",
    fix_reason="the tool never rewrites a file it could not analyse",
)
