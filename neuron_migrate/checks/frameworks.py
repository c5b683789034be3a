"""NM122-NM124, NM307: device choices made at the framework level, outside torch.cuda.

torch.compile's default backend and the Inductor/Dynamo settings, PyTorch Lightning's
Trainer/Fabric, Hugging Face TrainingArguments and Accelerator. These are findings only: where
a framework's support for TorchNeuron is not documented the finding says so, and no rewrite is
offered. (FSDP's ShardedGradScaler is NM106 with the other scalers; FSDP's
``device_id=torch.cuda.current_device()`` needs only NM103's rewrite: an int device_id becomes
a device of the current accelerator, torch.distributed.fsdp._init_utils._get_device_from_device_id.)
"""

from __future__ import annotations

import ast

from neuron_migrate.capabilities import target
from neuron_migrate.checks import Context, on, prefilter, rule
from neuron_migrate.models import Severity

prefilter(__name__, ("compile", "_inductor", "_dynamo", "Trainer", "Fabric", "TrainingArguments",
                     "Accelerator"))

_T = target()

NM122 = rule(
    "NM122", "compile-default-backend", "info", "compile",
    summary="torch.compile without backend=: Inductor on CUDA and CPU",
    why="Without `backend=`, torch.compile uses Inductor, which has no Neuron target. The Neuron "
        'docs say `backend="neuron"` is selected for a model on the neuron device; naming it makes '
        "the choice visible. A `mode=` that `fix` drops leaves this default in place.",
    example="model = torch.compile(model)",
    use_instead=f'model = torch.compile(model, backend="{_T.compile_backend}")  # on Neuron',
    fix="none", fix_reason='backend="neuron" fails on a host without the Neuron plugin',
    source="D-cref (neuron.md §1 torch.compile: backend neuron, auto-selected on a Neuron device)",
)
NM123 = rule(
    "NM123", "inductor-config", "warning", "compile",
    summary="torch._inductor.config setting: no effect with the Neuron backend",
    why="The Neuron compile path is Dynamo → AOT Autograd → StableHLO → neuronx-cc, with no "
        "Inductor; Inductor's settings (autotuning, Triton, CUDA graphs) do nothing there.",
    example="torch._inductor.config.coordinate_descent_tuning = True",
    use_instead="# Inductor tuning has no Neuron equivalent: tune with NEURON_CC_FLAGS",
    fix="none", fix_reason="the setting still applies where the code runs on CUDA or CPU",
    source="D-cref, D-cabout (no Inductor)",
)
NM124 = rule(
    "NM124", "framework-device-choice", "warning", "framework",
    summary="a framework chooses CUDA here (accelerator, precision, device flags)",
    why="Lightning's `accelerator=\"gpu\"`, `precision=\"16-mixed\"`, Hugging Face's `fp16=True` or "
        "`no_cuda=` pick CUDA or fp16 loss scaling outside torch.cuda. Hugging Face transformers "
        "and accelerate detect Trainium themselves; fp16 loss scaling on Neuron is not documented "
        "(bf16 is). TorchNeuron support in PyTorch Lightning is not documented (unverified). "
        '`"gpu" if torch.cuda.is_available() else "cpu"`, or `if torch.cuda.is_available(): accelerator = "gpu"`, '
        'names the CUDA GPU in such a framework\'s terms: '
        "its question is left with it (`fix` does not ask it of Neuron), so on Neuron it picks the CPU as it did.",
    example='from lightning.pytorch import Trainer\ntrainer = Trainer(accelerator="gpu", precision="16-mixed")',
    use_instead='from lightning.pytorch import Trainer\ntrainer = Trainer(accelerator=..., precision="bf16-mixed")'
                "  # once Lightning documents TorchNeuron",
    fix="none", fix_reason="what the framework does on Neuron is not documented, or not certain",
    source="Neuron docs training.html (Hugging Face libraries run natively on TorchNeuron); "
           "transformers docs hardware.md (TrainingArguments detects the backend); neuron.md §1 "
           "Mixed precision (bf16 documented, GradScaler unconfirmed)",
)
NM307 = rule(
    "NM307", "dynamo-dynamic-shape-config", "warning", "shapes",
    summary="Dynamo dynamic-shape setting: the Neuron backend compiles static shapes",
    why="The Neuron backend rejects dynamic shapes and recompiles per new shape; "
        "`automatic_dynamic_shapes`, `assume_static_by_default = False` and dynamic output "
        "shape capture ask Dynamo for the symbolic shapes it cannot take.",
    example="torch._dynamo.config.automatic_dynamic_shapes = True",
    use_instead="torch._dynamo.config.automatic_dynamic_shapes = False  # pad or bucket shapes",
    fix="none", fix_reason="turning it off changes what recompiles on CUDA and CPU",
    source="D-cref (dynamic=True rejected; shapes that vary recompile)",
)

