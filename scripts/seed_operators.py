#!/usr/bin/env python3
"""Generate ``rules/operators.yaml``, the operator half of the capability table.

Every row is derived from a recorded input, never typed as a guess:

1. **Kernel rows** from ``scripts/data/torchneuron-aten-ops.tsv`` (a copy of
   ``../shared/data/torchneuron-aten-ops.tsv``: the ATen overloads pre-release TorchNeuron
   registers, with the file and line of each registration). Statuses there are ``native``,
   ``cpu_fallback`` and ``decomposed`` (only in the torch.compile decomposition table). A
   decomposed overload with no PyTorch composite kernel runs on the CPU in eager mode
   (``NO_COMPOSITE`` below, from ``torchneuron-ops-notes.md`` §5); the others run PyTorch's
   composite kernel, whose status is that of the ops it calls, so they are ``unknown``.
2. **Composite rows** for CompositeImplicitAutograd ops (``torch.linalg.eigh`` ->
   ``linalg_eigh``), which no backend implements: PyTorch decomposes them before they reach
   TorchNeuron. Which kernels they reach is *measured*: every OpInfo sample of the op (torch's
   own test inputs, ``torch.testing._internal.common_methods_invocations.op_db``) runs on CPU
   under a ``TorchDispatchMode`` that records the top-level ops below the composite layer.
   Only ops reached by *every* sample count (``torch.linalg.norm`` reaches ``_linalg_svd`` for
   ``ord=2`` only, so it is not marked); view and metadata ops (``VIEW_OPS``) are ignored.
   The row's status is the worst of the reached kernels: ``cpu_fallback`` if any runs on the
   host, ``unknown`` if any is unknown, else ``native``. Composites that pick a kernel by
   device type (``DEVICE_DEPENDENT``) are not measured, since the CPU path is not the
   Neuron path.
3. **Curated rows** (``FACTS``): statements from ``../shared/research/neuron.md`` and
   ``torchneuron-ops-notes.md`` with their own sources (documented ops, quantized variants,
   FFT kernels, per-op restrictions). They replace or annotate the rows above.

Ops that appear nowhere stay out of the table: the scanner treats them as ``unknown`` and
every output says "unverified".

Usage (repository root, with torch 2.13, PyYAML and expecttest installed)::

    python scripts/seed_operators.py            # write rules/operators.yaml
    python scripts/seed_operators.py --check    # exit 1 if the committed file is stale
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
TSV = REPO / "scripts" / "data" / "torchneuron-aten-ops.tsv"
ATEN_MAP = REPO / "rules" / "generated" / "aten_api.json"
OUTPUT = REPO / "rules" / "operators.yaml"
COMMAND = "python scripts/seed_operators.py"

TSV_SOURCE = ("shared/data/torchneuron-aten-ops.tsv (pre-release TorchNeuron, "
              "parmoham-aws/test-repo-parmoham@98154b8, 2026-04-21) [dev]")
NOTES = "shared/research/torchneuron-ops-notes.md"
RESEARCH = "shared/research/neuron.md"

# Decomposed-only overloads with no PyTorch composite kernel: in eager mode they take the
# boxed CPU fallback (torchneuron-ops-notes.md §5, "Eager behaviour of decomposed-only rows").
NO_COMPOSITE = {
    ("__rshift__", "Scalar"), ("binary_cross_entropy", "default"), ("binary_cross_entropy", "out"),
    ("col2im", "default"), ("col2im", "out"), ("elu", "out"), ("elu_backward", "grad_input"),
    ("nansum", "default"), ("nansum", "out"), ("native_batch_norm_backward", "default"),
    ("native_batch_norm_backward", "out"), ("reflection_pad1d", "out"), ("reflection_pad2d", "out"),
    ("reflection_pad3d", "out"), ("replication_pad1d", "out"), ("replication_pad3d", "out"),
}

# Views and metadata: computed from sizes and strides (as_strided/view are registered
# natively), so they do not decide where a composite's work runs. Ignored in measurements.
VIEW_OPS = {
    "alias", "as_strided", "detach", "diagonal", "expand", "expand_as", "lift_fresh", "narrow",
    "permute", "reshape", "select", "slice", "split", "split_with_sizes", "squeeze", "t",
    "transpose", "unbind", "unflatten", "unfold", "unsqueeze", "view", "view_as", "_reshape_alias",
    "_unsafe_view", "movedim", "mT", "mH", "T", "H", "conj", "resolve_conj", "resolve_neg",
    "_conj", "_neg_view", "chunk", "contiguous", "clone", "empty", "empty_like", "empty_strided",
    "flatten", "ravel", "broadcast_to", "broadcast_tensors", "_to_copy", "to", "copy_",
    # in-place views: they change sizes and strides only
    "squeeze_", "unsqueeze_", "transpose_", "t_", "as_strided_", "swapdims_", "detach_",
}

# Factories that PyTorch implements as CompositeExplicitAutograd kernels on top of empty and
# fill_/zero_, which are registered natively: they do not decide where a composite's work runs.
FACTORIES = {"new_ones", "new_zeros", "new_full", "new_empty", "zeros_like", "full_like",
             "ones_like", "empty_like", "scalar_tensor"}

# Composites that choose their kernels by device type: measuring them on CPU would describe
# the CPU path, not the Neuron one (dropout takes native_dropout on accelerators, SDPA picks
# a backend per device, RNNs pick cuDNN/MKLDNN paths).
DEVICE_DEPENDENT = {
    "dropout", "dropout_", "feature_dropout", "feature_dropout_", "alpha_dropout",
    "alpha_dropout_", "feature_alpha_dropout", "feature_alpha_dropout_",
    "scaled_dot_product_attention", "lstm", "gru", "rnn_tanh", "rnn_relu", "lstm_cell",
    "gru_cell", "rnn_tanh_cell", "rnn_relu_cell", "ctc_loss", "_batch_norm_impl_index",
    "embedding_bag", "_embedding_bag_forward_only",
}

_QUANTIZED = re.compile(
    r"(quantize_per_tensor(_dynamic|_tensor_qparams)?|quantize_per_channel|dequantize|int_repr|"
    r"q_scale|q_zero_point|q_per_channel_(scales|zero_points|axis)|qscheme|"
    r"_make_per_(tensor|channel)_quantized_tensor|quantized_.*|fbgemm_.*|_quantized_.*|"
    r"_saturate_weight_to_fp16|_empty_(per_channel_)?affine_quantized)")
QUANTIZED_NOTE = ("creates or computes on quantized tensors; the Neuron docs list quantized "
                  "operator variants as N (not supported)")
QUANTIZED_SOURCE = f"{RESEARCH} §1 Operator coverage: D-ops (supported-operators.html), status N"

FFT_NOTE = ("no FFT kernel is registered in the pre-release source; the legacy XLA analyzer "
            "reports aten::fft_fft unsupported by neuronx-cc; FFTs produce or consume complex "
            "tensors, which Neuron does not support")
FFT_SOURCE = (f"{RESEARCH} §4 (per-op status for torch.fft UNCONFIRMED; G-sdk analyze doc "
              f"example; complex: {NOTES} §2)")

FUSED_OPT_NOTE = ("no Neuron kernel in the pre-release source (only _fused_adamw_ is registered); "
                  "PyTorch accepts fused=True on the PrivateUse1 device "
                  "(torch/utils/_foreach_utils.py _get_fused_kernels_supported_devices, "
                  "torch 2.13), so without a kernel eager mode runs the step on the CPU")

# Curated rows. `status` given: the row is replaced; only `note`: the note is appended.
FACTS: list[dict[str, Any]] = [
    {"aten": "_grouped_mm", "status": "native", "since": "Neuron 2.32 docs (TorchNeuron beta)",
     "note": "documented as supported for MoE; offsets must be multiples of "
             "TORCH_NEURONX_ATEN_GMM_ALIGN (128), sorted; only 2-D x 2-D and 2-D x 3-D inputs [dev]",
     "source": f"{RESEARCH} §1 Distributed (G-sdk FAQ, pytorch-native-overview.rst); {NOTES} §3"},
    {"aten": "_scaled_grouped_mm", "status": "native", "since": "Neuron 2.32 docs (TorchNeuron beta)",
     "note": "documented as supported for MoE",
     "source": f"{RESEARCH} §1 Distributed (G-sdk FAQ, pytorch-native-overview.rst)"},
    {"aten": "scaled_dot_product_attention", "status": "native",
     "note": "on Neuron it selects the overrideable backend "
             "(_scaled_dot_product_fused_attention_overrideable, registered natively) for 4-D "
             "q/k/v, else the math path; the NKI flash kernel needs sequence lengths that are "
             "multiples of 512, head_dim <= 128, no dropout and no attn_mask bias [dev]",
     "source": f"{RESEARCH} §3 NKI (G-dev csrc/aten/SdpBackendSelection.cpp) [dev]; {NOTES} §4"},
    {"aten": "_fft_r2c", "status": "unknown", "note": FFT_NOTE, "source": FFT_SOURCE},
    {"aten": "_fft_c2r", "status": "unknown", "note": FFT_NOTE, "source": FFT_SOURCE},
    {"aten": "_fft_c2c", "status": "unknown", "note": FFT_NOTE, "source": FFT_SOURCE},
    {"aten": "_fused_adam_", "status": "unknown", "note": FUSED_OPT_NOTE,
     "alternative": "torch.optim.AdamW(..., fused=True) (_fused_adamw_ is registered) or fused=False",
     "source": f"{TSV_SOURCE}: absent; torch 2.13 torch/optim/adam.py"},
    {"aten": "_fused_sgd_", "status": "unknown", "note": FUSED_OPT_NOTE,
     "alternative": "fused=False (the _foreach_* kernels are registered natively)",
     "source": f"{TSV_SOURCE}: absent; torch 2.13 torch/optim/sgd.py"},
    {"aten": "_fused_adagrad_", "status": "unknown", "note": FUSED_OPT_NOTE,
     "alternative": "fused=False (the _foreach_* kernels are registered natively)",
     "source": f"{TSV_SOURCE}: absent; torch 2.13 torch/optim/adagrad.py"},
    {"aten": "_fused_adamw_",
     "note": "raises RuntimeError if any parameter is not on Neuron [dev]",
     "source": f"{NOTES} §3"},
    {"aten": "topk",
     "note": "the compiler rejects int32/int64 inputs (NCC_EVRF013); the XLA path needs the last "
             "dim, largest=True and float32/fp16/bf16, other cases fall back [dev]",
     "source": f"{RESEARCH} §4 (G-sdk compiler error codes); {NOTES} §2"},
    {"aten": "_native_multi_head_attention",
     "note": "raises NotImplementedError for a mask tensor and for need_weights=True [dev]",
     "source": f"{NOTES} §3"},
    {"aten": "binary_cross_entropy",
     "note": "also excluded from Neuron autocast [dev]; torch.compile(backend='neuron') "
             "decomposes it into native ops",
     "source": f"{RESEARCH} §1 Mixed precision (G-dev csrc/amp/autocast_mode.cpp)"},
]

# What Neuron does with each dtype NM203 reports (status: native | downcast | unsupported | unknown).
FLOAT64_NOTE = ("Trainium has no FP64, so TorchNeuron computes float64 in float32 (inputs cast "
                "down, casts to and from float64 through the host; torch.compile casts inputs and "
                "constants) [dev]")
COMPLEX_NOTE = ("complex dtypes are not supported on Neuron (upstream-test expectations: \"Complex "
                "data types are not supported on Neuron\"; no complex dtype in the device kernels) [dev]")
DTYPES: list[dict[str, Any]] = [
    {"name": "float64", "aliases": ["double"], "status": "downcast", "note": FLOAT64_NOTE,
     "source": f"{RESEARCH} §4 Unsupported ops and dtype limits (G-sdk data-types.rst; G-dev "
               f"python_ops/base.py, neuron_dynamo_backend/executor.py); {NOTES} §2"},
    {"name": "complex64", "aliases": ["cfloat"], "status": "unsupported", "note": COMPLEX_NOTE,
     "source": f"{NOTES} §2 Complex (tests/pytorch_tests/specs/aten_spec.json; "
               f"torch_neuronx/type_converter_base.py)"},
    {"name": "complex128", "aliases": ["cdouble"], "status": "unsupported", "note": COMPLEX_NOTE,
     "source": f"{NOTES} §2 Complex (tests/pytorch_tests/specs/aten_spec.json; "
               f"torch_neuronx/type_converter_base.py)"},
    {"name": "complex32", "aliases": ["chalf"], "status": "unsupported", "note": COMPLEX_NOTE,
     "source": f"{NOTES} §2 Complex (tests/pytorch_tests/specs/aten_spec.json; "
               f"torch_neuronx/type_converter_base.py)"},
]

_OUT_OVERLOAD = re.compile(r"(.*_)?out|grad_input|values|output|.*_out_.*")
STATUS_RANK = {"native": 0, "unknown": 1, "cpu_fallback": 2, "unsupported": 3}


class SeedError(Exception):
    pass


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_tsv(path: Path) -> dict[str, dict[str, tuple[str, str]]]:
    """{op: {overload: (status, evidence)}} from the shared TSV."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            status = row["status"]
            if status not in ("native", "cpu_fallback", "decomposed"):
                raise SeedError(f"{path}: {row['aten_op']}.{row['overload']}: unknown status {status!r}")
            out.setdefault(row["aten_op"], {})[row["overload"]] = (status, row["evidence"])
    return out


