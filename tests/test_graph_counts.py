"""Expected graphs per compile entry across files and through module containers
(fixtures/projects/layer_stacks, written for this repo; every count below is what Dynamo in
torch 2.13 made of the model on the CPU, in eval mode, as the docstrings of the tests say)."""

import json
from pathlib import Path

from neuron_migrate.cli import main

STACKS = Path(__file__).resolve().parent.parent / "fixtures" / "projects" / "layer_stacks"


def _entries(capsys) -> dict:
    main(["scan", str(STACKS), "-f", "json", "-q", "--no-cache", "--exit-zero", "--select", "NM3,NM4"])
    doc = json.loads(capsys.readouterr().out)
    return {e["entry"].rpartition(":")[2]: e for e in doc["compile_coverage"]["entries"]}


def test_layers_iterated_from_a_module_list_of_another_file(capsys):
    """``for layer in self.layers`` over ``nn.ModuleList([GatedLayer(w) ...])`` of
    layers.py: the layers' break is below a call in a loop, so Stack.forward is skipped and
    each layer is a frame of its own, two graphs around its ``.item()`` (layers of one shape
    reuse them). Dynamo: 3 graphs (constructs.py "ModuleList of 3 breaking layers, for loop")."""
    stack = _entries(capsys)["Stack.forward"]
    assert stack["expected_graphs"] == 3
    assert stack["files"] == ["stacks/layers.py", "stacks/model.py"]


def test_layers_appended_and_called_by_index(capsys):
    """``self.convs.append(LocalLayer(w))`` in ``__init__``, ``self.convs[i](y)`` in a loop.
    Dynamo: 3 graphs (constructs.py "ModuleList of 3 breaking layers, indexed")."""
    assert _entries(capsys)["Indexed.forward"]["expected_graphs"] == 3


def test_layers_called_through_a_sequential(capsys):
    """``self.seq(y)``, an nn.Sequential of two GatedLayers: the call splits Chain.forward
    (a graph before, one after) and the layers' frame makes two. Dynamo: 5 graphs (the
    second layer recompiles one of them; the estimate does not count recompiles of a layer)."""
    assert _entries(capsys)["Chain.forward"]["expected_graphs"] == 4


def test_a_function_called_only_in_training_does_not_split_the_eval_graph(capsys):
    """``if self.training: y = self.sample(y)``, where ``sample`` indexes with a mask (a
    break, still reported): a model compiled in eval mode never calls it. Dynamo: 1 graph."""
    entries = _entries(capsys)
    assert entries["Detector.forward"]["expected_graphs"] == 1
    assert entries["Detector.forward"]["estimated_coverage"] == 1.0


def test_a_layer_alone(capsys):
    """GatedLayer compiled on its own: a graph before the ``.item()`` and one after it."""
    assert _entries(capsys)["GatedLayer.forward"]["expected_graphs"] == 2


def test_breaks_behind_flags_that_are_off_by_default_do_not_split_a_default_call(capsys):
    """stacks/flags.py: a deprecation warning behind ``len(args) > 0 or kwargs.get(...)``, a
    ``print`` behind a module constant ``TRACE_SHAPES = False``, a reshape behind a constructor
    flag ``dynamic_size=False`` and a log call behind a ``verbose=False`` parameter no call of
    the file passes. Dynamo: 1 graph (constructs.py "log call behind a default-off parameter",
    "break behind a default-off constructor flag"). The breaks are still reported, with the
    condition they need."""
    entries = _entries(capsys)
    assert entries["Resizing.forward"]["expected_graphs"] == 1
    assert entries["Resizing.forward"]["estimated_coverage"] == 1.0
    main(["scan", str(STACKS / "stacks" / "flags.py"), "-f", "json", "-q", "--no-cache", "--exit-zero",
          "--select", "NM4"])
    found = {f["line"]: f["message"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert "only when `verbose`, off by default" in found[15]
    assert "only when `TRACE_SHAPES`, off by default" in found[39]


def test_a_flag_a_call_passes_is_not_off(capsys):
    """stacks/verbose.py: the same helper called with ``verbose=True``; the log call splits
    the helper and its caller. Dynamo: 3 graphs (the linear layer, the helper's slice before
    the log call, the addition after it; a ``return out`` after a break compiles nothing)."""
    assert _entries(capsys)["AlwaysLogging.forward"]["expected_graphs"] == 3


def test_a_constructor_flag_a_variant_of_the_file_sets_is_not_off(capsys):
    """stacks/variants.py: ``self.dynamic_size = dynamic_size`` (False by default), but a
    variant of the file builds the class with ``dict(kwargs, dynamic_size=True)``: the
    ``print`` under the flag splits the forward. Dynamo on the variant: 2 graphs."""
    assert _entries(capsys)["Patches.forward"]["expected_graphs"] == 2
    main(["scan", str(STACKS / "stacks" / "variants.py"), "-f", "json", "-q", "--no-cache", "--exit-zero",
          "--select", "NM4"])
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["line"], "off by default" in f["message"]) for f in found] == [(19, False)]


