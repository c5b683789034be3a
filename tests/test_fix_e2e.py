"""The contract of `fix`, end to end (docs/fix.md, "The contract").

fixtures/e2e/ holds CUDA-first scripts written for this repository, one or more per pattern of
the contract: a CPU fallback with seeding, amp and memory logging (train_fallback.py), process-group
choices (ddp_backend.py), code that feeds CUDA-only machinery (cuda_only.py), and a test module
with import-time device lists and skip markers (test_devices.py), nanoGPT's device string and the
autocast device type derived from it by `"cuda" in device` (device_type.py), a --device option
(device_options.py) whose value a function builds into a torch.device and checks, falling back
to the CPU, on a host without CUDA (checked_device.py), a launched process pinned with
torch.cuda.set_device to the device string of its rank (rank_device.py).

- On this host (stock CPU torch, no shim, no plugin) they print the same results before and
  after `fix --apply`, and after `fix --apply --unsafe-fixes`, in both styles.
- Under tests/neuron_shim.py the fixed scripts choose the neuron device, the neuron
  process-group backend and the matching autocast device type, in both styles.
- Portable-style output holds no `torch.neuron.`; after `--unsafe-fixes` no "cuda" or "nccl"
  choice is left in a branch whose guard was rewritten.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from neuron_migrate.cli import main

ROOT = Path(__file__).resolve().parent.parent
E2E = ROOT / "fixtures" / "e2e"
SHIM = Path(__file__).resolve().parent / "neuron_shim.py"
SCRIPTS = [("train_fallback.py", "--amp"), ("ddp_backend.py",), ("cuda_only.py",), ("cache_device.py",),
           ("checked_device.py",)]
# device_type.py (nanoGPT's idiom) defaults to CUDA: without it, it runs as nanoGPT does on a
# CPU, with --device=cpu; under the shim with its default, which fix makes the target
STOCK = [*SCRIPTS, ("device_type.py", "--device=cpu"), ("rank_device.py",)]
SHIMMED = [*SCRIPTS, ("device_type.py",)]
# rank_device.py pins a launched process to its rank's device: on this host it runs unlaunched
# (the original's launched path needs CUDA); under the shim, launched, once its unit is rewritten
LAUNCHED = ("rank_device.py", "--launched")

# Runs every script of a folder in one interpreter (torch imports once), each under its own
# header, then the test module under pytest; with --shim, under the neuron shim, scripts only.
# A run that has not ended before the deadline prints every thread's stack and exits (the test
# then fails saying where it waited) instead of waiting for the subprocess timeout in silence.
TIMEOUT = 600
RUNNER = r"""
import faulthandler, io, os, runpy, sys, warnings
from contextlib import redirect_stdout
faulthandler.dump_traceback_later(float(os.environ["E2E_DEADLINE"]), exit=True)
folder, shim = sys.argv[1], sys.argv[2] == "shim"
warnings.simplefilter("ignore")
if shim:
    sys.path.insert(0, os.path.dirname(sys.argv[3]))
    import neuron_shim
    neuron_shim.install()
sys.path.insert(0, folder)
for spec in sys.argv[4:]:
    script, *args = spec.split()
    sys.argv = [script, *args]
    out = io.StringIO()
    with redirect_stdout(out):
        runpy.run_path(os.path.join(folder, script), run_name="__main__")
    print(f"== {script}\n{out.getvalue()}", end="")
if not shim:
    import pytest
    out = io.StringIO()
    with redirect_stdout(out):
        code = pytest.main(["-q", "-p", "no:cacheprovider", os.path.join(folder, "test_devices.py")])
    summary = [l for l in out.getvalue().splitlines() if " passed" in l or " failed" in l]
    print("== test_devices.py", code, summary[-1].split(" in ")[0] if summary else out.getvalue())
