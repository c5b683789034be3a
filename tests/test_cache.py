"""The result cache: hits, misses, invalidation, damage, concurrency, and --no-cache."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from neuron_migrate import cache as cache_module
from neuron_migrate import formats, runner
from neuron_migrate.cache import DIRNAME, KEEP_SALTS, LAYOUT, Cache, digest, salt
from neuron_migrate.cli import main
from neuron_migrate.models import FileResult, Options
from neuron_migrate.writer import TEMP_SUFFIX

SOURCES = {
    "a.py": "import torch\nx = torch.zeros(3).cuda()\n",
    "b.py": 'import torch\ndevice = torch.device("cuda")\n',
    "pkg/c.py": "import torch\ntorch.cuda.synchronize()\n",
    "plain.py": "print('no marker words here')\n",
}


@pytest.fixture
def tree(tmp_path) -> Path:
    """The sources, modified a minute ago (a file modified within ``RACY_NS`` is read again by
    every scan: ``test_a_file_modified_just_now_is_read_again``)."""
    for rel, text in SOURCES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        os.utime(path, ns=(time.time_ns() - 60 * 10**9,) * 2)
    return tmp_path


@pytest.fixture
def analysed(monkeypatch) -> list[str]:
    """Paths the engine analyses (in this process: the trees here are below the pool threshold)."""
    seen: list[str] = []
    real = formats.analyse

    def counting(kind, path, data, options):
        seen.append(path)
        return real(kind, path, data, options)

    monkeypatch.setattr(formats, "analyse", counting)
    return seen


def scan(root: Path, options: Options = Options(), use_cache: bool = True):
    result, _ = runner.scan([root], options, use_cache=use_cache)
    return {r.path: r for r in result.files}


def salt_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / DIRNAME / LAYOUT).glob("*") if p.is_file())


def stored(root: Path) -> dict:
    """The files' entries of the one salt file under ``root`` (not the project model's answer
    nor the files' stamps)."""
    [file] = salt_files(root)
    entries = cache_module._load(cache_module.unseal(cache_module.secret(), file.name, file.read_bytes()))
    return {k: v for k, v in entries.items() if k[0] not in (runner.STEP, cache_module.STAMPS)}


def write_signed(file: Path, payload: bytes) -> None:
    """A salt file whose signature holds: what it says is read (the key is this user's)."""
    file.write_bytes(cache_module.seal(cache_module.secret(), file.name, payload))


# -- hits and misses ----------------------------------------------------------------------------

def test_second_scan_reads_every_result_from_the_cache(tree, analysed):
    first = scan(tree)
    assert sorted(analysed) == sorted(SOURCES)
    analysed.clear()
    second = scan(tree)
    assert analysed == [] and second == first
    assert len(stored(tree)) == len(SOURCES)


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """Names of the files a scan reads."""
    seen: list[str] = []
    real = runner.read_source
    monkeypatch.setattr(runner, "read_source", lambda path: seen.append(Path(path).name) or real(path))
    return seen


