"""Run one model factory under Dynamo and write the measurement as JSON (a child process).

    python -m neuron_migrate.runtime.worker MODULE:FACTORY OUTPUT.json [--path DIR]...

The factory returns ``(model, example_inputs)``; inputs may be a tensor, a tuple/list of
positional arguments or a dict of keyword arguments. ``cuda`` and ``neuron`` devices are
mapped to the CPU while the factory runs. Exit 0 with the JSON written; exit 3 when the
factory or the forward pass raises (the message is in the JSON's ``error``).
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
import sysconfig


def installed_folders() -> list[str]:
    """The folders of this Python's installed packages, as written and as real paths: a file
    outside them (and the standard library) is the user's."""
    paths = sysconfig.get_paths()
    return sorted({p for k in ("purelib", "platlib") for p in (paths[k], os.path.realpath(paths[k]))})


def _user_file(path: str) -> bool:
    if not path.endswith(".py") or path.startswith("<"):
        return False
    real = os.path.realpath(path)
    libs = {*installed_folders(), os.path.realpath(sysconfig.get_paths()["stdlib"])}
    here = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    return not any(real.startswith(p + os.sep) for p in libs | {here})


@contextlib.contextmanager
def cpu_devices():
    """Map "cuda"/"neuron" device arguments (and .cuda()) to the CPU."""
    import torch
    from torch.overrides import TorchFunctionMode

    def cpu(dev):
        text = str(dev) if isinstance(dev, (str, torch.device)) else None
        if text is not None and text.split(":")[0] in ("cuda", "neuron"):
            return torch.device("cpu")
        return dev

    class ToCpu(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = dict(kwargs or {})
            if "device" in kwargs:
                kwargs["device"] = cpu(kwargs["device"])
            if getattr(func, "__name__", "") == "to":
                args = tuple(cpu(a) for a in args)
            return func(*args, **kwargs)

    saved = torch.Tensor.cuda, torch.nn.Module.cuda
    torch.Tensor.cuda = lambda self, *a, **k: self  # type: ignore[method-assign]
    torch.nn.Module.cuda = lambda self, *a, **k: self  # type: ignore[method-assign]
    try:
        with ToCpu():
            yield
    finally:
        torch.Tensor.cuda, torch.nn.Module.cuda = saved


def load_factory(spec: str):
    module_name, _, attr = spec.partition(":")
    if not module_name or not attr:
        raise ValueError(f"expected MODULE:FACTORY, got {spec!r}")
    obj = importlib.import_module(module_name)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return obj


def split_inputs(inputs) -> tuple[tuple, dict]:
    import torch

    if isinstance(inputs, dict):
        return (), dict(inputs)
    if isinstance(inputs, torch.Tensor):
        return (inputs,), {}
    return tuple(inputs), {}


def run(spec: str) -> dict:
    from neuron_migrate.runtime.dynamo import format_exception, measure_first_call

    class FactoryFailed(Exception):  # the user's factory, told apart from a model that fails
        pass

    def build():  # called twice: the eager and the compiled call are each a fresh model's first
        try:
            with cpu_devices():
                model, inputs = factory()
            return (model, *split_inputs(inputs), False)
        except Exception as exc:
            raise FactoryFailed(format_exception(exc)) from exc

    try:
        factory = load_factory(spec)
    except Exception as exc:  # the user's code: report it, do not crash
        return {"error": f"the factory {spec} raised: {format_exception(exc)}"}
    try:
        m, lines = measure_first_call(build, want=_user_file)
    except FactoryFailed as exc:
        return {"error": f"the factory {spec} raised: {exc}"}
    except Exception as exc:
        return {"error": f"running the model failed: {format_exception(exc)}"}
    return {"measurement": m.as_dict(), "executed": {f: sorted(v) for f, v in sorted(lines.items())}}


def main(argv: list[str]) -> int:
    spec, output, *rest = argv
    for i, arg in enumerate(rest):
        if arg == "--path" and i + 1 < len(rest):
            sys.path.insert(0, rest[i + 1])
    sys.path.insert(0, os.getcwd())
    import io

    with contextlib.redirect_stdout(io.StringIO()):  # the model may print; keep our stdout clean
        result = run(spec)
    with open(output, "w", encoding="utf-8") as fh:
        json.dump(result, fh)
    return 3 if "error" in result else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
