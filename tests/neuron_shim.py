"""Test-only: run a migrated script on the CPU as if a Neuron device were present.

    python tests/neuron_shim.py path/to/train.py [script arguments...]

This is not shipped and is not a Neuron emulator. It gives a program rewritten by
``neuron-migrate fix`` what it needs to run on a CPU-only torch, so a test can show the
rewritten program is valid and still trains:

- ``torch.device("neuron")`` parses: the PrivateUse1 backend is renamed to ``neuron``, and
  tensors and modules get ``.neuron()`` / ``.is_neuron`` as TorchNeuron provides them;
- ``torch.neuron.*`` exists: a device module whose functions answer for one CPU "device";
  a device argument of another type (``torch.neuron.set_device("cuda:0")``) is refused, as
  torch.cuda's and torch.accelerator's functions refuse one (TorchNeuron's answer is not
  documented, so a fix must not hand it one);
- a TorchFunctionMode maps every ``neuron`` device in the arguments of a torch function
  (``x.to("neuron")``, ``torch.zeros(..., device=dev)``, a module's ``.to(dev)``) to the CPU;
- ``torch.autocast("neuron")`` runs (the device module declares its AMP dtypes; autocast on a
  PrivateUse1 key leaves CPU tensors in float32), and ``torch.amp.GradScaler("neuron")``
  scales on the CPU;
- ``init_process_group("neuron")`` uses gloo, and DDP drops ``device_ids`` for a CPU module;
  ``dist.is_backend_available("neuron")`` is true and ``neuron`` is the default backend of the
  ``neuron`` device, as TorchNeuron registers it (``register_backend("neuron", ..., devices=["neuron"])``);
- ``torch.accelerator`` reports ``neuron`` (the renamed PrivateUse1 device with its module), its
  device index, synchronisation and memory queries are answered by the shim's ``torch.neuron``
  (TorchNeuron answers them through PrivateUse1 hooks), and ``torch.get_device_module()`` is
  ``torch.neuron``;
- ``pin_memory`` is a no-op (it asks the device backend, which the shim has not got);
- ``torch.compile`` returns the model unchanged (Inductor on the CPU takes far longer
  than the few steps a test runs, and the Neuron backend is not what is being tested).
"""

from __future__ import annotations

import runpy
import sys
import types

import torch
import torch.distributed as dist
from torch.overrides import TorchFunctionMode

NAME = "neuron"


def _is_neuron(value) -> bool:
    if isinstance(value, torch.device):
        return value.type == NAME
    return isinstance(value, str) and (value == NAME or value.startswith(NAME + ":"))


def _to_cpu(value):
    if _is_neuron(value):
        return torch.device("cpu") if isinstance(value, torch.device) else "cpu"
    return value


# a device object, and autocast's state for a device type, are what the program chose
_QUERIES = (torch.device, torch.is_autocast_enabled, torch.get_autocast_dtype)