"""


def run(folder: Path, shim: bool = False, scripts=None) -> str:
    specs = [" ".join(s) for s in (scripts or (SHIMMED if shim else STOCK))]
    done = subprocess.run([sys.executable, "-c", RUNNER, str(folder), "shim" if shim else "stock",
                           str(SHIM), *specs], capture_output=True, text=True, timeout=TIMEOUT, cwd=folder,
                          stdin=subprocess.DEVNULL,  # an inherited terminal stops a background run
                          env={**os.environ, "E2E_DEADLINE": str(TIMEOUT - 60)})
    assert done.returncode == 0, done.stderr[-6000:]
    return done.stdout


@pytest.fixture(scope="module")
def before(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("before")
    shutil.copytree(E2E, folder, dirs_exist_ok=True)
    out = run(folder)
    assert "device: cpu" in out and "backend: gloo" in out and "== test_devices.py 0" in out
    assert "cuda is not here: falling back to the CPU\npicked: cpu" in out
    return out


@pytest.fixture(scope="module")
def fixed(tmp_path_factory):
    """{(style, unsafe): folder after fix --apply}."""
    out = {}
    for style in ("neuron", "portable"):
        for unsafe in (False, True):
            folder = tmp_path_factory.mktemp(f"{style}-{'unsafe' if unsafe else 'safe'}")
            shutil.copytree(E2E, folder, dirs_exist_ok=True)
            flags = ["--unsafe-fixes"] if unsafe else []
            assert main(["fix", str(folder), "--apply", "-q", "--style", style, *flags]) in (0, 1)
            out[style, unsafe] = folder
    return out


VARIANTS = [(s, u) for s in ("neuron", "portable") for u in (False, True)]
IDS = [f"{s}-{'unsafe' if u else 'safe'}" for s, u in VARIANTS]


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_same_results_without_cuda_before_and_after(before, fixed, variant):
    folder = fixed[variant]
    changed = [p.name for p in E2E.glob("*.py") if (folder / p.name).read_text() != p.read_text()]
    assert changed, "fix changed nothing: the test would prove nothing"
    assert run(folder) == before


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_under_the_shim_the_target_is_chosen(fixed, variant):
    style, unsafe = variant
    # portable style rewrites nanoGPT's `"cuda" in device` only as an unsafe fix (on a Mac it
    # would pick MPS where the original picked the CPU): safe, device_type.py is left for a person
    nanogpt = style == "neuron" or unsafe
    out = run(fixed[variant], shim=True, scripts=SHIMMED if nanogpt else SCRIPTS)
    assert "device: neuron" in out  # train_fallback and ddp_backend
    assert out.count("device: neuron") == 2
    if nanogpt:  # the device string and the test deriving the autocast type from it change
        # together (the string alone would give "cpu" and skip autocast on the target)
        assert "device_type: neuron\nautocast: True" in out
    else:
        assert (fixed[variant] / "device_type.py").read_text() == (E2E / "device_type.py").read_text()
    assert "backend: neuron" in out
    assert "cached on: neuron" in out  # --cache-device's default changes with the guard that reads it
    # --device (device_options.py) and the probe that checks it (checked_device.py) change together,
    # its default "cuda" where the plugin is absent (the run above falls back to the CPU as before)
    assert "picked: neuron" in out and "not here" not in out
    if unsafe:  # amp is switched by `device.type == "cuda"`, an unsafe rewrite
        assert "autocast: True" in out
    if style == "neuron":
        assert "library backend: neuron" in out  # is_nccl_available() rewritten with its backend


def test_portable_output_never_spells_torch_neuron(fixed):
    for unsafe in (False, True):
        for path in fixed["portable", unsafe].glob("*.py"):
            assert "torch.neuron" not in path.read_text(), path


_TARGET_GUARD = re.compile(r'hasattr\(\w+, "neuron"\) and|accelerator\.is_available\(\)|is_backend_available')


@pytest.mark.parametrize("style", ["neuron", "portable"])
def test_no_cuda_choice_is_left_behind_a_rewritten_guard(fixed, style):
    for path in fixed[style, True].glob("*.py"):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, (ast.If, ast.IfExp)):
                continue
            if not _TARGET_GUARD.search(ast.get_source_segment(text, node.test) or ""):
                continue
            # the branch taken on the target: the else branch of `not guard`
            negative = isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not)
            if isinstance(node, ast.If):
                branches = node.orelse if negative else node.body
            else:
                branches = [node.orelse if negative else node.body]
            for branch in branches:
                for sub in ast.walk(branch):
                    assert not (isinstance(sub, ast.Constant) and sub.value in ("cuda", "nccl")
                                and not _kept_on_purpose(branch, sub)), \
                        f"{path.name}:{sub.lineno}: {sub.value!r} behind a rewritten guard"
                    assert not (isinstance(sub, ast.Attribute) and sub.attr == "cuda"
                                and isinstance(sub.value, ast.Name) and sub.value.id == "torch"), \
                        f"{path.name}:{sub.lineno}: torch.cuda behind a rewritten guard"


def _kept_on_purpose(branch: ast.AST, const: ast.Constant) -> bool:
    """The "cuda" of a migrated choice (`"neuron" if hasattr(torch, "neuron") else "cuda"`), kept
    for hosts without the target."""
    from neuron_migrate.checks.guards import migrated_choice

    return any(migrated_choice(n) and const in ast.walk(n) for n in ast.walk(branch))


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_a_call_handed_a_device_changes_with_it(fixed, variant):
    """rank_device.py: `device = f"cuda:{local_rank}"` is in an unsafe unit (the autocast test on
    the type derived from it); `torch.cuda.set_device(device)`, handed it, joins that unit. The
    safe fix leaves both (before, it rewrote the call alone, and torch.neuron.set_device was
    handed "cuda:0": the shim refuses a device of another type, as torch.cuda does); with
    --unsafe-fixes both change, and the launched run pins the target's device."""
    style, unsafe = variant
    text = (fixed[variant] / "rank_device.py").read_text()
    if not unsafe:
        assert 'device = f"cuda:{local_rank}"\n    torch.cuda.set_device(device)' in text
        return
    assert "torch.cuda.set_device" not in text and 'f"cuda:' not in text
    out = run(fixed[variant], shim=True, scripts=[LAUNCHED])
    assert "pinned: neuron:0 autocast: True" in out