def test_a_module_passed_to_init_and_built_by_the_class_s_own_builder(capsys):
    """stacks/heads.py: ``self.predictor = predictor`` in ``__init__``, filled by
    ``from_config``'s ``{"predictor": predictor}`` with ``predictor = ScorePredictor(width)``
    (detectron2's box_predictor): ``self.predictor.inference(...)`` reaches its mask indexing,
    which splits the forward at the call and makes the helper a frame of its own, a graph
    before the mask and one after. Dynamo: 3 graphs on ``Heads(**Heads.from_config(8))``."""
    assert _entries(capsys)["Heads.forward"]["expected_graphs"] == 3


def test_a_helper_compiled_on_its_own_is_compiled_again_for_other_shapes(capsys):
    """stacks/shapes.py: ``clip`` is a frame of its own (its callers run eagerly: a ``print``
    in a loop), called in a loop over feature levels (Levels) or from two such frames, on
    proposals and on the rows kept from them (Boxes): Dynamo compiles it for the first shape,
    then once more with dynamic shapes. Dynamo: 4 graphs each (a graph before, clip's two, one
    after; constructs.py "helper of a skipped frame, two shapes", "... loop over three
    shapes": 2). Pyramid and TwoStage compiled on their own: Dynamo 2, expected 2 (a skipped
    entry holds no graph of its own; expected 3 before, when it still counted one)."""
    entries = _entries(capsys)
    assert entries["Levels.forward"]["expected_graphs"] == 4
    assert entries["Boxes.forward"]["expected_graphs"] == 4
    assert entries["Pyramid.forward"]["expected_graphs"] == 2


def test_a_module_a_subclass_of_another_file_builds_and_passes_up(capsys):
    """stacks/detector.py: ``self.proposer = proposer`` in ``BaseDetector.__init__``; the subclass
    ``TwoStageDetector`` (two_stage.py) builds ``proposer = Proposer(width)`` and passes it up
    with ``super().__init__(backbone, proposer)`` (torchvision's FasterRCNN and
    GeneralizedRCNN). The proposer's mask splits ``BaseDetector.forward`` at the call. Dynamo: 4
    graphs on ``TwoStageDetector(8)`` (torch 2.13, ``explain``); expected 1 before, when the
    module passed up was not resolved across files."""
    assert _entries(capsys)["BaseDetector.forward"]["expected_graphs"] == 4


def test_a_frame_compiled_again_for_other_shapes_is_an_expected_recompile(capsys):
    """stacks/shapes.py: ``clip``, compiled for the first feature level and again for the
    next (Levels): Dynamo logs one recompile ("Recompiling function clip ... tensor 'boxes'
    size mismatch at index 0", ``torch._logging.set_logs(recompiles=True)``, torch 2.13), as it
    does for a KV cache grown per step (one, then dynamic shapes). Each is a recompile source."""
    entries = _entries(capsys)
    levels = entries["Levels.forward"]
    assert levels["expected_recompiles"] == 1
    assert [(s["function"], s["line"]) for s in levels["recompile_sources"]] == [("clip", 6)]
    assert "compiled again" in levels["recompile_sources"][0]["why"]
    assert entries["Stack.forward"]["expected_recompiles"] == 0  # layers of one shape share their frames
