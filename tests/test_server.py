"""`neuron-migrate server` driven by a real LSP client (pygls') over stdio: initialize, didOpen,
diagnostics, code actions (safe, unsafe, fix all), applying an edit, change, hover, shutdown."""

import asyncio
import os
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as lsp  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

ROOT = Path(__file__).parent.parent
TEXT = ('import torch\n'
        'x = torch.zeros(3, device="cuda")  # é\n'  # NM101 (safe)
        'torch.backends.cudnn.benchmark = True\n'  # NM109 (unsafe)
        's = "🔥"; y = torch.ones(1, device="cuda")\n')  # 🔥 is two UTF-16 units


def apply(text: str, edits: list[lsp.TextEdit]) -> str:
    """Apply LSP edits (UTF-16 columns; these lines are ASCII before the edits) back to front."""
    lines = text.splitlines(keepends=True)

    def offset(p: lsp.Position) -> int:
        return sum(len(x) for x in lines[:p.line]) + p.character

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


async def start(client: LanguageClient, folder: Path, env: dict[str, str]) -> lsp.ServerCapabilities:
    """Start the server with ``env`` and initialize it on the workspace ``folder``."""
    await client.start_io(sys.executable, "-m", "neuron_migrate", "server", env={**os.environ, **env})
    init = await asyncio.wait_for(client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=folder.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(folder.as_uri(), "project")])), 60)
    client.initialized(lsp.InitializedParams())
    return init.capabilities


async def session(folder: Path) -> dict:
    client = LanguageClient("test-client", "1")
    published: asyncio.Queue = asyncio.Queue()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    out: dict = {}
    try:
        uri = (folder / "train.py").as_uri()
        out["capabilities"] = await start(client, folder, {"PYTHONPATH": str(ROOT)})
        client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="python", version=1, text=TEXT)))
        out["opened"] = await asyncio.wait_for(published.get(), 60)
        whole = lsp.Range(lsp.Position(0, 0), lsp.Position(3, 0))
        out["actions"] = await asyncio.wait_for(client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri), range=whole,
            context=lsp.CodeActionContext(diagnostics=out["opened"].diagnostics))), 60)
        out["hover"] = await asyncio.wait_for(client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier(uri), lsp.Position(1, 28))), 60)
        fixed = apply(TEXT, next(a for a in out["actions"] if a.title.startswith("NM101")).edit.changes[uri])
        out["fixed"] = fixed
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
        out["changed"] = await asyncio.wait_for(published.get(), 60)
        await asyncio.wait_for(client.shutdown_async(None), 60)
        client.exit(None)
    finally:
        await client.stop()
    return out


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    folder = tmp_path_factory.mktemp("project")
    (folder / "train.py").write_text(TEXT, encoding="utf-8")
    return asyncio.run(session(folder))


def test_diagnostics_on_open(result):
    diags = result["opened"].diagnostics
    assert [(d.code, d.severity) for d in diags] == [("NM101", lsp.DiagnosticSeverity.Error),
                                                     ("NM109", lsp.DiagnosticSeverity.Warning),
                                                     ("NM101", lsp.DiagnosticSeverity.Error)]
    assert diags[0].range == lsp.Range(lsp.Position(1, 26), lsp.Position(1, 32))  # "cuda", quotes included
    assert diags[2].range == lsp.Range(lsp.Position(3, 35), lsp.Position(3, 41))  # UTF-16 units: 34 characters, 🔥 counts 2
    assert diags[0].source == "neuron-migrate" and diags[0].message.endswith("[fix]")


def test_code_actions_offer_safe_and_marked_unsafe_fixes_and_fix_all(result):
    titles = [a.title for a in result["actions"]]
    assert any(t.startswith("NM101") and "unsafe" not in t for t in titles)
    assert any(t.startswith("NM109") and "(unsafe:" in t for t in titles)
    fix_all = [a for a in result["actions"] if a.kind == "source.fixAll.neuron-migrate"]
    assert len(fix_all) == 1 and fix_all[0].title == "neuron-migrate: apply 2 safe fixes"
    safe = next(a for a in result["actions"] if a.title.startswith("NM101"))
    assert safe.is_preferred and safe.kind == lsp.CodeActionKind.QuickFix


