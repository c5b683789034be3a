"""neuron-migrate: move PyTorch code from NVIDIA CUDA to AWS Trainium (TorchNeuron)."""

__version__ = "0.1.0"
