"""`neuron-migrate server`: a Language Server (LSP over stdio) for editors.

Each open document is analysed by the same engine as `scan` (with the same config, and the
scan cache when the text is what it holds) on open, change and save; its findings are
published as diagnostics. A finding's fix is a quick fix (an unsafe one says so in its title,
with its reason), and "fix all" applies what `fix` would, import changes included. Hovering a
finding shows `explain` for its rule.

A file is judged as the project is, as `scan` judges it: the functions traced into it from
other files and the findings of installed libraries reported at its lines come from a scan of
the workspace folder (with the scan cache), made in the background when a file of it is first
opened and again after each save, never on a keystroke; between two scans the library
findings move with the lines the editor changes. Until the first scan is done, an unused
suppression that such findings might use is not reported (it may not be unused).

Notebooks are not served (editors open them as notebook documents, not text).
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from neuron_migrate import __version__
from neuron_migrate.models import Applicability, Finding

SOURCE = "neuron-migrate"
FIX_ALL = "source.fixAll.neuron-migrate"
_SEVERITY = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning,
             "info": lsp.DiagnosticSeverity.Information}
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


@dataclass
class Analysed:
    """A document's text as analysed, its findings, and what each needs to be placed."""

    version: int | None
    text: str
    path: Path
    rel: str
    options: object
    findings: list[Finding] = field(default_factory=list)
    root: Path | None = None  # the workspace folder whose project facts it was analysed with


@dataclass
class Project:
    """A workspace folder as its last scan saw it: the functions traced into each file from
    other files (``Options.traced_roots``), the libraries' findings reported at each file's
    lines, and the text each such file had then (to move them with an editor's edits)."""

    roots: tuple = ()
    landed: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    cuda_only: tuple = ()  # Options.cuda_only: files importing a CUDA-only library through others
    own_packages: tuple = ()  # Options.own_packages: the folder's top-level packages

    def rooted(self, options, rel: str, kind: str, text: str):
        """``runner.scan_text``'s ``rooted`` for the file ``rel`` holding ``text``: None when
        nothing is traced into it from elsewhere, no library finding lands on it and it imports
        no CUDA-only library through another module."""
        roots = [r for r in self.roots if r[0] == rel]
        landed = self.landed.get(rel, ())
        if landed and self.texts.get(rel) != text:
            landed = _moved(landed, self.texts.get(rel, ""), text)
        cuda_only = any(p == rel for p, _ in self.cuda_only)
        if not roots and not landed and not cuda_only:
            return None
        from neuron_migrate.runner import cuda_only_kind, rooted_kind

        if cuda_only:
            options, kind = dataclasses.replace(options, cuda_only=self.cuda_only), cuda_only_kind(kind, rel, self.cuda_only)
        if not roots and not landed:
            return options, kind
        return (dataclasses.replace(options, traced_roots=self.roots, landed=((rel, landed),) if landed else ()),
                rooted_kind(kind, roots, landed))


