"""Decoding, positions and write-back of source files."""

import codecs

import pytest

from neuron_migrate.source import SourceError, SourceFile
from neuron_migrate.testing import findings_of


def test_bom_and_crlf_round_trip():
    data = codecs.BOM_UTF8 + b'import torch\r\nx = torch.zeros(1, device="cuda")\r\n'
    src = SourceFile.from_bytes("a.py", data)
    assert src.bom and src.newline == "\r\n"
    assert src.encode(src.text) == data


def test_latin1_cookie():
    data = '# -*- coding: latin-1 -*-\ns = "café"\n'.encode("latin-1")
    src = SourceFile.from_bytes("a.py", data)
    assert src.encoding == "iso-8859-1" and "café" in src.text
    assert src.encode(src.text) == data


@pytest.mark.parametrize("data", [b"\x00\x01binary", b"# coding: utf-8\nx = '\xff\xfe'\n",
                                  b"# coding: no-such-codec\n"])
def test_bad_bytes_raise_source_error(data):
    with pytest.raises(SourceError) as info:
        SourceFile.from_bytes("a.py", data)
    assert info.value.code == "NM902"


def test_columns_count_characters_not_bytes():
    code = 'import torch\nx = ("é", torch.zeros(1, device="cuda"))\n'
    (f,) = findings_of(code)
    line = code.splitlines()[1]
    assert line[f.column - 1:f.end_column - 1] == '"cuda"'


def test_offsets_handle_lone_carriage_returns():
    src = SourceFile("a.py", "a = 1\rb = 2\r\nc = 3\n")
    assert src.line_starts == [0, 6, 13, 19]
    assert src.line_text(2) == "b = 2"


@pytest.mark.parametrize("text", ["", "a", "a\n", "a\nb", "a\n\n", "\n", "a\r\nb", "x\ry\n", "a\nb\n\n\n",
                                  "a\r", "é\n\n", "a\n\r\n"])
def test_line_count_before_and_after_the_offsets(text):
    # counted from the newlines when no offsets were made: the same count as from line_starts
    fresh, made = SourceFile("a.py", text), SourceFile("a.py", text)
    made.line_starts
    assert fresh.line_count == made.line_count == len(made.line_starts) - text.endswith(("\n", "\r"))
    assert "line_starts" not in fresh.__dict__ or "\r" in text
