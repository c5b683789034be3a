"""The values that flow through the tool: findings, fixes and per-file results.

Every per-file type here is a frozen dataclass of plain values, so results pickle across a
process pool and serialise to the JSON contract without adapters; ``ScanResult``, the whole
scan, is filled in as the files' results come back.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field


class Severity(enum.IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (expected error, warning or info)") from None


class Applicability(str, enum.Enum):
    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, order=True)
class Edit:
    """Replace the characters ``text[start:end]`` of the file's decoded text."""

    start: int
    end: int
    replacement: str


@dataclass(frozen=True)
class Fix:
    title: str
    applicability: Applicability
    edits: tuple[Edit, ...]
    reason: str = ""  # why a fix is unsafe; empty for safe fixes


@dataclass(frozen=True)
class Finding:
    code: str
    rule: str
    severity: Severity
    category: str
    path: str  # relative to the scan root, with forward slashes
    line: int  # 1-based
    column: int  # 1-based, in characters
    end_line: int
    end_column: int
    message: str
    fix: Fix | None = None
    cell: int | None = None  # notebook cell number (1-based) when the file is a notebook
    dynamo: str | None = None  # id of Dynamo's graph-break type (GB0124) a NM4xx finding predicts
    # other places the finding concerns: (path, line, column, message); a break inside an installed
    # library, reported at the user's call site, names the library's file here (its path inside
    # the site folder, e.g. "timm/layers/pos_embed.py")
    related: tuple[tuple[str, int, int, str], ...] = ()

    @property
    def sort_key(self) -> tuple:
        return (self.path, self.cell or 0, self.line, self.column, self.code)


@dataclass(frozen=True, order=True)
class BreakSite:
    """A statement where torch.compile is predicted to break the graph."""

    line: int  # first line of the statement
    code: str  # the rule that predicts it (NM4xx, or NM301 for a data-dependent shape)
    skips_frame: bool = False  # in a loop, try block or user context: Dynamo cannot resume
    skips_rest: bool = False  # cannot be resumed: the rest of the function runs eagerly (NM406)
    eager_only: bool = False  # a break only where the function runs eagerly (NM409): else no site
    callee_frame: bool = False  # inside a callee Dynamo compiles as a frame even from eager code (optimizer.step)
    # later breaks of the same statement that each start a graph of their own: each mask read of
    # ``(a[m] - b[m])``, an ``.item()`` of an op after another (constructs.py "two x[mask] reads ...")
    again: int = 0