class NeuronOnCpu(TorchFunctionMode):
    """Every torch function sees "cpu" where the program said "neuron"."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func is torch.Tensor.pin_memory:  # page-locking is for a device to copy from
            return args[0]
        if func in _QUERIES:  # the program's choice stays visible; using it maps to the CPU
            return func(*args, **(kwargs or {}))
        args = tuple(_to_cpu(a) for a in args)
        kwargs = {k: _to_cpu(v) for k, v in (kwargs or {}).items()}
        return func(*args, **kwargs)


def _device_module() -> types.ModuleType:
    mod = types.ModuleType("torch.neuron")
    state = {"device": 0}

    def index(device, optional=False) -> int:
        """The index of a neuron device given as a torch.device, a string or an int. A device of
        another type is refused, as torch.cuda's and torch.accelerator's functions refuse one
        (what torch.neuron does with "cuda:0" is not documented: a fix must not rely on it)."""
        if device is None and optional:
            return state["device"]
        if isinstance(device, int):
            return device
        device = torch.device(device)
        if device.type != NAME:
            raise ValueError(f"Expected a {NAME} device, but got: {device}")
        return state["device"] if device.index is None else device.index

    def set_device(device) -> None:
        state["device"] = index(device)

    mod.is_available = lambda: True
    mod.is_initialized = lambda: True
    mod.device_count = lambda: 1
    mod.current_device = lambda: state["device"]
    mod.set_device = set_device
    def answer(value):  # a query of one device: its argument checked, then the answer
        return lambda device=None: (index(device, optional=True), value)[1]

    mod.synchronize = answer(None)
    # the CPU generator stands in for the device's (torch.manual_seed calls these too)
    cpu = torch.default_generator
    mod.manual_seed = mod.manual_seed_all = lambda seed: cpu.manual_seed(int(seed))
    mod.seed = mod.seed_all = lambda: cpu.seed()
    mod.initial_seed = lambda: cpu.initial_seed()
    mod.get_amp_supported_dtype = lambda: [torch.float16, torch.bfloat16, torch.float32]
    mod.is_bf16_supported = lambda: True
    mod.get_device_name = answer("NeuronCore (CPU shim)")
    for name in ("memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved"):
        setattr(mod, name, answer(0))
    mod.empty_cache = lambda: None
    mod.reset_peak_memory_stats = answer(None)
    mod._is_in_bad_fork = lambda: False
    return mod


def install() -> None:
    torch.utils.rename_privateuse1_backend(NAME)
    torch._register_device_module(NAME, _device_module())
    torch.utils.generate_methods_for_privateuse1_backend(for_tensor=True, for_module=True,
                                                         for_storage=False)

    scaler_init = torch.amp.GradScaler.__init__

    def grad_scaler_init(self, device="cuda", *args, **kwargs):
        scaler_init(self, "cpu" if _is_neuron(device) else device, *args, **kwargs)

    torch.amp.GradScaler.__init__ = grad_scaler_init

    init_process_group = dist.init_process_group

    def init_with_gloo(backend=None, *args, **kwargs):
        return init_process_group("gloo" if backend == NAME else backend, *args, **kwargs)

    dist.init_process_group = init_with_gloo
    backend_available, default_backend = dist.is_backend_available, dist.get_default_backend_for_device
    dist.is_backend_available = lambda backend: backend == NAME or backend_available(backend)
    dist.get_default_backend_for_device = lambda device: (
        NAME if _is_neuron(device) or getattr(device, "type", None) == NAME else default_backend(device))

    ddp_init = torch.nn.parallel.DistributedDataParallel.__init__

    def ddp_on_cpu(self, module, device_ids=None, output_device=None, *args, **kwargs):
        if all(p.device.type == "cpu" for p in module.parameters()):
            device_ids = output_device = None
        ddp_init(self, module, device_ids, output_device, *args, **kwargs)

    torch.nn.parallel.DistributedDataParallel.__init__ = ddp_on_cpu
    for name in ("memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved"):
        setattr(torch.accelerator, name, lambda device_index=None: 0)  # no device allocator here
    torch.accelerator.reset_peak_memory_stats = lambda device_index=None: None
    # the device index and synchronisation go through PrivateUse1 hooks TorchNeuron registers
    # and the shim has not got: torch.neuron answers them
    torch.accelerator.set_device_index = torch.accelerator.set_device_idx = lambda device: torch.neuron.set_device(device)
    torch.accelerator.current_device_index = torch.accelerator.current_device_idx = lambda: torch.neuron.current_device()
    torch.accelerator.synchronize = lambda device=None: None
    torch.accelerator.empty_cache = lambda: None
    # TorchNeuron registers PrivateUse1 hooks, so the current accelerator's module is torch.neuron
    device_module = torch.get_device_module
    torch.get_device_module = lambda device=None: device_module(NAME if device is None else device)
    torch.compile = lambda model=None, *args, **kwargs: model if model is not None else (lambda m: m)
    NeuronOnCpu().__enter__()  # for the rest of the process


if __name__ == "__main__":
    install()
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path.insert(0, str(__import__("pathlib").Path(script).resolve().parent))
    runpy.run_path(script, run_name="__main__")
