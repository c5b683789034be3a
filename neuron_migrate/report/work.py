"""Readiness and effort as a person plans them: CUDA references migrated, blockers, work items.

Readiness (as HIPIFY and SYCLomatic report a share)
    ``migrated share`` = CUDA-specific references (warning and error findings of the device and
    CUDA API, custom-kernel and dependency rules: NM1xx, NM5xx, NM6xx) that ``neuron-migrate
    fix`` rewrites safely ÷ all of them; beside it, those ``fix --unsafe-fixes`` rewrites once a
    person has read the diff, and those left by hand (SYCLomatic's effort buckets). Separately, what *blocks a first run* on Trainium:
    unsupported operators (NM2xx errors), CUDA-only dependencies that are required (NM6xx
    errors: not behind a platform marker or an optional extra), kernels and CUDA libraries
    imported without a fallback path (NM5xx errors), CUDA calls `fix` leaves for a
    person (NM1xx errors: no twin, or left where a rewrite was not certain), and files that
    could not be analysed (NM9xx errors). A dependency in an optional extra, behind a marker,
    or imported only on a guarded path is a warning, never a blocker. Verdict: "blocked" while
    a blocker remains, "needs work" while manual items remain, "ready after fix" otherwise.

Effort
    One work item per thing a person does (a kernel to port, a guard to restructure, a
    dependency to replace, the dynamic-shape sites of one file to pad or bucket), merged
    across files (identical copies of a file are one item); each kind costs a documented low–high range of hours (``KINDS``). Items
    in tests, examples and vendored code, and items on optional paths, are counted apart
    from the product's total.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass

from neuron_migrate.commands import plural

def fixable(f: dict) -> str:
    """A finding's fix applicability: safe, unsafe or none."""
    return f["fix"]["applicability"] if f.get("fix") else "none"


# Where the operator rules (checks/operators.py) name ATen operators in their messages;
# tests/test_report.py runs those rules, so a change of wording shows up there.
_ATEN = re.compile(r"aten::([A-Za-z_]\w*)")
_ON_HOST = re.compile(r": ([\w, ]+) runs on the host")
_LISTED = re.compile(r"\(([\w, ]+), line (\d+)\)")


def operator_names(message: str) -> list[tuple[str, int | None]]:
    """(ATen name, line) pairs a message names; the line when the message gives its own."""
    names: list[tuple[str, int | None]] = []
    for pattern in (_ATEN, _ON_HOST, _LISTED):
        for m in pattern.finditer(message):
            line = int(m.group(2)) if pattern is _LISTED else None
            names += [(n.strip(), line) for n in m.group(1).split(",") if n.strip()]
    return list(dict.fromkeys(names))


CUDA_REFERENCE_FAMILIES = ("NM1", "NM5", "NM6")


@dataclass(frozen=True)
class Kind:
    title: str
    low: float  # hours for one item
    high: float
    per_extra: tuple[float, float] = (0.0, 0.0)  # hours for each further site in the same item
    why: str = ""