def test_a_warm_scan_reads_only_what_changed(tree, analysed, reads):
    """Each file's digest is kept with its size, times and inode: a warm scan reads no file
    whose stat is unchanged, and sees an edit that keeps the size and the modification time
    (the change time moves)."""
    first = scan(tree)
    reads.clear()
    analysed.clear()
    assert scan(tree) == first and reads == [] and analysed == []
    a = tree / "a.py"
    before = a.stat()
    a.write_text(SOURCES["a.py"].replace("zeros(3)", "zeros(4)"))  # the same size
    os.utime(a, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert scan(tree)["a.py"].findings[0].line == 2 and set(reads) == {"a.py"} and analysed == ["a.py"]


def test_a_file_modified_just_now_is_read_again(tree, reads):
    """Its next edit may keep its modification time (the file system's clock ticks coarsely)."""
    (tree / "a.py").write_text(SOURCES["a.py"])
    scan(tree)
    reads.clear()
    scan(tree)
    assert reads == ["a.py"]


def test_an_edited_file_is_analysed_again(tree, analysed):
    scan(tree)
    analysed.clear()
    (tree / "b.py").write_text('import torch\ndevice = torch.device("cuda:1")\nz = 1\n')
    results = scan(tree)
    assert analysed == ["b.py"]
    assert [f.line for f in results["b.py"].findings] == [2]
    assert len(stored(tree)) == len(SOURCES)  # one entry per path: replaced, not added


def test_a_renamed_file_is_analysed_under_its_new_path(tree, analysed):
    scan(tree)
    analysed.clear()
    (tree / "a.py").rename(tree / "renamed.py")
    results = scan(tree)
    assert analysed == ["renamed.py"]
    assert {f.path for f in results["renamed.py"].findings} == {"renamed.py"}
    assert {rel for _, rel in stored(tree)} == set(SOURCES) - {"a.py"} | {"renamed.py"}  # a.py's is dropped


def test_an_entry_of_another_shape_or_type_is_a_miss(tmp_path):
    """Under the user's own key, an entry that is not a (digest, result) pair, or a result of
    another type than asked for (the project model's facts where a file's result is read), is
    a miss, never an error."""
    from neuron_migrate.models import ModuleFacts, Summary

    cache = cache_module.Cache.open(tmp_path, Options())
    facts = ModuleFacts("a.py", Summary())
    cache.entries = {("facts", "a.py"): 5, ("python", "a.py"): (b"d", facts), ("facts", "b.py"): (b"d", facts)}
    assert cache.get("a.py", "facts", b"d", of=ModuleFacts) is None
    assert cache.get("a.py", "python", b"d") is None
    assert cache.get("b.py", "facts", b"d", of=ModuleFacts) is None  # another path
    cache.entries[("facts", "a.py")] = (b"d", facts)
    assert cache.get("a.py", "facts", b"d", of=ModuleFacts) == facts


def test_cli_warm_scan_prints_what_the_cold_scan_printed(tree, capsys):
    outputs = []
    for args in (["--no-cache"], [], []):
        code = main(["scan", str(tree), "-f", "json", *args])
        outputs.append((code, capsys.readouterr().out))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0][0] == 1 and json.loads(outputs[0][1])["findings"]


def test_no_cache_neither_reads_nor_writes(tree, capsys, analysed):
    assert main(["scan", str(tree), "--no-cache", "-q"]) == 1
    assert not (tree / DIRNAME).exists()
    main(["scan", str(tree), "-q"])
    analysed.clear()
    assert main(["scan", str(tree), "--no-cache", "-q"]) == 1
    assert sorted(analysed) == sorted(SOURCES)  # analysed again although every entry is there


