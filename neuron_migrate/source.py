"""A source file as bytes and as text, with what is needed to write it back unchanged.

Columns from ``ast`` count UTF-8 bytes within a line; findings and edits use
character offsets into the decoded text. This module is the one place that
converts between the two.
"""

from __future__ import annotations

import codecs
import io
import re
import sys
import tokenize
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, count, islice
from operator import add
from pathlib import Path

_NEWLINE = re.compile(r"\r\n|\r|\n")


class SourceError(Exception):
    """A file that cannot be turned into text. ``code`` is its NM9xx finding code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# Python 3.12's type parameters and aliases (PEP 695): ``type X = ...``, ``class C[T]:``,
# ``def f[T](...)``, on the line the parser stopped at
_TYPE_PARAMS = re.compile(r"\s*(?:type\s+\w+\s*(?:\[.*\])?\s*=|class\s+\w+\s*\[|(?:async\s+)?def\s+\w+\s*\[)")


def syntax_error_text(exc: SyntaxError) -> str:
    """The NM901 message. Python 3.12 reads f-strings anew (PEP 701: quotes of the same kind
    nested, backslashes, comments) and has type parameters (PEP 695: ``type X = ...``,
    ``class C[T]:``), so a file written for it fails to parse on an older interpreter: say so,
    rather than call the user's code wrong."""
    text = f"syntax error: {exc.msg}"
    if sys.version_info >= (3, 12):
        return text
    this = f"run neuron-migrate under Python 3.12+; this one is {sys.version_info.major}.{sys.version_info.minor}"
    if exc.msg.startswith("f-string"):
        text += f" (Python 3.12 reads f-strings more freely, PEP 701: if the file is written for it, {this})"
    elif _TYPE_PARAMS.match(exc.text or ""):  # lerobot's `type FeatureDict = dict[...]`, `class Backtrackable[T]:`
        text += f" (Python 3.12 syntax: type parameters and aliases, PEP 695: {this})"
    return text


@dataclass
class SourceFile:
    path: str  # relative to the scan root, forward slashes
    text: str
    encoding: str = "utf-8"
    bom: bool = False

    @classmethod
    def from_bytes(cls, path: str, data: bytes) -> SourceFile:
        if b"\0" in data:
            raise SourceError("NM902", "file holds NUL bytes: binary data, not Python source")
        bom = data.startswith(codecs.BOM_UTF8)
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        except SyntaxError as exc:
            raise SourceError("NM902", f"cannot determine the encoding: {exc}") from None
        if encoding == "utf-8-sig":
            encoding = "utf-8"
        body = data[len(codecs.BOM_UTF8):] if bom else data
        try:
            text = body.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise SourceError("NM902", f"cannot decode as {encoding}: {exc}") from None
        return cls(path=path, text=text, encoding=encoding, bom=bom)

    def encode(self, text: str) -> bytes:
        """Bytes for ``text`` in this file's own encoding and BOM."""
        data = text.encode(self.encoding)
        return codecs.BOM_UTF8 + data if self.bom else data

    @cached_property
    def line_starts(self) -> list[int]:
        text = self.text
        if "\r" in text:
            return [0, *(m.end() for m in _NEWLINE.finditer(text))]
        # "\n" alone: the same offsets from the lengths of the lines, without a Python loop
        lines = text.split("\n")
        return [0, *islice(map(add, accumulate(map(len, lines)), count(1)), len(lines) - 1)]

    @cached_property
    def names_text(self) -> str:
        """The text as Python reads its names: NFKC-normalised where it is not ASCII (a name
        spelt with compatibility letters, ``ｆｏｏ``, is ``foo``). A name of the file is in it
        as the tree has it; a search of it that finds no name finds none in the tree."""
        if self.text.isascii():
            return self.text
        import unicodedata

        return unicodedata.normalize("NFKC", self.text)

    @property
    def line_count(self) -> int:
        text = self.text
        if "line_starts" not in self.__dict__ and "\r" not in text:
            # "\n" alone: as many lines as line_starts has offsets, without making them (most files
            # analysed need no offset: they have no finding)
            return text.count("\n") + (0 if text.endswith("\n") else 1)
        return len(self.line_starts) - (1 if text.endswith(("\n", "\r")) else 0)

    @cached_property
    def newline(self) -> str:
        m = _NEWLINE.search(self.text)
        return m.group() if m else "\n"

    def line_text(self, line: int) -> str:
        """Line ``line`` (1-based) without its line ending."""
        starts = self.line_starts
        if not 1 <= line <= len(starts):
            return ""
        end = starts[line] if line < len(starts) else len(self.text)
        return self.text[starts[line - 1]:end].rstrip("\r\n")

    def char_column(self, line: int, byte_col: int) -> int:
        """0-based character column of a 0-based UTF-8 byte column."""
        text = self.line_text(line)
        if text.isascii():
            return byte_col
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="replace"))

    def offset(self, line: int, byte_col: int) -> int:
        """Character offset into ``text`` of an ``ast`` position."""
        return self.line_starts[line - 1] + self.char_column(line, byte_col)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and 0-based character column of a character offset."""
        import bisect

        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1]


def file_lines(path: Path) -> list[str]:
    """A file's lines as findings number them (split at \\r\\n, \\r and \\n only, not at
    form feeds), decoded as UTF-8 with replacement; empty when it cannot be read. For
    showing and fingerprinting a finding's line after the analysis."""
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        return []
    return text.split("\n") if "\r" not in text else _NEWLINE.split(text)  # str.split: 5x faster
