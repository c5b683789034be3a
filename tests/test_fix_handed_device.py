"""A torch.cuda call handed a device value changes with that value, or not at all (checks/guards.py).

llm.c's train_gpt2.py: ``device = f"cuda:{ddp_local_rank}"`` then ``torch.cuda.set_device(device)``.
The string's unit was unsafe (the autocast test on the type derived from it) while the call was
rewritten alone as safe, so ``fix --apply`` handed ``"cuda:0"`` to ``torch.neuron.set_device``
(torch.cuda's functions refuse a device of another type; torch.accelerator's too). A call with a
rewrite whose device argument is a variable, an attribute or an option holding a CUDA device
string now joins the unit of that value: one fix, or neither.
"""

from __future__ import annotations

from neuron_migrate.testing import findings_of, fixed

LAUNCHED = '''import os
import torch
ddp = int(os.environ.get("RANK", -1)) != -1
if ddp:
    rank = int(os.environ["LOCAL_RANK"])
    device = f"cuda:{rank}"
    torch.cuda.set_device(device)
else:
    device = "cpu"
    if torch.cuda.is_available():
        device = "cuda"
device_type = "cuda" if "cuda" in device else "cpu"
ctx = torch.autocast(device_type) if device_type == "cuda" else None
'''


def _at(code: str, line: int, rule: str = "NM103"):
    return next(f for f in findings_of(code) if f.line == line and f.code == rule)


def test_the_call_takes_the_unsafe_unit_of_the_device_it_is_handed():
    call, value = _at(LAUNCHED, 7), _at(LAUNCHED, 6, "NM101")
    assert call.fix is not None and call.fix.applicability.value == "unsafe"
    assert call.fix.edits == value.fix.edits  # one fix: the string and the call together
    assert "one unit with `device` (lines 6, 11), the device it is handed" in call.message
    out = fixed(LAUNCHED)
    assert 'device = f"cuda:{rank}"\n    torch.cuda.set_device(device)' in out  # neither, safe only
    out = fixed(LAUNCHED, unsafe=True)
    assert 'device = f"neuron:{rank}"\n    torch.neuron.set_device(device)' in out  # both


def test_a_safe_value_and_its_call_are_one_safe_fix():
    code = 'import torch\ndef main(rank):\n    device = f"cuda:{rank}"\n    torch.cuda.set_device(device)\n'
    call = _at(code, 4)
    assert call.fix.applicability.value == "safe" and len(call.fix.edits) == 2
    assert "with the device value and the calls handed it: 2 rewrites as one" in call.fix.title
    assert 'device = f"neuron:{rank}"\n    torch.neuron.set_device(device)' in fixed(code)


def test_a_parameter_default_an_attribute_and_an_option_are_values_too():
    default = 'import torch\ndef pin(device="cuda:0"):\n    torch.cuda.synchronize(device)\n'
    assert "one unit with `device` (line 2)" in _at(default, 3).message
    attribute = ('import torch\nclass Runner:\n    def __init__(self, rank):\n        self.device = f"cuda:{rank}"\n'
                 '    def start(self):\n        torch.cuda.set_device(self.device)\n')
    assert "one unit with `self.device` (line 4)" in _at(attribute, 6).message
    option = ('import argparse\nimport torch\nparser = argparse.ArgumentParser()\n'
              'parser.add_argument("--device", default="cuda:0")\nargs = parser.parse_args()\n'
              'torch.cuda.set_device(args.device)\n')
    assert "one unit with `args.device` (line 4)" in _at(option, 6).message


def test_a_left_value_leaves_the_call_with_the_reason():
    code = ('import torch\ndef main():\n    device = "cuda:0"\n    torch.cuda.synchronize(device)\n'
            '    if device == "cuda:0":\n        major = torch.cuda.get_device_capability()\n    return device\n')
    call = _at(code, 4)
    assert call.fix is None
    assert "left with `device` (line 3), the device it is handed, which cannot change" in call.message


def test_an_index_or_a_device_without_a_cuda_string_is_not_joined():
    index = 'import torch\ndevice = "cuda"\nlocal_rank = 0\ntorch.cuda.set_device(local_rank)\nx = torch.zeros(2).to(device)\n'
    assert "one unit" not in _at(index, 4).message and len(_at(index, 4).fix.edits) == 1
    runtime = 'import torch\ndef sync(model):\n    device = next(model.parameters()).device\n    torch.cuda.synchronize(device)\n'
    assert "one unit" not in _at(runtime, 4).message


def test_a_memory_query_left_as_it_is_does_not_hold_its_value_back():
    """Without CUDA, torch.cuda.memory_allocated answers 0 before it reads its argument (also
    "neuron", measured on torch 2.13): left as it is, it is exact whatever the value becomes."""
    code = 'import torch\ndevice = "cuda"\nprint(torch.cuda.memory_allocated(device))\nx = torch.zeros(2).to(device)\n'
    assert _at(code, 2, "NM101").fix is not None and _at(code, 3).fix is None
    assert 'device = "neuron"\nprint(torch.cuda.memory_allocated(device))' in fixed(code)
