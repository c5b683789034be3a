"""The calibration (benchmarks/calibration) must not regress.

Two subsets, both run end to end (build, run eagerly with line tracing, measure under Dynamo
in a child process, compare with the static predictions):

- the models of fixtures/projects/calibration_models/zoo.py, written for this repo on real
  idioms, so CI (which has no $NEURON_MIGRATE_EXT) exercises the whole comparison;
- a few models of the public checkouts, when $NEURON_MIGRATE_EXT is there (skipped otherwise).

The expected figures are those recorded in docs/accuracy.md; coverage may move by a little.
"""

import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
HERE = Path(__file__).resolve().parent.parent / "benchmarks" / "calibration"
sys.path.insert(0, str(HERE))
import models  # noqa: E402

TOLERANCE = 0.03  # coverage figures, absolute

# model: (TP, FP, FN, measured coverage, estimated coverage), as recorded in docs/accuracy.md
ZOO = {
    "zoo.convnet": (0, 0, 0, 1.0, 1.0),
    "zoo.dynamic_crop": (2, 0, 0, 0.9091, 0.8571),
    "zoo.gated_residual": (1, 0, 0, 0.9231, 0.8),
    "zoo.tagger": (1, 0, 0, 0.1429, 0.25),
    "zoo.masked_encoder": (1, 0, 0, 0.1509, 0.1667),
}


def _check(rows, expected):
    for r in rows:
        assert "error" not in r, r
        tp, fp, fn, measured, estimated = expected[r["model"]]
        assert (r["tp"], r["fp"], r["fn"]) == (tp, fp, fn), r
        assert r["measured_coverage"] == pytest.approx(measured, abs=TOLERANCE), r
        assert r["estimated_coverage"] == pytest.approx(estimated, abs=TOLERANCE), r


@pytest.mark.slow
def test_zoo_models_end_to_end():
    from calibrate import run_model

    _check([run_model(n, timeout=300) for n in ZOO], ZOO)


# $NEURON_MIGRATE_EXT models (calibration set): a subset with breaks of every kind predicted there.
EXT = {
    "nanogpt.GPT": (0, 0, 0, 1.0, 1.0),
    "examples.word_language_model.RNNModel": (1, 0, 0, 0.0667, 0.0222),
    "examples.word_language_model.TransformerModel": (1, 0, 0, 0.0947, 0.2308),
    "examples.legacy.snli.SNLIClassifier": (1, 0, 0, 0.4815, 0.5862),
}


@pytest.mark.slow
@pytest.mark.skipif(not models.available(), reason="model checkouts ($NEURON_MIGRATE_EXT) not present")
def test_public_models_subset():
    from calibrate import run_model

    _check([run_model(n, timeout=300) for n in EXT], EXT)
