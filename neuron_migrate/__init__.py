"""neuron-migrate: move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron)."""

__version__ = "0.1.0"


def rules_dir():
    """The capability tables: inside the package in a wheel, beside it in a checkout."""
    from pathlib import Path

    packaged = Path(__file__).parent / "rules"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "rules"