def test_the_cache_ignores_itself(tree):
    scan(tree)
    top = tree / DIRNAME
    assert (top / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (top / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")
    if shutil.which("git") is None:
        return
    subprocess.run(["git", "init", "-q", str(tree)], check=True)
    status = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=all"],
                            capture_output=True, text=True, check=True).stdout
    assert DIRNAME not in status and "a.py" in status


def test_the_cache_folder_is_never_scanned(tree, capsys):
    scan(tree)
    (tree / DIRNAME / "stray.py").write_text("import torch\ntorch.zeros(1).cuda()\n")
    paths = {r.path for r in runner.scan([tree], Options(), use_cache=True)[0].files}
    assert paths == set(SOURCES)


# -- what the key holds -------------------------------------------------------------------------

def test_options_are_part_of_the_key(tree, analysed):
    everything = scan(tree)
    only_nm103 = scan(tree, Options(select=("NM103",)))
    assert {f.code for r in only_nm103.values() for f in r.findings} == {"NM103"}
    assert len(analysed) == 2 * len(SOURCES)
    analysed.clear()
    assert scan(tree) == everything and analysed == []  # the first salt is still there


def test_capability_overlays_are_part_of_the_key(tmp_path):
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("schema_version: 1\n")
    options = Options(capabilities=(str(overlay),))
    before = salt(options)
    assert salt(options) == before
    overlay.write_text("schema_version: 1\n# changed\n")
    assert salt(options) != before


def test_tool_code_and_tables_are_part_of_the_key(tmp_path, monkeypatch):
    table = tmp_path / "rules.yaml"
    table.write_text("a: 1\n")
    monkeypatch.setattr(cache_module, "_tool_files", lambda: [table])
    cache_module._tool_digest.cache_clear()  # the tool's files are hashed once per process
    before = salt(Options())
    table.write_text("a: 2\n")
    assert salt(Options()) == before  # the code this process runs has not changed
    cache_module._tool_digest.cache_clear()
    assert salt(Options()) != before
    monkeypatch.setattr(cache_module, "__version__", "999.0")
    table.write_text("a: 1\n")
    cache_module._tool_digest.cache_clear()
    assert salt(Options()) != before
    cache_module._tool_digest.cache_clear()


def test_the_tool_is_hashed_again_only_when_a_file_of_it_changed(tmp_path, monkeypatch):
    """Its files' size, times and inode are kept with the hash (in the user's cache folder)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    table = tmp_path / "rules.yaml"
    table.write_text("a: 1\n")
    os.utime(table, ns=(time.time_ns() - 60 * 10**9,) * 2)
    monkeypatch.setattr(cache_module, "_tool_files", lambda: [table])
    hashed = []
    real = cache_module._hash_files
    monkeypatch.setattr(cache_module, "_hash_files", lambda h, paths: hashed.append(1) or real(h, paths))
    cache_module._tool_digest.cache_clear()
    first = cache_module._tool_digest()
    cache_module._tool_digest.cache_clear()
    assert cache_module._tool_digest() == first and len(hashed) == 1  # the kept hash
    table.write_text("a: 2\n")  # the same size; its times move
    cache_module._tool_digest.cache_clear()
    assert cache_module._tool_digest() != first and len(hashed) == 2
    cache_module._tool_digest.cache_clear()


def test_the_real_tool_files_include_the_checks_and_the_rules():
    names = {p.name for p in cache_module._tool_files()}
    assert {"device.py", "engine.py", "names.py", "cuda_api.yaml"} <= names


def test_only_a_few_salts_are_kept(tree):
    for i in range(KEEP_SALTS + 3):
        scan(tree, Options(select=(f"NM1{i:02d}",)))
    assert len(salt_files(tree)) == KEEP_SALTS


def test_an_earlier_layout_is_removed(tree):
    old = tree / DIRNAME / "v1" / "0123abcd" / "ab"
    old.mkdir(parents=True)
    (old / "entry").write_bytes(b"an entry of the one-file-per-source layout")
    scan(tree)
    assert sorted(p.name for p in (tree / DIRNAME).iterdir()) == [".gitignore", "CACHEDIR.TAG", LAYOUT]


# -- damage -------------------------------------------------------------------------------------

class Boom:
    """A pickle that would run a command when loaded."""

    def __reduce__(self):
        return (os.system, ("touch PWNED",))


DAMAGE = {
    "empty": lambda result: b"",
    "truncated": lambda result: pickle.dumps((b"x" * 20, result))[:40],
    "garbage": lambda result: os.urandom(300),
    "not a pickle of a result": lambda result: pickle.dumps({"path": result.path}),
    "code execution": lambda result: pickle.dumps((b"x" * 20, Boom())),
    "foreign class": lambda result: pickle.dumps((b"x" * 20, Path("/"))),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_entry_is_a_miss(tree, analysed, damage, monkeypatch):
    monkeypatch.chdir(tree)
    first = scan(tree)
    for file in salt_files(tree):
        write_signed(file, DAMAGE[damage](first["a.py"]))  # signed: the damage itself is read
    analysed.clear()
    assert scan(tree) == first
    assert sorted(analysed) == sorted(SOURCES)
    assert not (tree / "PWNED").exists()
    analysed.clear()
    assert scan(tree) == first and analysed == []  # and the damaged file was rewritten


@pytest.mark.parametrize("entry", ["not a pair", (b"x" * 20, "not a result"), None],
                         ids=["not a pair", "not a result", "None"])
def test_a_foreign_entry_is_a_miss(tree, analysed, entry):
    first = scan(tree)
    [file] = salt_files(tree)
    entries = stored(tree)
    entries[("python", "a.py")] = entry
    write_signed(file, pickle.dumps(entries))
    analysed.clear()
    assert scan(tree) == first and analysed == ["a.py"]


def test_an_entry_of_an_older_result_type_is_a_miss(tree, analysed):
    first = scan(tree)
    [file] = salt_files(tree)
    entries = stored(tree)
    stale = replace(first["a.py"])
    del stale.__dict__["lines"]  # as if written before the field existed
    entries[("python", "a.py")] = (digest((tree / "a.py").read_bytes()), stale)
    write_signed(file, pickle.dumps(entries))
    analysed.clear()
    assert scan(tree) == first and analysed == ["a.py"]


def test_an_entry_for_another_path_is_a_miss(tree, analysed):
    first = scan(tree)
    c = Cache.open(tree, Options())
    data = (tree / "a.py").read_bytes()
    c.put("a.py", "python", digest(data), replace(first["b.py"]))  # b's result under a's key
    c.save(tree)
    analysed.clear()
    assert scan(tree)["a.py"] == first["a.py"] and analysed == ["a.py"]


def test_a_file_changed_during_the_scan_is_cached_under_what_was_analysed(tree, monkeypatch, analysed):
    real = runner._lookup
    late = 'import torch\nlate = torch.device("cuda")\n'

    def lookup_then_edit(cands, results, cache, **kw):
        todo = real(cands, results, cache, **kw)  # a.py hashed with its old bytes...
        (tree / "a.py").write_text(late)  # ...and changed before it is analysed
        return todo

    monkeypatch.setattr(runner, "_lookup", lookup_then_edit)
    first = scan(tree)
    assert [f.code for f in first["a.py"].findings] == ["NM101"]
    monkeypatch.setattr(runner, "_lookup", real)
    analysed.clear()
    assert scan(tree) == first and analysed == []  # the entry matches the new bytes


def test_an_unwritable_cache_does_not_stop_the_scan(tree, analysed):
    (tree / DIRNAME).write_text("a file where the cache folder would go\n")
    first = scan(tree)
    assert sorted(analysed) == sorted(SOURCES) and first["a.py"].findings
    analysed.clear()
    assert scan(tree) == first and sorted(analysed) == sorted(SOURCES)


def test_a_full_disk_stops_caching_not_the_scan(tree, monkeypatch, analysed):
    calls = []

    def full(path, data, **kwargs):
        calls.append(path)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache_module, "replace_file", full)
    first = scan(tree)
    assert first["a.py"].findings and len(calls) == 1
    assert salt_files(tree) == []


def test_unreadable_files_are_not_cached(tree, monkeypatch):
    real = runner.read_source

    def flaky(path):
        if path.name == "a.py":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(runner, "read_source", flaky)
    assert [f.code for f in scan(tree)["a.py"].findings] == ["NM904"]
    monkeypatch.setattr(runner, "read_source", real)
    assert [f.code for f in scan(tree)["a.py"].findings] == ["NM102"]


# -- the type checks written out ----------------------------------------------------------------

TRACED = """import torch


class Net(torch.nn.Module):
    def forward(self, x):
        if x.sum().item() > 0:
            x = x.cuda()
        return x
"""


def test_the_shipped_type_checks_are_what_the_code_generates():
    """neuron_migrate/_cache_checks.py is generated from models.py (a stale one is not used, and
    every process makes the checks again): regenerate it with `python -m neuron_migrate.cache`."""
    shipped = Path(cache_module.__file__).with_name("_cache_checks.py")
    assert shipped.read_text(encoding="utf-8") == cache_module.checks_module(), "python -m neuron_migrate.cache"


def test_the_shipped_type_checks_are_used_unless_stale(monkeypatch):
    from neuron_migrate import _cache_checks
    from neuron_migrate.models import ModuleFacts, ProjectStep, Stamps

    for cls in (FileResult, ModuleFacts, ProjectStep, Stamps):
        assert cache_module._DATACLASS_CHECKS[cls] is _cache_checks.FUNCTIONS[cls]
    assert _cache_checks.CHECKS is cache_module._DATACLASS_CHECKS
    monkeypatch.setattr(cache_module, "_DATACLASS_CHECKS", {})
    monkeypatch.setattr(_cache_checks, "CHECKS", _cache_checks.CHECKS)
    monkeypatch.setattr(_cache_checks, "MODELS", "the digest of another models.py")
    cache_module._shipped_checks()
    assert cache_module._DATACLASS_CHECKS == {}
    monkeypatch.undo()


def test_the_shipped_type_checks_answer_as_the_made_ones(tmp_path):
    """Every field of every value of a real result replaced by a value of another type, or
    dropped: the written-out test of its class and the one made from the annotations agree."""
    import copy
    import dataclasses

    (tmp_path / "net.py").write_text(TRACED)
    [result] = scan(tmp_path).values()
    assert result.findings and result.traced and any(f.fix for f in result.findings)
    values, todo = [], [result]
    while todo:
        value = todo.pop()
        if dataclasses.is_dataclass(value):
            values.append(value)
            todo += vars(value).values()
        elif type(value) is tuple:
            todo += value
    wrong = (None, 1.5, True, 3, "s", (), (1.5,), ("s", 1), (object(),), frozenset(), object())
    checked = 0
    for value in values:
        cls = type(value)
        shipped, made = cache_module._DATACLASS_CHECKS[cls], cache_module._fields_check(cls)
        assert shipped is not made and shipped(value) is made(value) is True
        for name in vars(value):
            for other in wrong:
                changed = copy.copy(value)
                object.__setattr__(changed, name, other)
                assert shipped(changed) is made(changed), (cls.__name__, name, other)
                checked += 1
            dropped = copy.copy(value)
            del vars(dropped)[name]
            assert shipped(dropped) is made(dropped) is False
    assert checked > 500


# -- concurrency --------------------------------------------------------------------------------

@pytest.mark.slow
def test_concurrent_scans_agree_and_leave_valid_entries(tmp_path):
    """Several processes fill the same cache at once, through their pools."""
    for i in range(60):
        (tmp_path / f"m{i:02d}.py").write_text(SOURCES["a.py"] + f"y{i} = torch.device('cuda:{i % 4}')\n")
    cmd = [sys.executable, "-m", "neuron_migrate", "scan", str(tmp_path), "-f", "json", "--jobs", "2"]
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [1] * 4, [e.decode()[-500:] for _, e in outs]
    assert len({o for o, _ in outs}) == 1
    [file] = salt_files(tmp_path)  # and no temporary file left over
    entries = stored(tmp_path)
    assert len(entries) == 60 and all(cache_module._valid(e, rel) for (_, rel), e in entries.items())
    warm = subprocess.run(cmd, capture_output=True, timeout=300)
    assert warm.stdout == outs[0][0]


def test_save_is_atomic(tmp_path):
    """A reader never sees a partly written cache: it goes to a temporary file, then is renamed."""
    (tmp_path / "a.py").write_text("x = 1\n")
    c = Cache.open(tmp_path, Options())
    result = FileResult("a.py", lines=3)
    c.put("a.py", "python", b"d" * 20, result)
    c.save(tmp_path)
    [file] = salt_files(tmp_path)
    seen = []
    real_replace = os.replace

    def watching(src, dst):
        seen.append((Path(src).parent == file.parent, Path(src).name.endswith(TEMP_SUFFIX)))
        assert Path(dst).read_bytes()  # the old file is whole until the rename
        real_replace(src, dst)

    c = Cache.open(tmp_path, Options())
    c.put("a.py", "python", b"e" * 20, replace(result, lines=4))
    os.replace = watching
    try:
        c.save(tmp_path)
    finally:
        os.replace = real_replace
    assert seen == [(True, True)]
    c = Cache.open(tmp_path, Options())
    assert c.get("a.py", "python", b"e" * 20) == replace(result, lines=4)
    assert c.get("a.py", "python", b"d" * 20) is None


def test_an_unchanged_scan_does_not_rewrite_the_cache(tree):
    scan(tree)
    [file] = salt_files(tree)
    os.utime(file, ns=(0, 0))
    inode = file.stat().st_ino
    scan(tree)
    assert file.stat().st_ino == inode and file.stat().st_mtime > 0  # touched (used), not replaced


def test_a_temporary_file_left_by_a_killed_save_is_removed_when_stale(tree):
    scan(tree)
    folder = tree / DIRNAME / LAYOUT
    stale, fresh = folder / f".stale{TEMP_SUFFIX}", folder / f".fresh{TEMP_SUFFIX}"
    stale.write_bytes(b"half a cache")
    fresh.write_bytes(b"another scan saving now")
    os.utime(stale, (0, 0))
    scan(tree, Options(select=("NM101",)))  # a new salt: the folder is pruned
    assert not stale.exists() and fresh.exists()
