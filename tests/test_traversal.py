"""The walks' field tables: every child node ``ast`` itself yields, and nothing else."""

import ast
from pathlib import Path

from neuron_migrate.traversal import LEAF_TYPES, all_nodes, child_nodes

# the rarer node types (match, async, walrus, type comments, f-string parts), beside some of the package's source
SAMPLE = '''
async def f(a: int, /, b=1, *c, d, **e) -> None:  # type: ignore
    global g
    async with x as y:
        async for i in y:
            await i
    match a:
        case {"k": v, **rest}: pass
        case P(q, kw=r) | [1, *s] | None as t: pass
    try:
        pass
    except E as err:
        raise
    z = f"{a!r:>{b}}" if (n := len(c)) else lambda u: u
    from .m import h as hh
'''


def test_child_nodes_are_asts_own_without_the_leaves():
    package = Path(__file__).parents[1] / "neuron_migrate"
    sources = [SAMPLE, *((package / name).read_text() for name in ("engine.py", "names.py", "checks/shapes.py"))]
    for text in sources:
        tree = ast.parse(text, type_comments=True)
        for node in all_nodes(tree):
            assert child_nodes(node) == [c for c in ast.iter_child_nodes(node) if not isinstance(c, LEAF_TYPES)]
        assert all_nodes(tree) == [n for n in ast.walk(tree) if not isinstance(n, LEAF_TYPES)]