KINDS: dict[str, Kind] = {
    "kernel": Kind("Port a custom kernel to NKI", 8, 40, per_extra=(4, 16), why=(
        "write the NKI kernel, register it as a torch op (with its backward), and test it "
        "against the CUDA or Triton original; a day for a small elementwise kernel, a week "
        "for a fused attention or a deformable convolution; each further __global__ kernel of "
        "the same file (a backward, a variant) costs less")),
    "optional-kernel": Kind("Check a kernel's fallback path", 0.5, 2, why=(
        "the code already runs without the kernel (an optional import or a guarded call): "
        "confirm the fallback is taken on Trainium and measure it")),
    "dependency": Kind("Replace a CUDA-only dependency", 2, 16, why=(
        "swap the package for the suggested replacement where it is used, or drop it; from "
        "an import change to rewriting the code around a fused library")),
    "optional-dependency": Kind("Confirm an optional dependency stays off", 0.25, 1, why=(
        "the package sits in an optional extra, behind a platform marker, or is imported on "
        "a guarded path: make sure the Trainium install does not select it")),
    "install": Kind("Fix an install pin or wheel index", 0.25, 1, why=(
        "change a `+cuXXX` pin, a CUDA wheel index or a torch version range in one manifest "
        "and rebuild the environment")),
    "guard": Kind("Restructure a CUDA guard", 1, 4, why=(
        "a branch on CUDA calls something that needs CUDA (an extension, DataParallel): give "
        "it a Neuron or CPU path and keep the CUDA one working")),
    "api": Kind("Port a CUDA API use by hand", 0.5, 2, per_extra=(0.1, 0.5), why=(
        "a CUDA call, flag or setting with no automatic rewrite: find the Neuron equivalent "
        "or drop it; repeats of the same change are cheaper")),
    "review": Kind("Review unsafe fixes", 0.1, 0.5, per_extra=(0.05, 0.25), why=(
        "read the diff of `neuron-migrate fix --unsafe-fixes` for one rule and apply the "
        "rewrites that hold")),
    "operator": Kind("Replace an operator", 1, 8, why=(
        "an operator or dtype with no Neuron kernel (or one that falls back to the CPU): use "
        "the alternative the table gives, or measure it and keep it if it is off the hot path")),
    "verify-ops": Kind("Measure the unverified operators", 1, 4, why=(
        "run each operator with no known Neuron status on a Trainium host once "
        "(`neuron-migrate ops NAME` says what is known)")),
    "dynamic-shapes": Kind("Pad or bucket dynamic shapes in a file", 1, 4, per_extra=(0.25, 1), why=(
        "each data-dependent or variable shape compiles a new graph: pad to a fixed size, "
        "bucket, or move the site out of the compiled region; sites of one file share the work")),
    "graph-breaks": Kind("Remove graph breaks in a file", 0.5, 2, per_extra=(0.25, 0.5), why=(
        "move host reads, prints and untraceable calls out of the traced code")),
    "unreadable": Kind("Make a file analysable", 0.25, 1, why=(
        "fix or exclude a file the tool could not read, so it is known to be ready")),
}
HOURS_PER_DAY = 8
FORMULA = ("one work item per thing a person does, merged across files; each kind costs a "
           "low–high range of hours (listed with the items); tests, examples, vendored code and "
           "optional paths are counted apart from the product total. Planning figures, not "
           "measurements.")
READINESS_FORMULA = ("migrated share = CUDA-specific references (NM1xx, NM5xx, NM6xx warnings "
                     "and errors) that `neuron-migrate fix` rewrites safely ÷ all of them; "
                     "blockers are what stops a first run on Trainium")

_KERNELS = re.compile(r"\((\d+) __global__ kernels?\)")
_DTYPE = re.compile(r"\b(complex|float64|fp64|float16|int64|sparse)\b", re.I)
_BRANCH_CALLS = re.compile(r"the branch (?:calls|picks) `([^`]+)`")
_PACKAGE = re.compile(r"^(?:optional (?:import|use) \(the code has a path without it.*?\): )?(?:imports|uses) \S+ \((\S+?)\)"
                      r"|^`([^`]+?)`: (?:CUDA-only package|selects a CUDA build)")
# torch.cuda.nvtx.range_push: ...; nn.DataParallel is ...; `.is_cuda` is always ...; imports pynvml (NVML): ...
# (a plain word before a space is no name: "NVIDIA tooling (nvidia-smi, NVML)" is the message's head)
_API = re.compile(r"^([\w.]+)[:(]|^(\w*[._][\w.]*) |^`([^`]+)`|^imports (?!from )([A-Za-z_]\w*)")
_IMPORT = re.compile(r"^imports ")  # NM502 or NM503 on an import statement, not on a kernel
_KERNEL_CODES = frozenset({"NM502", "NM503"})  # Triton and Numba CUDA: kernels defined in Python
_OPTIONAL = "optional import"


