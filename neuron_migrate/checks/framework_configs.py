"""NM125, NM126: framework config files that choose CUDA outside the code.

- Accelerate's launch config (the YAML `accelerate config` writes, found by its content:
  a top-level ``distributed_type`` with ``compute_environment``, ``num_processes`` ...):
  ``distributed_type: MULTI_GPU`` / ``DEEPSPEED`` / ``MEGATRON_LM``, ``gpu_ids`` (exported by
  ``accelerate launch`` as ``CUDA_VISIBLE_DEVICES``), ``mixed_precision: fp16``, an Inductor
  ``dynamo_backend``.
- DeepSpeed's JSON config (``ds_config*.json``, ``deepspeed*.json``, ``zero*.json`` ... that
  hold DeepSpeed's keys): DeepSpeed on TorchNeuron is not documented, so the file is reported
  as unverified, with what it asks for (ZeRO stage, offload, precision).

Findings only, never a fix: the Neuron docs say Hugging Face accelerate runs natively on
TorchNeuron, but not which of these settings drive NeuronCores; DeepSpeed is not documented
at all. Each finding says which part is documented and which is not.
"""

from __future__ import annotations

import bisect
import json
import re

from neuron_migrate.checks import rule
from neuron_migrate.checks.manifests import problem
from neuron_migrate.models import FileResult, Finding, Options
from neuron_migrate.source import SourceError, SourceFile

_ACCELERATE_DOCUMENTED = ("the Neuron docs say Hugging Face accelerate runs natively on TorchNeuron, "
                          "not which setting drives NeuronCores (unverified)")

NM125 = rule(
    "NM125", "accelerate-config-cuda-choice", "warning", "framework",
    summary="Accelerate config file chooses CUDA (distributed_type, gpu_ids, fp16)",
    why="`accelerate launch` reads this file: `distributed_type: MULTI_GPU` starts one CUDA process "
        "per GPU, `gpu_ids` becomes CUDA_VISIBLE_DEVICES (NeuronCores are chosen with "
        "NEURON_RT_VISIBLE_CORES), `mixed_precision: fp16` scales the loss for fp16 (Neuron documents "
        "bf16 autocast), an INDUCTOR `dynamo_backend` has no Neuron target. Accelerate runs natively "
        "on TorchNeuron (Neuron docs), but which of its settings select NeuronCores is not documented.",
    example="compute_environment: LOCAL_MACHINE\ndistributed_type: MULTI_GPU\n"
            "gpu_ids: 0,1\nmixed_precision: fp16\nnum_processes: 2",
    use_instead="# regenerated with `accelerate config` on the Trainium host\n"
                "compute_environment: LOCAL_MACHINE\nmixed_precision: bf16\nnum_processes: 2",
    fix="none", fix_reason="which settings select NeuronCores in accelerate is not documented",
    source="D-hf (accelerate runs natively on TorchNeuron); accelerate-launch (gpu_ids exported as "
           "CUDA_VISIBLE_DEVICES); D-idx (bf16 autocast); D-cref (no Inductor)",
    example_file="accelerate_config.yaml",
)
NM126 = rule(
    "NM126", "deepspeed-config", "warning", "framework",
    summary="DeepSpeed config file: DeepSpeed on TorchNeuron is not documented (unverified)",
    why="DeepSpeed's ZeRO stages, CPU/NVMe offload and fp16 loss scaling run through DeepSpeed's own "
        "engine and ops, whose support for the neuron device is not documented. TorchNeuron documents "
        "DDP, FSDP and DTensor for sharded training (FSDP covers what ZeRO-3 does: our mapping), "
        "and bf16 autocast rather than fp16 loss scaling.",
    example='{"train_micro_batch_size_per_gpu": 8, "fp16": {"enabled": true},\n'
            ' "zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}}}',
    use_instead='{"_": "no DeepSpeed config: shard with torch.distributed.fsdp and use torch.autocast('
                '\\"neuron\\", dtype=torch.bfloat16)"}',

    fix="none", fix_reason="DeepSpeed on TorchNeuron is not documented: there is nothing certain to write",
    source="D-train and G-sdk FAQ (DDP, FSDP, DTensor documented; DeepSpeed not mentioned); "
           "neuron.md §1 Mixed precision (bf16 documented, GradScaler unconfirmed)",
    example_file="ds_config.json",
)

# the files are recognised in formats.py (DEEPSPEED_NAME, looks_like_accelerate)
_DEEPSPEED_KEYS = ("zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size",
                   "zero_allow_untested_optimizer", "gradient_accumulation_steps")


# -- analysis --------------------------------------------------------------------------------

class _Out:
    def __init__(self, path: str, options: Options, text: str) -> None:
        self.path, self.options, self.text = path, options, text
        self.findings: list[Finding] = []
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def add(self, r, offset: int, length: int, message: str) -> None:
        if not self.options.wants(r.code, self.path):
            return
        line = bisect.bisect_right(self.line_starts, offset) - 1
        column = offset - self.line_starts[line] + 1
        self.findings.append(Finding(
            code=r.code, rule=r.name, severity=r.severity, category=r.category, path=self.path,
            line=line + 1, column=column, end_line=line + 1, end_column=column + length, message=message))

    def result(self) -> FileResult:
        self.findings.sort(key=lambda f: f.sort_key)
        return FileResult(self.path, tuple(self.findings), lines=self.text.count("\n") + 1)


