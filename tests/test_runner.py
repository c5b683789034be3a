"""The runner's handling of the garbage collector around the analysis."""

from __future__ import annotations

import gc

from neuron_migrate import runner


class Cycle:
    def __init__(self):
        self.me = self


def _make_cycle(item, tag):
    Cycle()  # unreachable at once: only the collector can free it
    return (item, tag, gc.isenabled())


def test_collector_is_paused_during_the_work_and_restored_after():
    assert gc.isenabled()
    out = dict(runner.in_pool(_make_cycle, [1, 2, 3], ("t",), jobs=1))
    assert [enabled for _, _, enabled in out.values()] == [False] * 3
    assert gc.isenabled()
    gc.disable()
    try:
        list(runner.in_pool(_make_cycle, [1], ("t",), jobs=1))
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def _frozen_here(item, tag):
    return (item, tag, gc.get_freeze_count())


def test_workers_fork_with_what_they_inherit_frozen():
    """A new pool's workers fork with the main process's objects frozen (gc.freeze before a
    fork without exec): their young collections leave what they inherit alone. The main
    process thaws them at once, and a caller's own freeze is kept."""
    import multiprocessing

    if multiprocessing.get_start_method() != "fork":
        return
    gc.collect()
    assert gc.get_freeze_count() == 0
    out = dict(runner.in_pool(_frozen_here, list(range(2 * runner.POOL_THRESHOLD)), ("t",), jobs=2))
    assert all(frozen > 0 for _, _, frozen in out.values())
    assert gc.get_freeze_count() == 0
    assert [frozen for _, _, frozen in dict(runner.in_pool(_frozen_here, [1, 2], ("t",), jobs=1)).values()] == [0, 0]


def test_cycles_made_by_a_task_are_freed_file_by_file():
    gc.collect()
    before = sum(type(o) is Cycle for o in gc.get_objects())
    for _ in runner.in_pool(_make_cycle, list(range(50)), ("t",), jobs=1):
        assert sum(type(o) is Cycle for o in gc.get_objects()) == before


LEAKY = '''
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Pairs(Dataset):
    def __getitem__(self, i):
        return torch.zeros(3)[torch.zeros(3) > 0]


class Net(nn.Module):
    def __init__(self, verbose=False):
        super().__init__()
        self.verbose = verbose

    def forward(self, x, debug=False):
        y = x.relu()
        if debug or self.verbose:
            print(np.mean(y.numpy()))
        return y


loader = DataLoader(Pairs(), collate_fn=lambda b: b)
'''


def test_an_analysed_file_leaves_no_cycle_behind():
    """Its syntax tree is then freed by reference counting as the analysis returns: a cycle
    holding the check context (a closure that calls itself, say) kept the whole tree for the
    per-file collection, which then traversed and freed it (2.5% of a cold timm scan)."""
    from pathlib import Path

    from neuron_migrate import engine
    from neuron_migrate.models import Options

    fixtures = sorted((Path(__file__).resolve().parent.parent / "fixtures").rglob("*.py"))
    files = [("leaky.py", LEAKY.encode()), *((str(p), p.read_bytes()) for p in fixtures)]
    gc.collect()
    gc.disable()
    try:
        for path, data in files:
            engine.analyse(path, data, Options())
            assert gc.collect(0) == 0, path
    finally:
        gc.enable()


def test_the_manifests_are_one_task_for_one_worker(tmp_path):
    """Reading a manifest imports packaging and tomllib: the pool's tasks give all of them to
    one worker, first, and the Python files CHUNK at a time, largest first."""
    from neuron_migrate.discover import Candidate

    items = []
    for n in range(40):
        (tmp_path / f"m{n}.py").write_text("x = 1\n" * (n + 1))
        items.append(Candidate(tmp_path / f"m{n}.py", f"m{n}.py", "python"))
        if n % 10 == 0:
            (tmp_path / f"r{n}.txt").write_text("torch\n" * (n + 1))
            items.append(Candidate(tmp_path / f"r{n}.txt", f"r{n}.txt", "manifest"))
    tasks = runner._tasks(items, largest_first=True)
    assert [items[i].rel for i in tasks[0]] == ["r30.txt", "r20.txt", "r10.txt", "r0.txt"]
    python = [items[i].rel for task in tasks[1:] for i in task]
    assert python == [f"m{n}.py" for n in range(39, -1, -1)]
    assert [len(task) for task in tasks[1:]] == [runner.CHUNK] * (40 // runner.CHUNK)
    one = items[:3] + [items[4]]  # a manifest alone, and a few files (one per task): as they were
    assert runner._tasks(one, largest_first=False) == [[0], [1], [2], [3]]


def test_the_project_step_runs_with_the_first_analyses_frozen(tmp_path, monkeypatch):
    """The collector's runs in the project step would traverse every first analysis again
    (diffusers: 0.2 s of the main process while the workers sit idle): they are frozen
    (``gc.freeze``) for the step and thawed after it, so that nothing is kept past the scan;
    the step runs without automatic collections, and the collector is on again after it."""
    from neuron_migrate.models import Options

    (tmp_path / "a.py").write_text("import torch\n\n\ndef f(x):\n    return x.cuda()\n")
    seen = []
    follow = runner._follow_project
    monkeypatch.setattr(runner, "_follow_project",
                        lambda *a, **k: seen.append((gc.get_freeze_count(), gc.isenabled())) or follow(*a, **k))
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    runner.scan([tmp_path], Options(), jobs=1)
    assert seen and seen[0][0] > 0
    assert not seen[0][1]  # nor do its own objects: no automatic collection during the step
    assert gc.get_freeze_count() == 0 and gc.isenabled()


CACHELESS = '''
import sys
from pathlib import Path
from neuron_migrate import runner
from neuron_migrate.models import Options
result, _ = runner.scan([Path(sys.argv[1])], Options(), jobs=1)
print(sorted(r.path for r in result.files), "neuron_migrate.cache" in sys.modules)
'''


def test_a_scan_without_a_cache_imports_none_of_its_modules(tmp_path):
    """Without a cache the project step hashes nothing for one: the model reads other files'
    text (``self.norm = norm`` stored by a base class's ``__init__`` in another file) without
    importing the cache's modules (five, with hmac and secrets, in the main process's serial step)."""
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "base.py").write_text(
        "import torch\n\n\ndef norm(x):\n    return x\n\n\nclass Base(torch.nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.norm = norm\n")
    (tmp_path / "model.py").write_text(
        "import torch\nfrom base import Base\n\n\nclass Net(Base):\n    def forward(self, x):\n"
        "        return self.norm(x)\n\n\nnet = torch.compile(Net())\n")
    done = subprocess.run([sys.executable, "-c", CACHELESS, str(tmp_path)], capture_output=True, text=True,
                          check=True, cwd=Path(runner.__file__).resolve().parent.parent)
    assert done.stdout.split() == ["['base.py',", "'model.py']", "False"]
