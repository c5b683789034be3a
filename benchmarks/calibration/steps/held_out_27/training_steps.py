"""held_out_27's training steps and the user code they need, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. Also here, as in a user's project: the policy nes-torch
trains (a ``Policy`` subclass whose ``evaluate`` scores a parameter vector). One file per split,
alone in its folder: its sha256 is pinned by this split's measurements only.
"""

import torch

import diff_nurbs
import nes
import pyteals
import rff
import torch_contour
import voltorch
from boltzmann_generators import energies, flows, losses


def sabr_calibration_step():
    """One Adam step of a SABR smile fitted to 12 implied volatilities (voltorch's Hagan formula)."""
    model = voltorch.SABRModel(alpha=0.3, beta=0.7, rho=-0.2, nu=0.5)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    forward, expiry = torch.tensor(100.0), torch.tensor(0.5)

    def step(strikes, vols):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(strikes, forward, expiry), vols)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def boltzmann_train_step():
    """One step of a RealNVP Boltzmann generator on the 2-D double well: the mixed loss (maximum
    likelihood on 64 samples, reverse KL on 64 drawn from the flow)."""
    model = flows.FlowModel(flows.GaussianPrior(2), flows.RealNVP(2, num_layers=4, hidden_dim=32, mask="halves"))
    energy = energies.DoubleWell2D()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x):
        opt.zero_grad()
        loss, _ = losses.mixed_loss(model, energy, x, n_samples=64, device="cpu", energy_max=100.0)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def nurbs_fit_step():
    """One Adam step fitting the heights of a bicubic NURBS surface's 6 x 6 control points to a 12 x 12 height field."""
    degree, m = 3, 6
    inner = torch.linspace(0, 1, m - degree + 1)[1:-1]
    knots = torch.cat([torch.zeros(degree + 1), inner, torch.ones(degree + 1)])
    gx, gy = torch.meshgrid(torch.linspace(0, 1, m), torch.linspace(0, 1, m), indexing="ij")
    heights = torch.nn.Parameter(torch.zeros(m, m, 1))
    weights = torch.ones(m, m, 1)
    opt = torch.optim.Adam([heights], lr=0.05)

    def step(u, v, target):
        opt.zero_grad()
        points = torch.cat([gx.unsqueeze(-1), gy.unsqueeze(-1), heights], -1)
        surface = diff_nurbs.nurbs.evaluate_nurbs_surface_flex(u, v, degree, degree, points, weights, knots, knots)
        loss = (surface[..., 2] - target).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def ppspline_train_step():
    """One step of a small regressor whose penalised P-spline smoother (pyteals) shapes a 32-point output
    with penalties the network predicts too."""
    net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.Tanh(), torch.nn.Linear(32, 64))
    smoother = pyteals.PPSpline(32, delta_q=1 / 31)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        raw, penalty = net(x).chunk(2, dim=-1)
        loss = torch.nn.functional.mse_loss(smoother(raw, torch.nn.functional.softplus(penalty)), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def fourier_features_train_step():
    """One Adam step of a coordinate MLP on Gaussian random Fourier features (rff), fitting a 16 x 16 image."""
    model = torch.nn.Sequential(rff.layers.GaussianEncoding(sigma=10.0, input_size=2, encoded_size=64),
                                torch.nn.Linear(128, 64), torch.nn.ReLU(), torch.nn.Linear(64, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(coords, rgb):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(coords), rgb)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def contour_train_step():
    """One step of a network predicting a 32-vertex contour from a 1 x 32 x 32 image, trained through
    torch-contour's differentiable rasterisation (ContourToMask) against the target mask."""
    to_mask = torch_contour.ContourToMask(32)
    net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3, stride=2, padding=1), torch.nn.ReLU(), torch.nn.Flatten(),
                              torch.nn.Linear(4 * 16 * 16, 64), torch.nn.Sigmoid())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(image, mask):
        opt.zero_grad()
        contour = net(image).view(-1, 1, 32, 2)
        loss = torch.nn.functional.mse_loss(to_mask(contour), mask)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


class RegressionPolicy(nes.Policy):
    """A linear regressor scored by nes-torch's evolution strategy: its reward is the negative mean
    squared error on a fixed batch, read back as a float for the host-side ranking."""

    def __init__(self, features: int = 6):
        super().__init__()
        self.linear = torch.nn.Linear(features, 1)
        g = torch.Generator().manual_seed(1)
        self.x = torch.randn(64, features, generator=g)
        self.y = self.x @ torch.linspace(-1, 1, features).unsqueeze(1) + 0.1

    def evaluate(self):
        return -torch.nn.functional.mse_loss(self.linear(self.x), self.y).item()


def regression_nes(generations: int = 2, population: int = 16):
    """nes-torch's evolution strategy configured as its README configures one, for RegressionPolicy."""
    config = nes.config.Config(nes.config.default_config)

    @config("nes")
    class NESConfig:
        n_step: int = generations
        population_size: int = population
        sigma: float = 0.05
        seed: int = 0

    @config("policy")
    class PolicyConfig:
        policy: type = RegressionPolicy
        features: int = 6

    @config("optimizer")
    class OptimizerConfig:
        lr: float = 0.05
        optim_type: type = torch.optim.Adam

    return nes.NES(config)