def analyse_config(path: str, data: bytes, options: Options) -> FileResult:
    """Findings of an Accelerate config (YAML) or a DeepSpeed config (JSON)."""
    try:
        text = SourceFile.from_bytes(path, data).text
    except SourceError as exc:
        return problem(path, f"cannot read the config file: {exc.message}", 1, 0, options)
    out = _Out(path, options, text)
    if path.endswith(".json"):
        return _deepspeed(text, out, options)
    return _accelerate(text, out, options)


def _accelerate(text: str, out: _Out, options: Options) -> FileResult:
    import yaml

    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        return problem(out.path, f"cannot read the Accelerate config file as YAML: {exc}",
                       mark.line + 1 if mark else 1, text.count("\n") + 1, options)
    if not isinstance(root, yaml.MappingNode):
        return out.result()
    values = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}

    def at(node, message: str) -> None:
        out.add(NM125, node.start_mark.index, max(node.end_mark.index - node.start_mark.index, 1), message)

    def scalar(key: str) -> str | None:
        node = values.get(key)
        return str(node.value) if isinstance(node, yaml.ScalarNode) else None

    kind = scalar("distributed_type")
    if kind == "MULTI_GPU":
        at(values["distributed_type"], "distributed_type: MULTI_GPU starts one CUDA process per GPU; "
           f"{_ACCELERATE_DOCUMENTED}: regenerate this file with `accelerate config` on the Trainium host")
    elif kind in ("DEEPSPEED", "MEGATRON_LM"):
        at(values["distributed_type"], f"distributed_type: {kind}: "
           f"{'DeepSpeed' if kind == 'DEEPSPEED' else 'Megatron-LM'} on TorchNeuron is not documented "
           "(unverified); TorchNeuron documents DDP, FSDP and DTensor")
    gpu_ids = scalar("gpu_ids")
    if gpu_ids is not None and gpu_ids.strip().lower() not in ("all", "", "null", "none"):
        at(values["gpu_ids"], f"gpu_ids: {gpu_ids}: `accelerate launch` exports it as CUDA_VISIBLE_DEVICES, "
           "which does not select NeuronCores; NEURON_RT_VISIBLE_CORES does (a contiguous range)")
    if (scalar("mixed_precision") or "").lower() == "fp16":
        at(values["mixed_precision"], "mixed_precision: fp16 scales the loss for fp16; Neuron documents "
           "bf16 autocast, which needs no scaler: bf16 (accelerate's precision on Neuron is unverified)")
    dynamo = values.get("dynamo_config")
    backends = [v for k, v in dynamo.value if k.value == "dynamo_backend"] if isinstance(
        dynamo, yaml.MappingNode) else []
    if "dynamo_backend" in values:
        backends.append(values["dynamo_backend"])
    for node in backends:
        if isinstance(node, yaml.ScalarNode) and str(node.value).upper() == "INDUCTOR":
            at(node, "dynamo_backend: INDUCTOR: Inductor has no Neuron target (Neuron compiles with "
               'backend="neuron"; whether accelerate can pass it is unverified)')
    return out.result()


def _deepspeed(text: str, out: _Out, options: Options) -> FileResult:
    if not any(f'"{key}"' in text for key in (*_DEEPSPEED_KEYS, "fp16", "bf16")):
        return out.result()  # a JSON file with such a name that is no DeepSpeed config
    try:
        config = json.loads(text)
    except ValueError as exc:
        line = getattr(exc, "lineno", 1)
        return problem(out.path, f"cannot read the DeepSpeed config as JSON: {exc}", line,
                       text.count("\n") + 1, options)
    if not isinstance(config, dict) or not any(key in config for key in _DEEPSPEED_KEYS):
        return out.result()

    def key_at(*path: str) -> tuple[int, int]:
        """Offset and length of the last key of ``path`` (each searched after its parent)."""
        offset = 0
        for key in path:
            m = re.compile(rf'"{re.escape(key)}"\s*:').search(text, offset)
            if m is None:
                return offset, 1
            offset = m.start()
        return offset, len(path[-1]) + 2

    asks = []
    zero = config.get("zero_optimization")
    if isinstance(zero, dict):
        if "stage" in zero:
            asks.append(f"ZeRO stage {zero['stage']}")
        for part in ("offload_optimizer", "offload_param"):
            device = zero[part].get("device") if isinstance(zero.get(part), dict) else None
            if device not in (None, "none"):
                asks.append(f"{part} to {device}")
    for precision in ("fp16", "bf16"):
        if isinstance(config.get(precision), dict) and config[precision].get("enabled") is True:
            asks.append(precision)
    first = next(iter(config))
    what = f" (it asks for {', '.join(asks)})" if asks else ""
    out.add(NM126, *key_at(first), f"DeepSpeed config{what}: DeepSpeed on TorchNeuron is not documented "
            "(unverified); TorchNeuron documents DDP, FSDP and DTensor for sharded training, and bf16 autocast")
    if isinstance(config.get("fp16"), dict) and config["fp16"].get("enabled") is True:
        out.add(NM126, *key_at("fp16"), 'fp16 with loss scaling: Neuron documents bf16 autocast, which '
                'needs no scaler: "bf16": {"enabled": true} (DeepSpeed on Neuron unverified)')
    if isinstance(config.get("amp"), dict) and config["amp"].get("enabled") is True:
        out.add(NM126, *key_at("amp"), "amp: NVIDIA apex AMP, which is CUDA-only; Neuron documents "
                "bf16 autocast")
    return out.result()
