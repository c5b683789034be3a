"""Gitignore patterns, matched as git matches them (gitignore(5) and git's wildmatch).

Used for ``.gitignore`` files, ``--exclude``/``exclude`` and per-file-ignores. The last
pattern that matches a path decides (``!`` re-includes), and a path inside an ignored folder
is ignored whatever follows: git never looks inside that folder.

Most patterns are a plain name (``build/``), a suffix (``*.pyc``), a prefix (``.coverage*``)
or a plain path (``docs/_build/``); those are looked up without regular expressions. The
rest are translated to one alternation each for names and for paths, compiled on first use:
a warm scan of a tree with a 100-line ``.gitignore`` spends its time scanning, not compiling
a hundred expressions.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

_GLOB = frozenset("*?[\\")


@dataclass(frozen=True)
class Pattern:
    text: str  # the line as written
    body: str  # without "!", the leading and trailing "/" and unescaped trailing spaces
    negated: bool
    dir_only: bool  # ended in "/": matches folders only
    anchored: bool  # held a "/" before its end: relative to the .gitignore's folder


def parse_line(line: str) -> Pattern | None:
    """One line of a gitignore file; None for a blank line or a comment."""
    text = line.rstrip("\r\n")
    body = text
    if not body or body.startswith("#"):
        return None
    while body.endswith(" ") and not body.endswith("\\ "):
        body = body[:-1]  # trailing spaces are dropped unless escaped
    negated = body.startswith("!")
    if negated:
        body = body[1:]
    dir_only = body.endswith("/")
    if dir_only:
        body = body[:-1]  # one slash only: "src//" is "src/" for folders, which matches nothing
    anchored = "/" in body
    body = body.lstrip("/")
    if not body:
        return None  # "/" or "!" alone matches nothing
    return Pattern(text, body, negated, dir_only, anchored)


def _literal(body: str) -> str | None:
    """``body`` as plain text when it holds no wildcard (escapes resolved), else None."""
    if not any(c in _GLOB for c in body):
        return body
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            out.append(body[i + 1])
            i += 2
        elif c in _GLOB:
            return None
        else:
            out.append(c)
            i += 1
    return "".join(out)


def translate(body: str) -> str | None:
    """The regular expression for a pattern body (matched against a whole relative path with
    ``fullmatch``), or None for a pattern that can never match (an unclosed ``[``, as in git).

    It never backtracks more than linearly: ``a/**/**/b`` is ``a/**/b``, and a run of folders
    between two ``**`` (or of characters between two ``*`` in a name) is matched at its
    earliest place and never tried again (an atomic group): were a later place to work, the
    earliest would too, since what follows needs only room. A backtracking match of
    ``**/**/…/x`` took 68 s for 20 segments."""
    parts: list[str] = []
    for part in body.split("/"):
        if not (part == "**" and parts[-1:] == ["**"]):
            parts.append(part)
    if parts == ["**"]:
        return ".*"  # "**" alone: everything
    out: list[str] = []
    pending: list[str] | None = None  # the folders since the last "**", matched atomically
    for n, part in enumerate(parts):
        last = n == len(parts) - 1
        if part == "**":
            if pending is not None:
                out.append(_atomic("(?:.*?/)??" + "".join(pending)))
            if last:
                out.append(".*")  # trailing "/**": everything inside (after the "/" before it)
                return "".join(out)
            pending = []  # "**/" or "a/**/b": zero or more folders here
            continue
        piece = _translate_part(part)
        if piece is None:
            return None
        piece += "" if last else "/"
        (out if pending is None else pending).append(piece)
    if pending is not None:
        out.append("(?:.*/)?" + "".join(pending))  # the last run: where it ends is fixed
    return "".join(out)


_names = itertools.count()


def _atomic(expr: str) -> str:
    """``expr`` matched once, at its first match, never tried again: ``(?>expr)``, written as a
    lookahead and a back-reference for Python 3.10."""
    name = f"a{next(_names)}"
    return f"(?=(?P<{name}>{expr}))(?P={name})"


def _translate_part(part: str) -> str | None:
    """One path component: ``*`` and ``?`` stop at "/", ``[...]`` is a class, ``\\x`` is x.
    The text between two ``*`` is matched atomically (see ``translate``)."""
    chunks: list[list[str]] = [[]]  # the pieces between the stars
    i, n = 0, len(part)
    while i < n:
        c = part[i]
        i += 1
        if c == "*":
            while i < n and part[i] == "*":
                i += 1  # "**" inside a component is an ordinary "*"
            chunks.append([])
        elif c == "?":
            chunks[-1].append("[^/]")
        elif c == "\\":
            if i == n:
                return None  # a trailing backslash: git's wildmatch matches nothing
            chunks[-1].append(re.escape(part[i]))
            i += 1
        elif c == "[":
            cls, i = _bracket(part, i)
            if cls is None:
                return None
            chunks[-1].append(cls)
        else:
            chunks[-1].append(re.escape(c))
    out = ["".join(chunks[0])]
    for k, chunk in enumerate(chunks[1:], 1):
        text = "".join(chunk)
        if k < len(chunks) - 1 and text:
            out.append(_atomic("[^/]*?" + text))
        else:
            out.append("[^/]*" + text)
    return "".join(out)


_POSIX = {"alnum": "a-zA-Z0-9", "alpha": "a-zA-Z", "blank": " \\t", "cntrl": "\\x00-\\x1f\\x7f",
          "digit": "0-9", "graph": "!-~", "lower": "a-z", "print": " -~", "punct": "!-/:-@\\[-`{-~",
          "space": " \\t\\n\\r\\f\\v", "upper": "A-Z", "xdigit": "0-9A-Fa-f"}


def _bracket(part: str, i: int) -> tuple[str | None, int]:
    """A ``[...]`` class starting after its "[" at ``i``: (expression, index after "]")."""
    n = len(part)
    negate = i < n and part[i] in "!^"
    if negate:
        i += 1
    items: list[str] = []
    first = True
    while i < n:
        c = part[i]
        if c == "]" and not first:
            body = "".join(items)
            if not body:  # only reversed ranges such as [z-a]: no character is in it
                return ("[^/]" if negate else "(?!)"), i + 1
            return (f"[^/{body}]" if negate else f"(?!/)[{body}]"), i + 1
        first = False
        if c == "[" and part.startswith("[:", i):
            end = part.find(":]", i + 2)
            name = part[i + 2:end] if end != -1 else ""
            if name in _POSIX:
                items.append(_POSIX[name])
                i = end + 2
                continue
        if c == "\\" and i + 1 < n:
            i += 1
            c = part[i]
        if i + 2 < n and part[i + 1] == "-" and part[i + 2] != "]":
            hi = part[i + 2]
            j = i + 2
            if hi == "\\" and j + 1 < n:
                j += 1
                hi = part[j]
            if ord(hi) >= ord(c):
                items.append(f"{re.escape(c)}-{re.escape(hi)}")
            i = j + 1
            continue
        items.append(re.escape(c))
        i += 1
    return None, i  # no closing "]": git's wildmatch gives up on the pattern


class IgnoreSpec:
    """The patterns of one gitignore file (or a list of exclude patterns), for paths relative
    to its folder written with "/"."""

    def __init__(self, lines: list[str]):
        self.patterns = [p for p in map(parse_line, lines) if p is not None]
        # plain names and paths: name -> indexes of the patterns that are exactly it
        self._names: dict[str, list[int]] = {}
        self._paths: dict[str, list[int]] = {}
        self._suffixes: list[tuple[str, int]] = []  # "*.pyc": name ends with ".pyc"
        self._prefixes: list[tuple[str, int]] = []  # ".coverage*": name starts with ".coverage"
        self._name_exprs: list[tuple[str, int]] = []  # other patterns without a "/", on the name
        self._path_exprs: list[tuple[str, int]] = []  # patterns with a "/", on the whole path
        for i, p in enumerate(self.patterns):
            literal = _literal(p.body)
            if literal is not None:
                (self._paths if p.anchored else self._names).setdefault(literal, []).append(i)
                continue
            if not p.anchored:
                rest = p.body[1:]
                if p.body.startswith("*") and _literal(rest) == rest and rest:
                    self._suffixes.append((rest, i))
                    continue
                head = p.body[:-1]
                if p.body.endswith("*") and _literal(head) == head and head:
                    self._prefixes.append((head, i))
                    continue
            expr = translate(p.body)
            if expr is not None:
                (self._path_exprs if p.anchored else self._name_exprs).append((expr, i))
        self._suffix_tuple = tuple(s for s, _ in self._suffixes)
        self._prefix_tuple = tuple(s for s, _ in self._prefixes)
        self._compiled: dict[tuple[bool, bool], re.Pattern | None] = {}
        self._folders: dict[str, bool] = {}  # folder path -> ignored (its ancestors included)

    def ignored(self, path: str, is_dir: bool = False) -> bool:
        """Whether git would ignore ``path`` with these patterns alone: it or a folder above
        it is matched last by a pattern without "!"."""
        cut = path.rfind("/")
        if cut != -1 and self._folder_ignored(path[:cut]):
            return True
        return bool(self.match(path, is_dir))

    def _folder_ignored(self, folder: str) -> bool:
        hit = self._folders.get(folder)
        if hit is None:
            hit = self._folders[folder] = self.ignored(folder, True)
        return hit

    def match(self, path: str, is_dir: bool = False) -> bool | None:
        """The verdict of the last pattern matching ``path`` itself (folders above it aside):
        True to ignore it, False to keep it ("!"), None when no pattern matches."""
        pats = self.patterns
        name = path[path.rfind("/") + 1:]
        best = -1
        for i in self._names.get(name, ()):
            if i > best and (is_dir or not pats[i].dir_only):
                best = i
        for i in self._paths.get(path, ()):
            if i > best and (is_dir or not pats[i].dir_only):
                best = i
        if self._suffix_tuple and name.endswith(self._suffix_tuple):
            for s, i in self._suffixes:
                if i > best and name.endswith(s) and (is_dir or not pats[i].dir_only):
                    best = i
        if self._prefix_tuple and name.startswith(self._prefix_tuple):
            for s, i in self._prefixes:
                if i > best and name.startswith(s) and (is_dir or not pats[i].dir_only):
                    best = i
        for on_path in (False, True):
            found = self._last_expression(path if on_path else name, on_path, is_dir)
            if found > best:
                best = found
        return None if best < 0 else not pats[best].negated

    def _last_expression(self, text: str, on_path: bool, is_dir: bool) -> int:
        """The index of the last pattern among the translated ones that matches ``text``."""
        key = (on_path, is_dir)
        if key not in self._compiled:
            exprs = [(e, i) for e, i in (self._path_exprs if on_path else self._name_exprs)
                     if is_dir or not self.patterns[i].dir_only]
            # last pattern first: the first alternative to match is the one that decides
            exprs.reverse()
            self._compiled[key] = re.compile("|".join(f"(?P<p{i}>{e})" for e, i in exprs),
                                             re.DOTALL) if exprs else None
        compiled = self._compiled[key]
        if compiled is None:
            return -1
        m = compiled.fullmatch(text)
        return -1 if m is None else int(m.lastgroup[1:])