@dataclass(frozen=True)
class TracedFunction:
    """A function of the file that torch.compile would trace, summarised for the coverage estimate."""

    name: str  # Class.method or function
    line: int
    end_line: int
    why: str  # "forward of an nn.Module", "called from Net.forward", "compiled with torch.compile"
    statements: tuple[int, ...]  # first lines of the statements of its own body
    breaks: tuple[BreakSite, ...] = ()
    calls: tuple[str, ...] = ()  # traced functions of the same file it calls
    calls_in_loop: tuple[str, ...] = ()  # ... from inside a loop, try block or user context
    trapped_calls: tuple[int, ...] = ()  # lines of its calls leaving the file from such a place
    call_lines: tuple[tuple[str, int], ...] = ()  # (callee of ``calls``, statement line of the call), one per call
    op_lines: tuple[int, ...] | None = None  # statements running a tensor op (None: not known)
    ops_both_sides: tuple[int, ...] = ()  # ... on both sides of a split there: x[mask] += v, f(g(h(x)))
    weights: tuple[tuple[int, int], ...] = ()  # (statement line, weight) where a statement counts other than 1 (0: a backward pass)
    repeats: tuple[tuple[int, int], ...] = ()  # (statement line, runs per call of the function) inside loops
    branched: tuple[int, ...] = ()  # statements inside an if (or else) branch: they may not run
    group_looped: tuple[int, ...] = ()  # statements in loops that hand their calls one shape (graph_breaks._group_looped)
    grows: tuple[int, ...] = ()  # statements growing a tensor per loop step (a new shape each step)
    # (method of its class, line, the call: "self" or "self.forward", where the project compiles the
    # class in place so that the call is compiled, or ""): a loop there calls it with a tensor it grows
    grown_by: tuple[tuple[str, int, str, str], ...] = ()
    entry: str = ""  # the compile entry spec that named it ("" when it is not one)
    origin: str = ""  # "path:function" of the entry in another file it is reached from ("" if none)
    host_only: bool = False  # runs no tensor op and calls nothing that could (graph_breaks._host_only)
    quiet: tuple[int, ...] = ()  # statements that call nothing and run no tensor op (no ATen call)
    scripted: bool = False  # a ``@torch.jit.script`` function: called from eager code, it runs as TorchScript
    # backward passes whose history no graph of the call may hold: (line, -1) a gradient's result or
    # ``.grad`` (recorded eagerly), (line, i) the function's i-th parameter (recorded before the call
    # when the function is the compiled entry)
    backward_of: tuple[tuple[int, int], ...] = ()
    # (statement line of a call, argument position, parameter index): the positional arguments of
    # its calls that are its own parameters (a ``self``/``cls`` left out of both counts)
    hands: tuple[tuple[int, int, int], ...] = ()
    # (statement line, runs of its loops: their literal trip counts multiplied, 0 when one is not
    # known) for the statements of loops Dynamo resumes in (a ``return`` ahead of the loop's end):
    # a break there is resumed once per iteration, each time in a graph compiled anew
    resumed_loops: tuple[tuple[int, int], ...] = ()
    # (statement line, index among ``hands``' parameters, -1 for a keyword-only one) of its calls of a
    # callable it was handed (a parameter, or a name bound to one: ``fun = function``): where the
    # function runs eagerly and the callable came from outside the scan, it is a frame Dynamo compiles
    handed_calls: tuple[tuple[int, int], ...] = ()
    # (statement line, function) of its calls of a library function that Dynamo compiles as a frame
    # of its own when eager code calls it (einops' ``rearrange``): a graph where the function runs eagerly
    library_frames: tuple[tuple[int, str], ...] = ()
    # indices (among ``hands``' parameters) of its parameters that it turns into a constant of its graph
    # (``torch.as_tensor(t)``, ``math.exp(t)``): a call with another value compiles it again
    pinned: tuple[int, ...] = ()
    # (statement line of a call in a loop, argument position, the loop's literal trip count or 0) of the
    # arguments that loop changes at each step (its range index, a number it assigns): no tensors
    varied_args: tuple[tuple[int, int, int], ...] = ()
    # statements appending to a list kept across calls (``self.history.append(v)``, ``state.log[i].append(v)``):
    # Dynamo guards the list's length, so each call compiles the frame again
    kept_appends: tuple[int, ...] = ()
    # indices (among ``hands``' parameters) of its parameters holding a list it appends to (``trace['abs']
    # .append(v)``): called again with the same one, Dynamo finds the list longer and compiles it again
    grown_params: tuple[int, ...] = ()
    # (statement line, weight) of its calls of torch.nn lazy modules (``self.net(x)``, an nn.Sequential of
    # nn.LazyLinear): a first call initialises their parameters eagerly, outside every graph
    lazy_init: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Summary:
    """What the project model needs from a file (project/summary.py makes it)."""

    imports: tuple[tuple[str, int, str, str], ...] = ()  # (local name, level, module, name)
    functions: tuple[str, ...] = ()  # module-level functions
    classes: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()  # (name, bases, methods)
    calls: tuple[tuple[str, str, int], ...] = ()  # (traced function, callee text, line) leaving the file
    # models compiled here but built elsewhere: (what built it as written, its string argument,
    # method, line of torch.compile), e.g. ("timm.create_model", "vit_base_patch16_224", "forward", 9)
    compiled: tuple[tuple[str, str, str, int], ...] = ()
    # calls of ``calls`` that pass tensors: (traced function, callee text, line, positions of the
    # tensor arguments, keywords given a tensor); the callee's parameters there are tensors
    tensor_args: tuple[tuple[str, str, int, tuple[int, ...], tuple[str, ...]], ...] = ()
    # traced functions with parameters that a caller's tensor would make tensors: (function, its
    # positional parameters after self, those parameters); a tensor passed to any other adds nothing
    open_params: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    # the imports that run whenever the module is imported (its top level, not under ``if`` or
    # ``try``): (level, module, name), ``import a.b`` as (0, "a.b", "")
    firm: tuple[tuple[int, str, str], ...] = ()
    # calls of ``calls`` through an instance the traced function builds itself (``sf = Cls(...)``
    # then ``sf.m(x)``, or ``f = sf.m`` then ``f(x)``): (traced function, callee text, line of the
    # call, line of the construction). A break below the method makes Dynamo skip the caller's
    # frame at the call (GB0092, "Reconstruction failure": project/model.py ``rebuilt``)
    made_calls: tuple[tuple[str, str, int, int], ...] = ()
    # calls of ``calls`` with arguments: (traced function, callee text, line, (position or keyword,
    # value)), the value "*" (not a False/None/0 constant, nor a flag forwarded off) or the
    # constant's repr ("False", "0"); None and flags forwarded off left out. A parameter of the
    # callee its file judged off by default (``off_params``) is set there (project/model.py)
    given_args: tuple[tuple[str, str, int, tuple[tuple[str, str], ...]], ...] = ()
    # traced functions with parameters whose default turns a branch off: (function, its positional
    # parameters after self, (each such parameter, its default's repr or "")); a caller of another
    # file may set them (``given_args``)
    off_params: tuple[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]], ...] = ()
    # (device attribute, the function that reads it) of the options this module hands to a
    # function that builds torch.device() from them where CUDA is absent (project/device_probes.py)
    probes: tuple[tuple[str, str], ...] = ()
    # device attributes (``args.device``) whose rewrite here depends on such a function elsewhere
    asks: tuple[str, ...] = ()
    # module-level functions named like a kernel (``dataclass_to_cuda_``) whose bodies only move
    # tensors to the device (checks/device.py ``movers``): a call of one is no kernel's
    movers: tuple[str, ...] = ()
    # functions of other modules named like a kernel that a guard here calls (``from pkg.utils
    # import to_cuda``), qualified: the project says whether each is a mover (``Options.movers``)
    kernel_asks: tuple[str, ...] = ()
    # module-level functions and classes (by their ``__init__``) that torch.compile a parameter:
    # (name, the parameter's position after self or -1 keyword-only, its name, the compile's line);
    # what a call of another file hands there is compiled (d3rlpy's ``CudaGraphWrapper(self.m)``)
    compilers: tuple[tuple[str, int, str, int], ...] = ()