def is_reference(f: dict) -> bool:
    return f["code"][:3] in CUDA_REFERENCE_FAMILIES and f["severity"] in ("error", "warning")


def blocker(f: dict) -> str | None:
    """What kind of first-run blocker a finding is, or None: an error no fix rewrites (one with an
    unsafe fix is migrated once a person has read the diff: review work, not a blocker)."""
    if f["severity"] != "error" or fixable(f) != "none":
        return None
    family = f["code"][:3]
    return {"NM2": "unsupported operators and dtypes", "NM5": "kernels and CUDA libraries without a fallback",
            "NM6": "required CUDA-only dependencies and pins", "NM1": "CUDA calls `fix` leaves for a person",
            "NM9": "files not analysed"}.get(family)


def readiness(findings: list[dict], location) -> dict:
    refs = [f for f in findings if is_reference(f)]
    migrated = [f for f in refs if fixable(f) == "safe"]
    reviewed = [f for f in refs if fixable(f) == "unsafe"]
    blockers: dict[str, dict] = {}
    for f in findings:
        kind = blocker(f)
        if kind is None:
            continue
        b = blockers.setdefault(kind, {"kind": kind, "count": 0, "codes": [], "locations": []})
        b["count"] += 1
        b["locations"].append(location(f))
        if f["code"] not in b["codes"]:
            b["codes"].append(f["code"])
    warnings = [f for f in findings if f["severity"] == "warning" and f["code"][:3] in ("NM5", "NM6")
                and fixable(f) != "safe"]
    manual = [f for f in refs if fixable(f) != "safe"]
    share = len(migrated) / len(refs) if refs else None
    verdict = "blocked" if blockers else "needs work" if manual else "ready after fix"
    return {"cuda_references": len(refs), "migrated_by_fix": len(migrated),
            "migrated_after_review": len(reviewed), "by_hand": len(refs) - len(migrated) - len(reviewed),
            "share": None if share is None else round(share, 3),
            "score": None if share is None else round(100 * share, 1),
            "verdict": verdict, "blocking": sum(b["count"] for b in blockers.values()),
            "blockers": sorted(blockers.values(), key=lambda b: -b["count"]),
            "optional_paths": len(warnings), "formula": READINESS_FORMULA}


def _item_of(f: dict) -> tuple[str, str] | None:
    """(kind, what) of the work item a finding belongs to; None when it needs no work."""
    code, message, fix = f["code"], f["message"], fixable(f)
    if f["severity"] == "info":
        return ("verify-ops", "operators with no known Neuron status") if code == "NM206" else None
    if fix == "safe":
        return None
    if fix == "unsafe":
        return "review", code
    family = code[:3]
    if family == "NM9":
        return "unreadable", f["path"]
    if family == "NM5":
        m = _PACKAGE.match(message)
        optional = message.startswith(_OPTIONAL) or f["severity"] == "warning"
        if code == "NM504" and m:
            return ("optional-dependency" if optional else "dependency"), m.group(1) or m.group(2)
        if code == "NM501" and message.startswith("CUDA source file") and not _KERNELS.search(message):
            return "api", f"the CUDA host code in {f['path']}"  # launchers, version queries: no kernel
        if code == "NM501":
            from neuron_migrate.checks.kernels import optional_build_sources

            built = optional_build_sources(message)
            if built:  # sam2's setup.py builds connected_components.cu: one kernel, one item
                return "optional-kernel", posixpath.normpath(posixpath.join(posixpath.dirname(f["path"]), built[0]))
        return ("optional-kernel" if optional else "kernel"), f["path"] if code == "NM501" else \
            f"{f['path']}:{f['line']}"
    if family == "NM6":
        m = _PACKAGE.match(message)
        if m and code == "NM601":
            return ("optional-dependency" if f["severity"] != "error" else "dependency"), m.group(2)
        return ("optional-dependency" if f["severity"] != "error" else "install"), f"{code} {f['path']}"
    if family == "NM1":
        m = _BRANCH_CALLS.search(message)
        if m:
            return "guard", m.group(1)
        api = _API.match(message)
        return "api", f"`{next(g for g in api.groups() if g)}` ({code})" if api else f"{_head(message)} ({code})"
    if family == "NM2":
        names = operator_names(message)
        if names:
            return "operator", f"`{names[0][0]}`"
        dtype = _DTYPE.search(message)
        return "operator", f"{dtype.group(1).lower()} tensors ({code})" if dtype else f"{_head(message)} ({code})"
    if family == "NM3":
        return "dynamic-shapes", f["path"]
    if family == "NM4":
        return "graph-breaks", f["path"]
    return "api", f"{_head(message)} ({code})"