def test_applied_edit_and_diagnostics_on_change(result):
    assert result["fixed"] == TEXT.replace('"cuda"', '"neuron"', 1)
    assert [d.code for d in result["changed"].diagnostics] == ["NM109", "NM101"]
    assert result["changed"].version == 2


def test_hover_explains_the_rule(result):
    value = result["hover"].contents.value
    assert "NM101" in value and "What it finds" in value and "Use instead" in value


def test_capabilities(result):
    caps = result["capabilities"]
    assert caps.hover_provider and caps.code_action_provider


LIBRARY = ROOT / "fixtures" / "projects" / "follow_library"


async def project_session(folder: Path, cache: Path) -> dict:
    """train.py's suppression silences a break inside the installed tinyvision, reported at its
    compile line; finetune.py's names a code that finding does not have."""
    client = LanguageClient("test-client", "1")
    published: dict[str, list] = {}
    arrived = asyncio.Event()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
        published.setdefault(params.uri.rsplit("/", 1)[-1], []).append(params)
        arrived.set()

    async def next_of(name: str, count: int) -> lsp.PublishDiagnosticsParams:
        while len(published.get(name, [])) < count:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 120)
        return published[name][count - 1]

    out: dict = {}
    try:
        await start(client, folder, {"PYTHONPATH": os.pathsep.join([str(ROOT), str(LIBRARY / "site")]),
                                     "XDG_CACHE_HOME": str(cache)})
        for name in ("train.py", "finetune.py"):
            client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
                uri=(folder / name).as_uri(), language_id="python", version=1,
                text=(folder / name).read_text())))
        # finetune.py is published twice: alone, then once the project's scan has followed into
        # the library (its NM403 lands there, and its NM402 suppression is then known unused)
        out["finetune"] = [await next_of("finetune.py", 1), await next_of("finetune.py", 2)]
        text = (folder / "train.py").read_text()
        for version, new in enumerate(("# a line above moves the call\n" + text,
                                       text.replace("  # neuron-migrate: ignore[NM403]", "")), 2):
            client.text_document_did_change(lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version=version, uri=(folder / "train.py").as_uri()),
                [lsp.TextDocumentContentChangeWholeDocument(text=new)]))
            await next_of("train.py", version)
        out["train"] = published["train.py"]
        await asyncio.wait_for(client.shutdown_async(None), 60)
        client.exit(None)
    finally:
        await client.stop()
    return out


def test_a_suppression_of_a_library_finding_is_used_as_scan_says(tmp_path):
    folder = tmp_path / "project"
    shutil.copytree(LIBRARY / "project", folder)
    train, finetune = folder / "train.py", folder / "finetune.py"
    train.write_text(train.read_text().replace('backend="neuron")\n', 'backend="neuron")  # neuron-migrate: ignore[NM403]\n'))
    finetune.write_text(finetune.read_text().replace(".sum(-1)\n", ".sum(-1)  # neuron-migrate: ignore[NM402]\n"))
    out = asyncio.run(project_session(folder, tmp_path / "cache"))
    codes = [[(d.range.start.line + 1, d.code) for d in p.diagnostics] for p in out["finetune"]]
    # alone the NM402 suppression's use is not known: no NM905 until the project says
    assert codes == [[], [(7, "NM403"), (7, "NM905")]]
    assert "inside `tinyvision/" in out["finetune"][1].diagnostics[0].message
    opened, moved, unsuppressed = ([(d.range.start.line + 1, d.code) for d in p.diagnostics] for p in out["train"])
    assert opened == [] and moved == []  # used, also once the edit moved the call a line down
    assert unsuppressed == [(5, "NM403")]  # the library's break, at the call that reaches it


def test_a_channel_closed_under_the_command_is_no_traceback():
    """pygls closes the server's standard output as it exits; the command's last flush then
    met a closed file (ValueError, a traceback on the editor's log) instead of going quiet."""
    import io

    from neuron_migrate.cli import _Stdout

    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    out = _Stdout(stream)
    out.write("x")
    stream.close()
    out.flush()
    out.write("more")  # quiet from then on
