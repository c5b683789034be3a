"""A device default that a host without CUDA inspects and falls back from (project/device_probes.py).

A function that builds ``torch.device(p)`` from a value it is handed, compares it with "cuda" and
asks ``torch.cuda.is_available()`` runs where CUDA is absent, on the defaults that reach it. Those
defaults, and the comparisons of that chain, take the spelling exact on both hosts: "cuda" where
the plugin is absent (the original's fallback is taken as before), "neuron" where it is present.
"""

from __future__ import annotations

import pytest

from neuron_migrate.models import Options
from neuron_migrate.project.device_probes import chains, options_reaching_probes
from neuron_migrate.testing import findings_of, fixed

EXACT = '"neuron" if hasattr(torch, "neuron") else "cuda"'

PROBE = '''import torch


def usable(name):
    kind = torch.device(name).type
    if kind == "cuda":
        return torch.cuda.is_available()
    return kind == "cpu"


def choose(device="cuda"):
    if not usable(device.split(":")[0]):
        device = "cpu"
    return device


def run(args):
    return choose(getattr(args, "device", "cpu"))


def train(model, device="cuda"):
    return model.to(device)
'''


def test_the_default_and_the_comparison_of_a_probe_keep_cuda_without_the_plugin():
    out = fixed(PROBE)
    assert f'if kind == ({EXACT}):' in out
    assert 'return hasattr(torch, "neuron") and torch.neuron.is_available()' in out
    assert f'def choose(device={EXACT}):' in out
    # a default that only feeds .to() failed without CUDA anyway: the plain rewrite
    assert 'def train(model, device="neuron"):' in out
    assert fixed(out) == out  # a second run changes nothing


def test_the_finding_names_the_probe():
    default = next(f for f in findings_of(PROBE) if f.code == "NM101" and f.line == 11)
    assert "`usable` builds torch.device() from this value where CUDA is absent" in default.message
    assert 'it stays "cuda" where the Neuron plugin is not installed' in default.message
    assert default.fix is not None and default.fix.applicability.value == "safe"


@pytest.mark.parametrize("body", [
    # timm's variant: the check asserts, so the default never ran without CUDA
    'def choose(device="cuda"):\n    if device == "cuda":\n        assert torch.cuda.is_available()\n'
    '    return device\n',
    # nanochat's compute_init: it builds torch.device(device) but asserts availability, no fallback
    'def choose(device="cuda"):\n    if device == "cuda":\n        assert torch.cuda.is_available()\n'
    '    return torch.device(device)\n',
    'def choose(device="cuda"):\n    if device == "cuda" and not torch.cuda.is_available():\n'
    '        raise RuntimeError("CUDA is missing")\n    return torch.device(device)\n',
    # a device built from a literal, not from what the function is handed
    'def choose(device="cuda"):\n    kind = torch.device("cpu").type\n'
    '    if kind == "cuda" and torch.cuda.is_available():\n        return device\n    return "cpu"\n',
])
def test_without_a_probe_the_rewrite_is_plain(body):
    out = fixed("import torch\n\n\n" + body, unsafe=True)
    assert 'def choose(device="neuron"):' in out and "hasattr(torch, \"neuron\") else" not in out


OPTIONS = '''import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--device", default="cuda", choices=["cpu", "cuda"])
parser.add_argument("--eval-device", default="cuda")
args = parser.parse_args()
if args.device == "cuda" and not torch_ok():
    args.device = "cpu"
'''


def test_an_option_read_by_a_probe_of_another_module():
    options = Options(inspected_devices=(("device", "`usable` (probe.py)"),))
    out = fixed(OPTIONS, options=options)
    assert out.startswith("import torch\nimport argparse\n")  # the exact spelling needs torch
    assert f'parser.add_argument("--device", default={EXACT}, choices=["cpu", {EXACT}])' in out
    assert 'parser.add_argument("--eval-device", default="neuron")' in out  # not read by the probe
    # a comparison of the option reads the same value: it keeps recognising it on both hosts
    assert f"if args.device == ({EXACT}) and not torch_ok():" in fixed(OPTIONS, unsafe=True, options=options)
    why = next(f for f in findings_of(OPTIONS, options=options) if f.line == 4).message
    assert "`usable` (probe.py) builds torch.device() from this value" in why
    assert 'default="neuron", choices=["cpu", "neuron"])' in fixed(OPTIONS)  # without the probe: as before