@dataclass(frozen=True)
class ModuleFacts:
    """What the project model reads from a file's tree when no analysis gives it (an
    installed library's file, an ``__init__`` of imports, a factory's module): its summary and,
    for each function of its top level, the class texts it may return (its return annotation,
    the callees of its ``return`` calls). Cached by the bytes' digest, so a warm scan parses none."""

    path: str
    summary: Summary
    returns: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class ProjectStep:
    """The project model's answer for a scan's files, cached under the digest of every file's
    kind, path and bytes (runner.py), so that a warm scan does not resolve names again: the
    functions traced from other files and the calls between files (``Followed``), and what the
    answer read outside the scanned files, checked again before it is reused (project/model.py
    ``Project.outside``)."""

    path: str  # "": one per scan root and salt
    roots: tuple[tuple[str, str, str], ...] = ()  # Followed.roots
    links: tuple[tuple[str, str, str, str, int], ...] = ()  # Followed.links
    packages: tuple[tuple[str, str, str], ...] = ()  # (top-level name, site folder, package) or ("", "")
    modules: tuple[tuple[str, str], ...] = ()  # (dotted module name, library key or "")
    sources: tuple[tuple[str, bytes], ...] = ()  # (library key, digest of its bytes; b"" unreadable)


@dataclass(frozen=True)
class Stamps:
    """What each file's bytes hashed to, under its size, modification and change times and
    inode when they were read (cache.py ``Cache.digest_of``): a warm scan reads only the files
    whose stat changed, as git's index and ruff's cache do."""

    path: str  # "": one per scan root and salt
    files: tuple[tuple[str, int, int, int, int, bytes], ...] = ()  # (path, size, mtime ns, ctime ns, inode, digest)


@dataclass(frozen=True)
class FileResult:
    path: str
    findings: tuple[Finding, ...] = ()
    skipped: str | None = None  # reason the file was not analysed (also reported as a finding)
    lines: int = 0
    suppressed: int = 0  # findings hidden by `# neuron-migrate: ignore` comments
    traced: tuple[TracedFunction, ...] = ()  # for the compile-coverage estimate (coverage.py)
    compiled_elsewhere: tuple[int, ...] = ()  # lines of torch.compile calls on a model built elsewhere
    summary: Summary | None = None  # what the project model needs from the file (project/summary.py)


