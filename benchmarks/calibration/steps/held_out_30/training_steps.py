"""held_out_30's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only.
"""

import torch

import ebm
import diffsim
from diveq import DIVEQ
from mgnet.model import MGNet
from neuro_fuzzy_toolbox import ANFIS


def ebm_contrastive_divergence_step():
    """One Adam step of persistent contrastive divergence (ebmkit): an MLP energy on 2D data, its
    negatives drawn by 20 Langevin steps from a replay buffer of 1000 chains."""
    energy = ebm.nets.MLPEnergy(2)
    loss_fn = ebm.ContrastiveDivergence(ebm.LangevinDynamics(step_size=0.01, steps=20),
                                        buffer=ebm.ReplayBuffer(1000, (2,)), energy_reg=0.1)
    opt = torch.optim.Adam(energy.parameters(), lr=1e-3)

    def step(x):
        opt.zero_grad()
        out = loss_fn(energy, x)
        out.loss.backward()
        opt.step()
        return out.loss
    return torch.compile(step)


def anfis_train_step():
    """One Adam step of an ANFIS classifier (neuro-fuzzy-toolbox) on 3 features, its premises
    initialised from the batch."""
    model = ANFIS([3, 3, 2], outputs=2)
    model.init_premises(torch.rand(128, 3, generator=torch.Generator().manual_seed(1)))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)

    def step(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def diffsim_material_fit_step():
    """One Adam step fitting a soft cube's Young's modulus (torch-diffsim) so that 8 steps of its
    fall match an observed height."""
    mesh = diffsim.TetrahedralMesh.create_cube(resolution=3, size=0.5)
    material = diffsim.DifferentiableMaterial(youngs_modulus=5e4, poissons_ratio=0.4)
    sim = diffsim.DifferentiableSimulator(mesh, material, diffsim.DifferentiableSolver(dt=0.005, substeps=2))
    opt = torch.optim.Adam(material.parameters(), lr=0.05)

    def step():
        opt.zero_grad()
        sim.reset()
        for _ in range(8):
            sim.step()
        loss = (sim.positions[:, 1].mean() - 0.2) ** 2
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def mgnet_sgd_step():
    """One SGD step of a multigrid network (mgnet) classifying 16 x 16 images into 10 classes."""
    net = MGNet(MGNet.SUPPORTED_SMOOTHERS["jacobi"], n_iter=[2, 2, 2], n_chan_u=32, n_chan_f=32, in_channels=3,
                n_classes=10)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)

    def step(images, labels):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(images), labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def diveq_autoencoder_step():
    """One Adam step of a small autoencoder whose latents are vector-quantised by DIVEQ (diveq),
    the codebook trained end to end with the reconstruction loss."""
    encoder, decoder = torch.nn.Linear(32, 8), torch.nn.Linear(8, 32)
    quantizer = DIVEQ(128, 8, replacement_iters=2, verbose=False)
    params = [*encoder.parameters(), *decoder.parameters(), *quantizer.parameters()]
    opt = torch.optim.Adam(params, lr=1e-3)

    def step(x):
        opt.zero_grad()
        z_q, _, _ = quantizer(encoder(x))
        loss = torch.nn.functional.mse_loss(decoder(z_q), x)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