def test_portable_spells_torch_for_an_inspected_option():
    options = Options(style="portable", inspected_devices=(("device", "`usable` (probe.py)"),))
    out = fixed(OPTIONS.split("parser.add_argument(\"--eval")[0], options=options)
    assert out.startswith("import torch\n")
    assert 'default=getattr(torch.accelerator.current_accelerator(), "type", "cuda")' in out


def test_the_options_handed_to_a_chain():
    import ast

    found = chains(ast.parse(PROBE + "\nchoose(cfg.train_device)\nusable(opts.name)\n"))
    assert [c.probe for c in found] == ["usable"]
    assert found[0].options == {"device", "train_device"}  # getattr(args, "device") and cfg.train_device
    assert options_reaching_probes([("pkg/probe.py", PROBE)]) == (("device", "`usable` (pkg/probe.py)"),)
    assert options_reaching_probes([("a.py", "import torch\nx = torch.device(y)\n")]) == ()


def test_where_torch_is_another_name_the_inspected_default_is_left():
    options = Options(inspected_devices=(("device", "`usable` (probe.py)"),))
    code = 'import argparse\n\n\ndef add(parser, torch):\n    parser.add_argument("--device", default="cuda")\n'
    assert fixed(code, unsafe=True, options=options) == code
    left = findings_of(code, options=options)[0]
    assert left.fix is None and "`usable` (probe.py) builds torch.device() from this value" in left.message


def test_a_literal_behind_the_rewritten_guard_of_a_probe_is_plain():
    """In the branch the guard opens, the plugin is there: "neuron", and no word of the fallback."""
    code = ('import torch\n\n\ndef usable(device=None):\n    if device is None:\n'
            '        device = "cuda" if torch.cuda.is_available() else "cpu"\n'
            '    kind = torch.device(device).type\n    return kind == "cuda" and torch.cuda.is_available()\n')
    out = fixed(code, unsafe=True)
    assert 'device = "neuron" if hasattr(torch, "neuron") and torch.neuron.is_available() else "cpu"' in out
    plain = next(f for f in findings_of(code) if f.line == 6 and f.code == "NM101")
    assert "builds torch.device()" not in plain.message


def _scan_json(capsys, root, *args) -> dict:
    import json

    from neuron_migrate.cli import main

    main(["scan", str(root), "-f", "json", *args])
    return {(f["path"], f["line"], f["code"]): f for f in json.loads(capsys.readouterr().out)["findings"]}


@pytest.mark.parametrize("cache", [False, True])
def test_scan_lists_the_fix_fix_writes_for_an_option_of_another_module(tmp_path, capsys, cache):
    """open_clip's --device (params.py) is read by is_device_available (distributed.py): scan read
    each module alone and listed the plain "neuron" for the option, which fix no longer writes.
    The summaries carry each module's probes and the device attributes its rewrites ask about;
    the asking modules are analysed again with the options found (and cached so, warm or cold)."""
    from neuron_migrate.cli import main

    (tmp_path / "probe.py").write_text(PROBE)
    (tmp_path / "options.py").write_text(OPTIONS)
    flags = [] if cache else ["--no-cache"]
    for _ in range(2 if cache else 1):  # a warm scan gives the same
        found = _scan_json(capsys, tmp_path, *flags)
        option = found["options.py", 4, "NM101"]
        assert option["fix"]["edits"][0]["replacement"] == EXACT
        assert "`usable` (probe.py) builds torch.device() from this value" in option["message"]
        assert "`fix` adds `import torch`" in option["message"]
        other = found["options.py", 5, "NM101"]  # --eval-device reaches no probe: plain
        assert other["fix"]["edits"][0]["replacement"] == "neuron"
    main(["fix", str(tmp_path), "--apply", "-q", "--no-cache"])
    capsys.readouterr()
    assert f'parser.add_argument("--device", default={EXACT}' in (tmp_path / "options.py").read_text()