_DYNAMIC = {"automatic_dynamic_shapes": True, "assume_static_by_default": False,
            "capture_dynamic_output_shape_ops": True, "capture_scalar_outputs": True}
_LIGHTNING = ("lightning.pytorch.Trainer", "pytorch_lightning.Trainer", "lightning.Trainer",
              "lightning.fabric.Fabric", "lightning.Fabric", "lightning_fabric.Fabric",
              "pytorch_lightning.trainer.trainer.Trainer")
_HF_ARGS = ("transformers.TrainingArguments", "transformers.Seq2SeqTrainingArguments",
            "transformers.training_args.TrainingArguments")
_ACCELERATE = ("accelerate.Accelerator",)
_CUDA_ACCELERATORS = ("gpu", "cuda", "auto")
_FP16 = ("16-mixed", "16", 16, "fp16")


def _value(node: ast.AST) -> object:
    return node.value if isinstance(node, ast.Constant) else None


@on(ast.Call)
def check_framework_call(call: ast.Call, ctx: Context) -> None:
    name = ctx.qualify(call.func)
    if name is None:
        return
    keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg}
    if name == "torch.compile":
        if "backend" not in keywords and not any(kw.arg is None for kw in call.keywords):
            ctx.report(NM122, call.func)
    elif name in _LIGHTNING:
        _lightning(call, keywords, ctx)
    elif name in _HF_ARGS:
        for key in ("fp16", "no_cuda", "use_cpu"):
            if key in keywords and _value(keywords[key]) is not False:
                ctx.report(NM124, keywords[key], _HF_MESSAGES[key])
    elif name in _ACCELERATE:
        mp = keywords.get("mixed_precision")
        if mp is not None and _value(mp) == "fp16":
            ctx.report(NM124, mp, 'Accelerator(mixed_precision="fp16") scales the loss for fp16; '
                       'Neuron documents bf16 autocast, which needs no scaler: use "bf16"')
    elif name.endswith("._inductor.config.patch") or name == "torch._inductor.config.patch":
        ctx.report(NM123, call.func)


_HF_MESSAGES = {
    "fp16": "TrainingArguments(fp16=True): fp16 with loss scaling; transformers detects Trainium, "
            "and Neuron documents bf16 autocast, which needs no scaler: use bf16=True",
    "no_cuda": "TrainingArguments(no_cuda=...): a CUDA switch; on Trainium it is use_cpu= that "
               "keeps training off the NeuronCores",
    "use_cpu": "TrainingArguments(use_cpu=...): when true, training stays on the CPU on Trainium too",
}


def _lightning(call: ast.Call, keywords: dict, ctx: Context) -> None:
    accelerator = keywords.get("accelerator")
    if accelerator is not None and _value(accelerator) in _CUDA_ACCELERATORS:
        ctx.report(NM124, accelerator, f"Lightning accelerator={_value(accelerator)!r} selects CUDA "
                   "where it finds it; TorchNeuron support in Lightning is not documented "
                   "(unverified): port the training step by hand or check Lightning's own docs")
    precision = keywords.get("precision")
    if precision is not None and _value(precision) in _FP16:
        ctx.report(NM124, precision, f"Lightning precision={_value(precision)!r}: fp16 with loss "
                   'scaling; Neuron documents bf16 autocast: "bf16-mixed" (Lightning on Neuron unverified)')
    strategy = keywords.get("strategy")
    if strategy is not None and isinstance(_value(strategy), str) and "deepspeed" in _value(strategy):
        ctx.report(NM124, strategy, "DeepSpeed on TorchNeuron is not documented (unverified)",
                   severity=Severity.WARNING)


@on(ast.Assign)
def check_compiler_config(node: ast.Assign, ctx: Context) -> None:
    for target_node in node.targets:
        if not isinstance(target_node, ast.Attribute):
            continue
        name = ctx.qualify(target_node)
        if name is None:
            continue
        if name.startswith("torch._inductor.config."):
            ctx.report(NM123, target_node, f"{name}: {NM123.summary.split(': ', 1)[1]}")
        elif name.startswith("torch._dynamo.config.") and name.rsplit(".", 1)[1] in _DYNAMIC:
            key = name.rsplit(".", 1)[1]
            if _value(node.value) == _DYNAMIC[key]:
                ctx.report(NM307, target_node, f"{name} = {_value(node.value)!r}: {NM307.summary.split(': ', 1)[1]}")
