"""Name resolution: aliases, from-imports, shadowing, class scopes, star imports."""

import ast

import pytest

from neuron_migrate.names import Names


def resolve_last_call(code: str) -> str | None:
    """Qualified name of the callee of the last call in ``code``, resolved in its own scope."""
    tree = ast.parse(code)
    found = []

    def visit(node, chain):
        if isinstance(node, ast.Call):
            found.append((node, chain))
        inner = (*chain, node) if isinstance(node, (ast.FunctionDef, ast.Lambda, ast.ClassDef)) else chain
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, (tree,))
    call, chain = found[-1]
    return Names(tree).qualify(call.func, chain)


@pytest.mark.parametrize("code, expected", [
    ("import torch as t\nt.cuda.is_available()", "torch.cuda.is_available"),
    ("from torch import cuda\ncuda.synchronize()", "torch.cuda.synchronize"),
    ("from torch.cuda import amp as A\nA.autocast()", "torch.cuda.amp.autocast"),
    ("from torch.cuda.amp import autocast\nautocast()", "torch.cuda.amp.autocast"),
    ("import torch.cuda\ntorch.cuda.synchronize()", "torch.cuda.synchronize"),
    ("import torch.cuda as tc\ntc.synchronize()", "torch.cuda.synchronize"),
    ("import torch\ndef f(torch):\n    torch.cuda.synchronize()", None),
    ("import torch\ndef f():\n    torch = load()\n    torch.cuda.synchronize()", None),
    ("import torch\ndef f():\n    torch.cuda.synchronize()", "torch.cuda.synchronize"),
    ("import torch\ndef f():\n    def g():\n        torch.cuda.synchronize()", "torch.cuda.synchronize"),
    ("import torch\nclass A:\n    torch = None\n    def m(self):\n        torch.cuda.synchronize()",
     "torch.cuda.synchronize"),
    ("import torch\nf = lambda torch: torch.cuda.synchronize()", None),
    ("try:\n    import torch_xla.core.xla_model as xm\nexcept ImportError:\n    xm = None\nxm.mark_step()",
     "torch_xla.core.xla_model.mark_step"),
    ("from .torch import cuda\ncuda.synchronize()", None),
    ("from torch.cuda import *\nsynchronize()", None),
    ("def f():\n    import torch as T\n    T.cuda.synchronize()", "torch.cuda.synchronize"),
    ("import torch\ndef f():\n    global torch\n    torch.cuda.synchronize()", "torch.cuda.synchronize"),
])
def test_resolution(code, expected):
    assert resolve_last_call(code) == expected


def test_star_imports_are_recorded():
    tree = ast.parse("from torch.cuda import *\nimport os\n")
    assert [n.module for n in Names(tree).star_imports] == ["torch.cuda"]


def test_alias_for_respects_shadowing():
    tree = ast.parse("import torch as T\ndef f(T):\n    pass\n")
    names = Names(tree)
    func = tree.body[1]
    assert names.alias_for("torch", (tree,)) == "T"
    assert names.alias_for("torch", (tree, func)) is None