def _bindings_item(message: str, path: str) -> tuple[str, str]:
    """The item of an NM503 import in a file that defines no kernel: replacing the package where
    the package itself is CUDA-only (PyCUDA, CUDA Python, CuPy: one item with its manifest lines),
    else porting the module's calls in the file (numba.cuda: Numba runs on the CPU)."""
    from neuron_migrate.capabilities import capabilities

    module = message.split(" ", 2)[1].rstrip(":")
    found = capabilities().module_package(module)
    if found is None or found[0].manifest != "NM601":
        return "api", f"the {found[1] if found else module} calls in {path}"
    return "dependency", found[0].name


def _head(message: str) -> str:
    """What a message is about: before its first ``:`` or ``;`` (``; left with the branch ...``)."""
    return re.split(r"[:;]", message, maxsplit=1)[0]


_TITLE = {
    "kernel": "port {what} to NKI", "optional-kernel": "check the fallback of {what}",
    "dependency": "replace `{what}`", "optional-dependency": "keep `{what}` optional",
    "install": "fix the pin or index ({what})", "guard": "restructure the CUDA guard around `{what}`",
    "api": "port {what}", "review": "review the unsafe {what} fixes", "operator": "replace {what}",
    "verify-ops": "measure the {what}", "dynamic-shapes": "pad or bucket the dynamic shapes in {what}",
    "graph-breaks": "remove the graph breaks in {what}", "unreadable": "make {what} analysable",
}
OPTIONAL_KINDS = frozenset({"optional-kernel", "optional-dependency"})


_PER_FILE = frozenset({"kernel", "optional-kernel", "dynamic-shapes", "graph-breaks", "unreadable"})


def copies(findings: list[dict], group_of, root: str | None) -> dict[str, str]:
    """Path -> the first of its copies, for files of one scope group with the same name, the same
    findings and the same bytes (OpenGVLab/InternImage ships one ``dcnv3_func.py`` in each of
    eleven model folders): one port serves them all. Only files that could be copies are read."""
    import hashlib
    from pathlib import Path

    marks: dict[str, list[tuple]] = {}
    for f in findings:
        marks.setdefault(f["path"], []).append((f["code"], f["line"], f["column"]))  # a message may name its file
    alike: dict[tuple, list[str]] = {}
    for path, found in marks.items():
        alike.setdefault((posixpath.basename(path), group_of(path), tuple(sorted(found))), []).append(path)
    out: dict[str, str] = {}
    for paths in alike.values() if root else ():
        first: dict[bytes, str] = {}
        for path in sorted(paths) if len(paths) > 1 else ():
            try:
                digest = hashlib.sha256(Path(root, path).read_bytes()).digest()
            except OSError:
                continue
            if first.setdefault(digest, path) != path:
                out[path] = first[digest]
    return out