class Server(LanguageServer):
    def __init__(self) -> None:
        super().__init__(SOURCE, __version__)
        self.documents: dict[str, Analysed] = {}
        self.projects: dict[Path, Project] = {}  # workspace folder -> its last scan's facts
        self.scanning: dict[Path, bool] = {}  # folder -> a scan runs (True: another is wanted after it)

    # -- analysis -------------------------------------------------------------------------------

    def root(self, path: Path) -> Path:
        """The folder paths are relative to: the workspace folder that holds the file, as
        `neuron-migrate scan .` run there (its config and cache), else the file's folder."""
        return self.workspace_folder(path) or path.parent

    def workspace_folder(self, path: Path) -> Path | None:
        for folder in self.workspace.folders.values():
            top = to_fs_path(folder.uri)
            if top and path.is_relative_to(top):
                return Path(top)
        top = self.workspace.root_path
        return Path(top) if top and path.is_relative_to(top) else None

    # -- the project ----------------------------------------------------------------------------

    def project(self, folder: Path) -> Project | None:
        """The folder's facts from its last scan; None while the first one runs (started here)."""
        found = self.projects.get(folder)
        if found is None:
            self.rescan(folder)
        return found

    def rescan(self, folder: Path) -> None:
        """Scan the folder in a process of its own (one scan at a time per folder; asked for
        during one, another runs after it), then publish again the open files whose findings
        changed. A process, not a thread: the editor's analyses never wait for the scan's
        share of the interpreter, the scan may use a pool, and the server's exit ends it."""
        import multiprocessing

        if folder in self.scanning:
            self.scanning[folder] = True
            return
        self.scanning[folder] = False
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: forking a server's threads is not safe
        mine, theirs = context.Pipe(duplex=False)
        process = context.Process(target=_scan_into, args=(folder, theirs), name=f"{SOURCE} scan", daemon=True)
        process.start()
        theirs.close()
        loop = asyncio.get_running_loop()

        def wait() -> None:  # blocks on the pipe only (any event loop, Windows' too), then hands over
            try:
                found, error = mine.recv()
            except (EOFError, OSError) as exc:  # the process died (killed, out of memory)
                found, error = Project(), repr(exc)
            mine.close()
            process.join()
            try:
                loop.call_soon_threadsafe(self.scanned, folder, found, error)
            except RuntimeError:  # the server stopped meanwhile (its loop is closed)
                pass

        threading.Thread(target=wait, name=f"{SOURCE} scan result", daemon=True).start()

    def scanned(self, folder: Path, found: Project, error: str) -> None:
        if error:
            self.window_log_message(lsp.LogMessageParams(
                lsp.MessageType.Warning, f"{SOURCE}: scanning {folder} failed ({error}): each file is judged alone"))
        self.projects[folder] = found
        again = self.scanning.pop(folder)
        self.refresh(folder)
        if again:
            self.rescan(folder)

    def refresh(self, folder: Path) -> None:
        for uri, state in list(self.documents.items()):
            if state.root == folder:
                self.publish(uri, unless=state.findings)

    def analyse(self, uri: str) -> Analysed | None:
        from neuron_migrate.config import ConfigError, settings
        from neuron_migrate.discover import file_kind
        from neuron_migrate.runner import scan_text

        fs_path = to_fs_path(uri)
        doc = self.workspace.get_text_document(uri)
        if not fs_path:
            return None
        path = Path(fs_path)
        kind = file_kind(path.name) or ("python" if doc.language_id == "python" else None)
        if kind is None or kind == "notebook":
            return None
        root = self.root(path)
        rel = Path(os.path.relpath(path, root)).as_posix()
        try:
            options = settings([path], base=root).options
        except ConfigError as exc:  # a bad config: say so once, analyse with the defaults
            self.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Error, f"{SOURCE}: {exc}"))
            from neuron_migrate.models import Options

            options = Options()
        text = doc.source
        folder = self.workspace_folder(path) if kind == "python" else None
        project = self.project(folder) if folder is not None else None
        if project is not None and project.own_packages:
            options = dataclasses.replace(options, own_packages=project.own_packages)
        rooted = project.rooted(options, rel, kind, text) if project is not None else None
        findings = scan_text(text, rel, kind, options, root, rooted).findings
        if folder is not None and project is None:  # not known yet whether another file's finding uses it
            findings = [f for f in findings if not (f.code == "NM905" and _may_be_used(text, f.line))]
        state = Analysed(doc.version, text, path, rel, rooted[0] if rooted else options,
                         sorted(findings, key=lambda f: f.sort_key), folder)
        self.documents[uri] = state
        return state

    def publish(self, uri: str, unless: list[Finding] | None = None) -> None:
        """Analyse and publish the document (not when its findings are ``unless``)."""
        state = self.analyse(uri)
        if state is None or state.findings == unless:
            return
        lines = _LINE.findall(state.text)
        diagnostics = [self.diagnostic(f, lines) for f in state.findings]
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, version=state.version, diagnostics=diagnostics))

    # -- positions ------------------------------------------------------------------------------

    def position(self, lines: list[str], line: int, column: int) -> lsp.Position:
        """A 1-based line and character column as the client counts (UTF-16 units by default)."""
        if line < 1:
            return lsp.Position(0, 0)
        if line > len(lines):
            return lsp.Position(len(lines), 0)
        text = lines[line - 1].rstrip("\r\n")
        codec = self.workspace.position_codec
        return lsp.Position(line - 1, codec.client_num_units(text[:max(column - 1, 0)]))

    def span(self, lines: list[str], f: Finding) -> lsp.Range:
        return lsp.Range(self.position(lines, f.line, f.column), self.position(lines, f.end_line, f.end_column))

    def offset_position(self, lines: list[str], starts: list[int], offset: int) -> lsp.Position:
        import bisect

        i = max(bisect.bisect_right(starts, offset) - 1, 0)
        return self.position(lines, i + 1, offset - starts[i] + 1)

    def diagnostic(self, f: Finding, lines: list[str]) -> lsp.Diagnostic:
        fix = ""
        if f.fix is not None:
            fix = " [fix]" if f.fix.applicability is Applicability.SAFE else " [unsafe fix]"
        return lsp.Diagnostic(range=self.span(lines, f), message=f.message + fix,
                              severity=_SEVERITY[f.severity.label], code=f.code, source=SOURCE,
                              data={"code": f.code, "line": f.line, "column": f.column})

    # -- actions --------------------------------------------------------------------------------

    def code_actions(self, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        uri = params.text_document.uri
        state = self.documents.get(uri)
        doc = self.workspace.get_text_document(uri)
        if state is None or state.text != doc.source:
            state = self.analyse(uri)
        if state is None:
            return []
        lines = _LINE.findall(state.text)
        starts = _starts(lines)
        wanted = params.context.only
        actions = []
        if not wanted or any(k.startswith(lsp.CodeActionKind.QuickFix) for k in wanted):
            for f in state.findings:
                if f.fix is None or not _overlaps(self.span(lines, f), params.range):
                    continue
                safe = f.fix.applicability is Applicability.SAFE
                title = f"{f.code}: {f.fix.title}" if safe else f"{f.code}: {f.fix.title} (unsafe: {f.fix.reason})"
                edits = [lsp.TextEdit(lsp.Range(self.offset_position(lines, starts, e.start),
                                                self.offset_position(lines, starts, e.end)), e.replacement)
                         for e in f.fix.edits]
                actions.append(lsp.CodeAction(
                    title=title, kind=lsp.CodeActionKind.QuickFix, is_preferred=safe,
                    diagnostics=[self.diagnostic(f, lines)],
                    edit=lsp.WorkspaceEdit(changes={uri: edits})))
        if not wanted or any(FIX_ALL.startswith(k) for k in wanted):
            whole = self.fix_all(uri, state, lines)
            if whole is not None:
                actions.append(whole)
        return actions

    def fix_all(self, uri: str, state: Analysed, lines: list[str]) -> lsp.CodeAction | None:
        """Every safe fix in the file, as `neuron-migrate fix` makes them (imports included)."""
        from neuron_migrate.fix import fix_source
        from neuron_migrate.source import SourceError, SourceFile

        if not state.rel.endswith((".py", ".pyi")) or not any(
                f.fix and f.fix.applicability is Applicability.SAFE for f in state.findings):
            return None
        try:
            src = SourceFile.from_bytes(state.rel, state.text.encode("utf-8"))
        except SourceError:
            return None
        outcome = fix_source(src, state.options)
        if not outcome.changed:
            return None
        end = self.position(lines, len(lines) + 1, 1)
        edit = lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), outcome.text)
        from neuron_migrate.commands import plural

        title = f"{SOURCE}: apply {plural(len(outcome.applied), 'safe fix', 'safe fixes')}"
        return lsp.CodeAction(title=title, kind=FIX_ALL,
                              edit=lsp.WorkspaceEdit(changes={uri: [edit]}))

    def hover(self, params: lsp.HoverParams) -> lsp.Hover | None:
        from neuron_migrate.commands.rules import explain_text, find_rule

        state = self.documents.get(params.text_document.uri)
        if state is None:
            return None
        lines = _LINE.findall(state.text)
        here = lsp.Range(params.position, params.position)
        codes = dict.fromkeys(f.code for f in state.findings if _overlaps(self.span(lines, f), here))
        if not codes:
            return None
        text = "\n\n".join(f"```text\n{explain_text(find_rule(code))}```" for code in codes)
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))


