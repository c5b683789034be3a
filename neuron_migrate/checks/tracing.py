"""What the compile checks share: the products one hands another, which files run on the
host, and which methods give tensors. No handlers: importing it registers nothing.

Products are per-file states (``ctx.state(ShapeBreaks)``): the producer fills them during
the walk or in its finalizer, the consumer reads them after (finalizers run after the walk,
in the order their modules were loaded).
"""

from __future__ import annotations

import ast

from neuron_migrate.models import TracedFunction


COMPILED_AT = "torch.compile at "  # the origin of a root that torch.compile in another file targets


class ShapeBreaks:
    """checks.shapes → checks.graph_breaks: the file's data-dependent shapes (NM301), which
    graph_breaks counts as break sites of the traced functions that hold them."""

    __slots__ = ("sites",)

    def __init__(self) -> None:
        self.sites: dict[int, tuple[ast.AST, str]] = {}  # node id -> (node, code), source order


class TracedCode:
    """checks.graph_breaks → the compile-coverage estimate and the project model (``FileResult``):
    a summary of each traced function, the lines of ``torch.compile`` calls on a model built
    elsewhere, and the calls from traced code that may reach another file of the project."""

    __slots__ = ("functions", "compiled_elsewhere", "compiled_targets", "outcalls")

    def __init__(self) -> None:
        self.functions: tuple[TracedFunction, ...] = ()
        self.compiled_elsewhere: tuple[int, ...] = ()
        self.compiled_targets: tuple[tuple[str, str, str, int], ...] = ()  # Summary.compiled
        self.outcalls: tuple[tuple[str, str, int], ...] = ()  # (traced function, callee as written, line)


# Methods that only tensors (and numpy arrays, which Dynamo traces as tensors) have.
TENSOR_METHODS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "any", "all", "norm", "std", "var",
                  "prod", "argmax", "argmin", "abs", "float", "double", "half", "bfloat16", "long",
                  "int", "bool", "clone", "detach", "contiguous", "view", "reshape", "squeeze",
                  "unsqueeze", "flatten", "exp", "log", "sqrt", "pow", "clamp", "softmax",
                  "matmul", "masked_fill", "cumsum", "numpy", "cpu", "to", "eq", "ne", "gt", "lt",
                  "ge", "le", "isnan", "isinf", "isfinite", "count_nonzero", "sign", "round",
                  "floor", "ceil", "logical_and", "logical_or", "logical_not", "square", "neg"})


_TEST_DIRS = {"test", "tests", "testing"}
_DATA_DIRS = {"data", "dataset", "datasets", "transforms", "augmentation", "augmentations"}


def host_side_file(path: str) -> bool:
    """Tests and data-pipeline code (a ``data``/``transforms`` folder, a ``*transforms*.py`` or
    ``*augment*.py`` file): their tensors are checked or prepared on the host, in the test or
    the data loader, never under torch.compile on the device; nn.Module "transforms" there
    (torchvision style) are not model code."""
    parts = path.replace(chr(92), "/").split("/")
    folders, name = {p.lower() for p in parts[:-1]}, parts[-1].lower()
    if name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py" or folders & _TEST_DIRS:
        return True
    return bool(folders & _DATA_DIRS) or "transforms" in name or "augment" in name
