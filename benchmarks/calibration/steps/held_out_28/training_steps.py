"""held_out_28's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only.
"""

import torch

import difftmm
import notears_pytorch
import sweep_nn
import torchtomo
from easyfsl.methods import PrototypicalNetworks


def notears_step():
    """One Adam step of NOTEARS's augmented Lagrangian on 6 variables (least squares, the acyclicity
    term tr(exp(W * W)) - d with its multiplier and penalty, an L1 penalty)."""
    model = notears_pytorch.NotearsModel(6)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    rho, alpha, lambda1 = 1.0, 0.5, 0.05

    def step(x):
        opt.zero_grad()
        w = model.W * model.mask
        fit = 0.5 / x.shape[0] * ((x - model(x)) ** 2).sum()
        h = torch.trace(torch.matrix_exp(w * w)) - x.shape[1]
        loss = fit + rho / 2 * h * h + alpha * h + lambda1 * w.abs().sum()
        loss.backward()
        opt.step()
        return loss, h
    return torch.compile(step)


def prototypical_episode_step():
    """One episode of training a prototypical network (easyfsl): prototypes of the support set, the
    queries' cross-entropy against their distances."""
    backbone = torch.nn.Sequential(
        torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
        torch.nn.Conv2d(16, 32, 3, padding=1), torch.nn.BatchNorm2d(32), torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten())
    model = PrototypicalNetworks(backbone)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(support, support_labels, query, query_labels):
        opt.zero_grad()
        model.process_support_set(support, support_labels)
        loss = torch.nn.functional.cross_entropy(model(query), query_labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def antireflection_design_step():
    """One Adam step designing a 4-layer anti-reflection coating on glass (difftmm): the thicknesses'
    parameters are moved to lower the mean reflectance over angles and wavelengths."""
    solver = difftmm.IsotropicFilmSolver(1.0, 1.52, [2.3, 1.46, 2.3, 1.46], batch_size=1, sigmoid_param=True,
                                         device=torch.device("cpu"))
    solver.film_params.requires_grad_(True)
    opt = torch.optim.Adam([solver.film_params], lr=0.05)

    def step(theta, wvln):
        opt.zero_grad()
        ts, tp, rs, rp = solver(theta, wvln)
        loss = 0.5 * (rs.abs() ** 2 + rp.abs() ** 2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def siren_velocity_step():
    """One Adam step fitting a SIREN velocity model (sweep-nn) to a layered 32 x 48 section, with a
    total-variation prior."""
    model = sweep_nn.SIREN((32, 48), hidden_features=64, hidden_layers=3)
    prior = sweep_nn.TVPrior(order="first")
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)

    def step(target):
        opt.zero_grad()
        velocity = model()
        loss = ((velocity - target) / 1000).pow(2).mean() + 1e-2 * prior(velocity)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def tomography_recon_step():
    """One Adam step of iterative reconstruction of a 64 x 64 image from a parallel-beam sinogram
    (torchtomo's projector), with a total-variation penalty."""
    projector = torchtomo.ParallelBeam(img_size=64, n_angles=60, n_det=64)
    image = torch.nn.Parameter(torch.zeros(1, 1, 64, 64))
    opt = torch.optim.Adam([image], lr=0.01)

    def step(sinogram):
        opt.zero_grad()
        misfit = (projector(image) - sinogram).pow(2).mean()
        tv = (image.diff(dim=-1).abs().mean() + image.diff(dim=-2).abs().mean())
        loss = misfit + 1e-3 * tv
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