def items(findings: list[dict], scope_of, location, root: str | None = None) -> list[dict]:
    """Work items: one per (kind, what, scope group), with its sites and hour range. The items of
    identical copies of a file (``copies``, read under ``root``) are one: the first copy's sites,
    and the copies named."""
    from neuron_migrate.scopes import PRODUCT

    def group_of(path: str) -> str:
        scope = scope_of(path)
        return "product" if scope in PRODUCT else scope

    merged: dict[tuple[str, str, str], dict] = {}
    kernel_files = {f["path"] for f in findings if f["code"] in _KERNEL_CODES and not _IMPORT.match(f["message"])}
    copy_of = copies(findings, group_of, root)
    for f in findings:
        found = _item_of(f)
        if found is None:
            continue
        kind, what = found
        if kind == "kernel" and f["code"] in _KERNEL_CODES and _IMPORT.match(f["message"]):
            # an import of Triton or numba.cuda is not a kernel: its file's kernels are items of their
            # own (mmdetection3d's rotate_iou.py), and a file without any launches kernels of other
            # files or times with triton.testing
            if f["path"] in kernel_files:
                continue
            if f["code"] == "NM502":
                kind, what = "api", f"the Triton calls in {f['path']}"
            else:  # NM503: CUDA's Python bindings (wenet's TensorRT scripts import pycuda, cuda.cudart)
                kind, what = _bindings_item(f["message"], f["path"])
        copy = kind in _PER_FILE and what in copy_of
        if copy:
            what = copy_of[what]
        key = (kind, what, group_of(f["path"]))
        item = merged.get(key)
        if item is None:
            item = merged[key] = {"kind": kind, "title": _TITLE[kind].format(what=what), "what": what,
                                  "scope": key[2], "optional": kind in OPTIONAL_KINDS, "sites": 0,
                                  "codes": [], "locations": [], "copies": []}
        if copy:  # its sites are the first copy's
            if f["path"] not in item["copies"]:
                item["copies"].append(f["path"])
            continue
        kernels = _KERNELS.search(f["message"]) if kind == "kernel" else None
        item["sites"] += int(kernels.group(1)) if kernels else 1
        if location(f) not in item["locations"]:
            item["locations"].append(location(f))
        if f["code"] not in item["codes"]:
            item["codes"].append(f["code"])
    out = []
    for item in merged.values():
        if item["copies"]:
            item["title"] += f" (and {plural(len(item['copies']), 'identical copy', 'identical copies')})"
        k = KINDS[item["kind"]]
        extra = max(item["sites"] - 1, 0) if k.per_extra != (0.0, 0.0) else 0
        item["low"] = round(k.low + extra * k.per_extra[0], 2)
        item["high"] = round(k.high + extra * k.per_extra[1], 2)
        out.append(item)
    order = list(KINDS)
    out.sort(key=lambda i: (i["scope"] != "product", i["optional"], order.index(i["kind"]), -i["high"],
                            i["what"]))
    return out


def effort(findings: list[dict], scope_of, location, root: str | None = None) -> dict:
    work = items(findings, scope_of, location, root)
    core = [i for i in work if i["scope"] == "product" and not i["optional"]]
    low, high = sum(i["low"] for i in core), sum(i["high"] for i in core)
    beside: dict[str, dict] = {}
    for i in work:
        if i in core:
            continue
        name = "optional paths" if i["scope"] == "product" else i["scope"]
        b = beside.setdefault(name, {"items": 0, "low": 0.0, "high": 0.0})
        b["items"] += 1
        b["low"] = round(b["low"] + i["low"], 2)
        b["high"] = round(b["high"] + i["high"], 2)
    by_kind: dict[str, dict] = {}
    for i in core:
        k = by_kind.setdefault(i["kind"], {"kind": i["kind"], "title": KINDS[i["kind"]].title,
                                           "items": 0, "low": 0.0, "high": 0.0})
        k["items"] += 1
        k["low"] = round(k["low"] + i["low"], 2)
        k["high"] = round(k["high"] + i["high"], 2)
    return {
        "items": len(core), "low": round(low, 2), "high": round(high, 2),
        "days": [round(low / HOURS_PER_DAY, 1), round(high / HOURS_PER_DAY, 1)],
        "by_kind": sorted(by_kind.values(), key=lambda k: -k["high"]),
        "beside": beside,
        "kinds": {name: {"title": k.title, "low": k.low, "high": k.high,
                         "per_extra_site": list(k.per_extra), "why": k.why} for name, k in KINDS.items()},
        "work_items": work,
        "formula": FORMULA,
    }
