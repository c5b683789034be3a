"""What the compile checks (shapes, graph_breaks) share: which files run on the host, and
which methods give tensors. No handlers: importing it registers nothing."""

from __future__ import annotations

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