@dataclass(frozen=True)
class Options:
    """What the engine needs to know besides the file itself."""

    select: tuple[str, ...] = ()  # code prefixes; empty means every rule
    ignore: tuple[str, ...] = ()
    fail_on: Severity | None = Severity.ERROR  # None: never fail
    # (gitignore-style pattern, code prefixes) from the config's per-file-ignores. Patterns
    # match paths relative to the config file's folder; ``config_prefix`` is the scan root
    # seen from that folder ("" when they are the same folder).
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    config_prefix: str = ""
    capabilities: tuple[str, ...] = ()  # capability overlay files (absolute paths), applied in order
    # compile entries named by --entry / compile-entries: "pkg.mod:Class.method" or
    # "path/file.py:Class.method" (relative to the scan root)
    entries: tuple[str, ...] = ()
    # (path, function, caller) of functions traced because traced code of another file calls
    # them (project/model.py); set by the runner for its second pass only
    traced_roots: tuple[tuple[str, str, str], ...] = ()
    style: str = "neuron"  # how fixes spell the target: "neuron" or "portable" (torch.accelerator)
    # installed packages followed from traced code (project/libraries.py): by default those the
    # project's compile entries reach; ``follow`` adds packages followed from any traced code,
    # ``no_follow`` follows none (--follow PKG / --no-follow, config key ``follow``)
    follow: tuple[str, ...] = ()
    no_follow: bool = False
    library: bool = False  # the file is an installed library's: only ``traced_roots`` are traced
    # (path, findings) of installed libraries' findings reported at lines of that file (the call
    # that reaches them, project/model.py): the file's suppressions see them as its own;
    # set by the runner, after following
    landed: tuple[tuple[str, tuple[Finding, ...]], ...] = ()
    # (path, what it imports) of files that import, unconditionally, a project module that
    # imports a CUDA-only library unconditionally (project/cuda_only.py): "`a.k`, which imports
    # `triton`"; set by the runner after the first analyses, for the files it names
    cuda_only: tuple[tuple[str, str], ...] = ()
    # (attribute, the function that reads it) of device options handed to a function that
    # builds torch.device() from them where CUDA is absent and falls back to the CPU
    # (project/device_probes.py); set by ``fix`` for every file it fixes, by ``scan`` for the
    # files whose summary asks for one after the first analyses
    inspected_devices: tuple[tuple[str, str], ...] = ()
    # the project's functions (qualified: ``pkg.utils.to_cuda_``) named like a kernel whose bodies
    # only move tensors to the device (``Summary.movers``): a guard's call of one is no kernel's
    movers: tuple[str, ...] = ()
    # the scanned tree's top-level packages (a folder at the scan root, or under src/, holding an
    # __init__.py; runner.own_packages): its tests and benchmarks import them as the project's own
    # code, analysed where it is, not as the library of that name; set by ``scan`` and ``fix``
    own_packages: tuple[str, ...] = ()
    # (module, "`setup.py:line`", that of its literal CUDAExtension call or "") of each C++/CUDA
    # extension the scanned tree's setup.py files build (project/cuda_only.py's compiled_extensions):
    # a call into one in traced code is a graph break; a file importing a CUDA one is CUDA-only
    compiled: tuple[tuple[str, str, str], ...] = ()

    def wants(self, code: str, path: str | None = None) -> bool:
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        if any(code.startswith(p) for p in self.ignore):
            return False
        if path is not None and self.per_file_ignores:
            return not any(code.startswith(p) for p in _ignored_in(self.per_file_ignores,
                                                                    self.config_prefix, path))
        return True


@functools.lru_cache(maxsize=4096)
def _ignored_in(per_file: tuple[tuple[str, tuple[str, ...]], ...], prefix: str,
                path: str) -> tuple[str, ...]:
    """The code prefixes per-file-ignores turn off for ``path`` (relative to the scan root)."""
    from neuron_migrate.ignore import IgnoreSpec

    probe = f"{prefix}/{path}" if prefix else path
    return tuple(code for pattern, codes in per_file
                 if IgnoreSpec([pattern]).ignored(probe) for code in codes)


@dataclass
class ScanResult:
    root: str
    files: list[FileResult] = field(default_factory=list)
    baselined: int = 0  # findings left out because a baseline holds them
    entries: tuple[str, ...] = ()  # the compile entries the scan was asked to use (Options.entries)
    # the project model's product (project/model.py ``Followed``): calls between traced functions
    # of different files and the installed libraries' files followed, for the per-entry figures
    followed: object | None = None

    @property
    def findings(self) -> list[Finding]:
        out = [f for r in self.files for f in r.findings]
        out.sort(key=lambda f: f.sort_key)
        return out
