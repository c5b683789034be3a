"""`neuron-migrate server`: a Language Server (LSP over stdio) for editors.

Each open document is analysed by the same engine as `scan` (with the same config, and the
scan cache when the text is what it holds) on open, change and save; its findings are
published as diagnostics. A finding's fix is a quick fix (an unsafe one says so in its title,
with its reason), and "fix all" applies what `fix` would, import changes included. Hovering a
finding shows `explain` for its rule.

Notebooks are not served (editors open them as notebook documents, not text).
"""

from __future__ import annotations

import os
import re
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


class Server(LanguageServer):
    def __init__(self) -> None:
        super().__init__(SOURCE, __version__)
        self.documents: dict[str, Analysed] = {}

    # -- analysis -------------------------------------------------------------------------------

    def root(self, path: Path) -> Path:
        """The folder paths are relative to: the workspace folder that holds the file, as
        `neuron-migrate scan .` run there (its config and cache), else the file's folder."""
        for folder in self.workspace.folders.values():
            top = to_fs_path(folder.uri)
            if top and path.is_relative_to(top):
                return Path(top)
        top = self.workspace.root_path
        return Path(top) if top and path.is_relative_to(top) else path.parent

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
        findings = scan_text(text, rel, kind, options, root).findings
        state = Analysed(doc.version, text, path, rel, options, sorted(findings, key=lambda f: f.sort_key))
        self.documents[uri] = state
        return state

    def publish(self, uri: str) -> None:
        state = self.analyse(uri)
        if state is None:
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