def _scan_into(folder: Path, pipe) -> None:
    """The scan process: (the folder's facts, "") or (empty facts, what went wrong) into ``pipe``."""
    os.dup2(2, 1)  # its standard output is the editor's channel: nothing may be written there
    try:
        found, error = scan_project(folder), ""
    except Exception as exc:  # noqa: BLE001 - the editor keeps judging files alone
        found, error = Project(), repr(exc)
    pipe.send((found, error))
    pipe.close()


def scan_project(folder: Path) -> Project:
    """The facts of a `neuron-migrate scan FOLDER` (its config, excludes and cache)."""
    from neuron_migrate.config import settings
    from neuron_migrate.runner import own_packages, scan

    conf = settings([folder])
    result, _ = scan([folder], conf.options, conf.exclude, use_cache=True)
    followed = result.followed
    packages = own_packages(r.path for r in result.files)
    if followed is None:
        return Project(own_packages=packages)
    texts = {}
    for rel in followed.landed:
        try:
            texts[rel] = (folder / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            pass
    return Project(followed.roots, {p: tuple(fs) for p, fs in followed.landed.items()}, texts, followed.cuda_only,
                   packages)


def _moved(found: tuple[Finding, ...], old: str, new: str) -> tuple[Finding, ...]:
    """Findings placed in ``old`` moved with their lines to ``new``: a line kept or edited in
    place (as many lines replaced by as many) keeps them; those on lines removed, or replaced
    by a different number of lines, are dropped (the call that reached the library may be gone)."""
    import difflib

    a, b = old.splitlines(), new.splitlines()
    to: dict[int, int] = {}
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            to.update((i1 + k + 1, j1 + k + 1) for k in range(i2 - i1))
    out = []
    for f in found:
        if f.line in to and f.end_line in to:
            out.append(dataclasses.replace(f, line=to[f.line], end_line=to[f.end_line]))
    return tuple(out)


def _may_be_used(text: str, line: int) -> bool:
    """Whether the suppression on ``line`` is one that another file's findings may use
    (runner: a bare one, or one naming an NM3, NM4 or NM9 code)."""
    from neuron_migrate.runner import FOLLOWED_SUPPRESSION

    lines = text.splitlines()
    return 0 < line <= len(lines) and FOLLOWED_SUPPRESSION.search(lines[line - 1].encode("utf-8")) is not None


def _starts(lines: list[str]) -> list[int]:
    out, at = [], 0
    for line in lines:
        out.append(at)
        at += len(line)
    return out or [0]


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    """Whether two ranges touch (a cursor at either end of a finding is on it)."""
    return (a.start.line, a.start.character) <= (b.end.line, b.end.character) and \
        (b.start.line, b.start.character) <= (a.end.line, a.end.character)


def make() -> Server:
    server = Server()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Server, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Server, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: Server, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)
        state = ls.documents.get(params.text_document.uri)
        if state is not None and state.root is not None:  # what other files see of it changed
            ls.rescan(state.root)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Server, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.documents.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                          diagnostics=[]))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION, lsp.CodeActionOptions(
        code_action_kinds=[lsp.CodeActionKind.QuickFix, FIX_ALL]))
    def code_action(ls: Server, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        return ls.code_actions(params)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: Server, params: lsp.HoverParams) -> lsp.Hover | None:
        return ls.hover(params)

    return server
