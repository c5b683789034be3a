"""neuron-migrate: move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron)."""

import sys as _sys

if _sys.argv[:1] == ["-m"] or _sys.argv[0].endswith(("neuron-migrate", "neuron-migrate.exe")):
    # Started as the command (`python -m` sets argv[0] to "-m" while it finds the package):
    # Ctrl-C from here on is one line and exit 130, never a traceback out of an import
    # (``__main__.run`` takes over; imported as a library, Ctrl-C is left alone). First thing,
    # with the C module: ``signal`` itself imports enum.
    import _signal

    def _interrupted(signum, frame) -> None:
        import os

        os.write(2, b"neuron-migrate: interrupted\n")
        os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _interrupted)

__version__ = "0.1.0"


def rules_dir():
    """The capability tables: inside the package in a wheel, beside it in a checkout."""
    from pathlib import Path

    packaged = Path(__file__).parent / "rules"
    return packaged if packaged.is_dir() else Path(__file__).parent.parent / "rules"