def eager_status(op: str, overload: str, status: str) -> str:
    """What an eager call of a TSV overload does: native, cpu_fallback or composite."""
    if status == "decomposed":
        return "cpu_fallback" if (op, overload) in NO_COMPOSITE else "composite"
    return status


def kernel_rows(tsv: dict[str, dict[str, tuple[str, str]]], ops: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """One row per TSV op, from its primary overload (``default``) or its functional overloads."""
    rows: dict[str, dict[str, Any]] = {}
    for op, overloads in sorted(tsv.items()):
        eager = {ov: eager_status(op, ov, st) for ov, (st, _) in overloads.items()}
        functional = {ov: s for ov, s in eager.items() if not _OUT_OVERLOAD.fullmatch(ov)} or eager
        primary = [functional["default"]] if "default" in functional else list(functional.values())
        if "cpu_fallback" in primary:
            status = "cpu_fallback"
        elif all(s == "native" for s in primary):
            status = "native"
        elif "native" in primary:
            status = "native"  # some overloads have a kernel, others are PyTorch composites
        else:
            status = "unknown"  # only PyTorch composites: their status is that of what they run
        parts = []
        for kind, words in (("native", "Neuron kernel registered"),
                            ("cpu_fallback", "runs on the CPU and copies back"),
                            ("composite", "no Neuron kernel: PyTorch's composite kernel runs it "
                                          "as other ops in eager mode, torch.compile decomposes it")):
            names = sorted(ov for ov, s in eager.items() if s == kind)
            if names:
                parts.append(f"{words}: {', '.join(names)}")
        evidence = sorted({ev for _, ev in overloads.values()})
        shown = "; ".join(evidence[:3]) + (f"; +{len(evidence) - 3} more" if len(evidence) > 3 else "")
        rows[op] = {
            "aten": op, "status": status,
            "note": "pre-release source, not confirmed on hardware; " + "; ".join(parts),
            "source": f"{TSV_SOURCE}: {shown}",
            "composite_only": status == "unknown",
        }
        if op not in ops:
            rows[op]["note"] += f"; not an operator of the torch {{torch}} map (renamed or removed)"
    return rows


def reached_status(op: str, overload: str, tsv, kernels) -> str | None:
    """Status of one kernel a composite reached; None for views and metadata."""
    if op in VIEW_OPS or op in FACTORIES:
        return None
    if op in tsv and overload in tsv[op]:
        s = eager_status(op, overload, tsv[op][overload][0])
        return "unknown" if s == "composite" else s
    if op in kernels:
        return kernels[op]["status"]
    functional = op[:-1] if op.endswith("_") and not op.endswith("__") else None
    if functional and tsv.get(functional, {}).get("out", ("",))[0] == "native":
        # a structured in-place op runs its op's out= kernel (torchneuron-ops-notes.md §1)
        return "native"
    return "unknown"


def measure_composites(ops: dict[str, Any], api: dict[str, list[str]],
                       overrides: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """{cia_op: {"python": name, "runs": [{(op, overload)} per sample]}} via OpInfo samples."""
    import torch
    from torch.testing._internal.common_methods_invocations import op_db
    from torch.utils._python_dispatch import TorchDispatchMode

    class Recorder(TorchDispatchMode):
        def __init__(self) -> None:
            super().__init__()
            self.seen: set[tuple[str, str]] = set()

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            schema = func._schema.name
            if schema.startswith("aten::"):
                self.seen.add((schema[len("aten::"):], func._overloadname))
            return func(*args, **(kwargs or {}))

    def is_composite(op: str) -> bool:
        row = ops.get(op)
        return bool(row) and "default" in row.get("cia", []) or bool(row) and \
            set(row.get("cia", [])) == set(row["overloads"])

    out: dict[str, dict[str, Any]] = {}
    for info in op_db:
        if info.variant_test_name:
            continue  # variants repeat the op with other sample sets
        python = next((n for n in (f"torch.{info.name}", f"Tensor.{info.name}") if n in api), None)
        if python is None:
            continue
        target = api[python][0]
        if python in overrides and len(overrides[python]["aten"]) > 1:
            continue  # a Python wrapper that runs several ops: its first op is not the whole call
        if target in DEVICE_DEPENDENT or not is_composite(target):
            continue
        dtype = torch.float32 if torch.float32 in info.supported_dtypes("cpu") else None
        if dtype is None:
            continue
        runs: list[set[tuple[str, str]]] = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                samples = list(info.sample_inputs("cpu", dtype, requires_grad=False))
            except Exception:  # noqa: BLE001 - a broken sample generator just means no row
                continue
            for sample in samples:
                rec = Recorder()
                try:
                    with rec:
                        info.op(sample.input, *sample.args, **sample.kwargs)
                except Exception:  # noqa: BLE001 - samples that raise on CPU say nothing
                    continue
                runs.append(rec.seen)
        if not runs:
            continue
        prev = out.get(target)
        if prev is not None:  # several Python names for one op: pool their samples
            runs = prev["runs"] + runs
            python = prev["python"]
        out[target] = {"python": python, "runs": runs}
    return out


def composite_rows(measured, tsv, kernels, torch_version: str) -> dict[str, dict[str, Any]]:
    """A row per measured composite: the status of its best sample (a call is only as bad as
    every way it can run), the kernels its samples reach, and which of those run on the host."""
    rows: dict[str, dict[str, Any]] = {}
    for op, m in sorted(measured.items()):
        kernel_status: dict[str, str] = {}
        sample_status: list[str | None] = []
        for seen in m["runs"]:
            worst = None
            for r_op, ov in sorted(seen):
                if r_op == op:
                    continue
                st = reached_status(r_op, ov, tsv, kernels)
                if st is None:
                    continue
                if STATUS_RANK[st] >= STATUS_RANK.get(kernel_status.get(r_op, "native"), 0):
                    kernel_status[r_op] = st
                if worst is None or STATUS_RANK[st] > STATUS_RANK[worst]:
                    worst = st
            sample_status.append(worst)
        if not kernel_status:
            continue  # only views and factories: nothing decides where it runs
        status = min((s or "native" for s in sample_status), key=STATUS_RANK.__getitem__)
        runs = sorted(kernel_status)
        detail = ", ".join(f"{r} ({kernel_status[r]})" for r in runs)
        n, bad = len(sample_status), sum(1 for s_ in sample_status if s_ == "cpu_fallback")
        note = (f"CompositeImplicitAutograd: PyTorch decomposes it before TorchNeuron sees it; "
                f"its {n} samples ran {detail}")
        host = [r for r in runs if kernel_status[r] == "cpu_fallback"]
        if status == "cpu_fallback":
            note = f"runs {', '.join(host)} on the CPU and copies the result back; " + note
        elif host:
            note = f"{bad} of {n} samples (some arguments) run {', '.join(host)} on the CPU; " + note
        rows[op] = {
            "aten": op, "status": status, "note": note, "runs": runs,
            "source": (f"measured: {n} OpInfo samples of {m['python']} on CPU, torch "
                       f"{torch_version}, under TorchDispatchMode ({COMMAND}), with the statuses "
                       f"of the ops it runs from {TSV_SOURCE}"),
        }
    return rows


def composite_ops(ops: dict[str, Any]) -> list[str]:
    """Ops whose every functional overload has a CompositeImplicitAutograd or
    CompositeExplicitAutograd kernel in the installed torch: PyTorch runs them on any backend
    through other ops, so TorchNeuron needs no kernel of that name. (Structured ops'
    CompositeExplicitAutogradNonFunctional kernels call their own out= kernel: not composite.)"""
    import torch

    has = torch._C._dispatch_has_kernel_for_dispatch_key
    out = []
    for op, row in sorted(ops.items()):
        functional = [ov for ov in row["overloads"] if not _OUT_OVERLOAD.fullmatch(ov)] or row["overloads"]
        names = [f"aten::{op}" if ov == "default" else f"aten::{op}.{ov}" for ov in functional]
        try:
            if all(has(n, "CompositeImplicitAutograd") or has(n, "CompositeExplicitAutograd") for n in names):
                out.append(op)
        except RuntimeError:  # an overload this torch does not register
            continue
    return out


def quantized_rows(ops: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {op: {"aten": op, "status": "unsupported", "note": QUANTIZED_NOTE, "source": QUANTIZED_SOURCE}
            for op in sorted(ops) if _QUANTIZED.fullmatch(op)}


def apply_facts(rows: dict[str, dict[str, Any]]) -> None:
    for fact in FACTS:
        op = fact["aten"]
        if "status" in fact:
            prev = rows.get(op)
            rows[op] = {k: fact[k] for k in ("aten", "status", "note", "alternative", "source", "since")
                        if k in fact}
            if prev is not None:  # keep what the registrations said, as evidence or as a conflict
                said = "" if prev["status"] == fact["status"] else f"the pre-release source says {prev['status']}: "
                rows[op]["note"] = f"{fact['note']}; {said}{prev['note']}"
                rows[op]["source"] = f"{fact['source']}; {prev['source']}"
            continue
        if op not in rows:
            raise SeedError(f"FACTS: {op} has no row to annotate")
        row = rows[op]
        row["note"] = f"{row['note']}; {fact['note']}"
        row["source"] = f"{row['source']}; {fact['source']}"
        for key in ("alternative", "since"):
            if key in fact:
                row[key] = fact[key]


def generate(measure: bool = True) -> str:
    with ATEN_MAP.open(encoding="utf-8") as fh:
        amap = json.load(fh)
    ops, api = amap["ops"], amap["api"]
    torch_version = amap["header"]["torch_version"]
    tsv = read_tsv(TSV)
    kernels = kernel_rows(tsv, ops)
    for row in kernels.values():
        row["note"] = row["note"].replace("{torch}", torch_version)
    rows: dict[str, dict[str, Any]] = {}
    rows.update(quantized_rows(ops))
    composites = composite_rows(measure_composites(ops, api, amap['overrides']), tsv, kernels, torch_version) if measure else {}
    rows.update(composites)
    for op, row in kernels.items():
        if row.pop("composite_only") and op in composites:
            # no Neuron kernel for its primary overload: the measured composite row says more
            composites[op]["note"] += "; " + row["note"]
            composites[op]["source"] += "; " + row["source"]
        else:
            rows[op] = row  # a registered kernel wins over PyTorch's composite
    apply_facts(rows)
    order = ("aten", "status", "note", "alternative", "runs", "since", "source")
    table = [{k: rows[op][k] for k in order if k in rows[op]} for op in sorted(rows)]
    counts: dict[str, int] = {}
    for row in table:
        counts[row["status"]] = counts.get(row["status"], 0) + 1

    header = {
        "schema_version": 1,
        "torch_neuronx": "2.13.3.0 / 2.14.3.0 (Neuron 2.33, public beta)",
        "evidence": ("The official per-API table (torch-neuronx docs/torch_api_compatibility.md) was "
                     "not available. Rows come from pre-release TorchNeuron source (Apr 2026, "
                     "torch~=2.10) marked [dev], the Neuron 2.32/2.33 docs, and measurements of "
                     "PyTorch composites; none was confirmed on Trainium. Ops not listed are "
                     "unknown, not unsupported. Refresh with `neuron-migrate ops import`."),
        "generated": {
            "command": COMMAND,
            "torch_version": torch_version,
            "inputs": {
                "tsv": {"path": "scripts/data/torchneuron-aten-ops.tsv", "sha256": sha256(TSV)},
                "aten_map": {"path": "rules/generated/aten_api.json", "sha256": sha256(ATEN_MAP)},
            },
            "counts": dict(sorted(counts.items())),
        },
    }
    preface = ("# The operator capability table: what TorchNeuron does with each ATen operator.\n"
               f"# GENERATED by `{COMMAND}`: edit the script (its FACTS) or its inputs, not this file.\n"
               "# status: native | cpu_fallback (runs on the host, slow) | unsupported | unknown.\n"
               "# runs: the kernels a composite op reaches (measured); since: first documented release.\n")
    body = yaml.safe_dump(header, sort_keys=False, width=100, allow_unicode=True)
    body += yaml.safe_dump({"dtypes": DTYPES}, sort_keys=False, width=100, allow_unicode=True)
    body += ("# composites: ops PyTorch runs through its own composite kernel on every backend\n"
             "# (CompositeImplicitAutograd or CompositeExplicitAutograd, read from the installed torch):\n"
             "# they need no Neuron kernel of their own, so an unknown status is not reported for them.\n")
    body += yaml.safe_dump({"composites": composite_ops(ops)}, sort_keys=False, width=100,
                           default_flow_style=None)
    body += yaml.safe_dump({"operators": table}, sort_keys=False, width=100, allow_unicode=True)
    return preface + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if rules/operators.yaml is stale")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    try:
        text = generate()
    except SeedError as exc:
        print(f"seed_operators: {exc}", file=sys.stderr)
        return 2
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is stale: run `{COMMAND}`", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
