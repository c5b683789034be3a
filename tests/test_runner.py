"""The runner's handling of the garbage collector around the analysis."""

from __future__ import annotations

import gc

from neuron_migrate import runner


class Cycle:
    def __init__(self):
        self.me = self


def _make_cycle(item, tag):
    Cycle()  # unreachable at once: only the collector can free it
    return (item, tag, gc.isenabled())


def test_collector_is_paused_during_the_work_and_restored_after():
    assert gc.isenabled()
    out = dict(runner.in_pool(_make_cycle, [1, 2, 3], ("t",), jobs=1))
    assert [enabled for _, _, enabled in out.values()] == [False] * 3
    assert gc.isenabled()
    gc.disable()
    try:
        list(runner.in_pool(_make_cycle, [1], ("t",), jobs=1))
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def test_cycles_made_by_a_task_are_freed_file_by_file():
    gc.collect()
    before = sum(type(o) is Cycle for o in gc.get_objects())
    for _ in runner.in_pool(_make_cycle, list(range(50)), ("t",), jobs=1):
        assert sum(type(o) is Cycle for o in gc.get_objects()) == before
