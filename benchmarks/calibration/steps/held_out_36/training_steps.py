"""held_out_36's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only. Each factory imports its release where it builds the step, so
that a step's build loads its own release only.
"""

import torch
import torch.nn.functional as F


def efd_contour_step():
    """An Adam step fitting 8 orders of elliptic Fourier descriptors (torch-efd) to a noisy closed
    contour: the contour is reconstructed at the targets' parameters, and its total length and
    curvature are penalised so that the fitted outline stays smooth."""
    from torch_efd import compute_curvature, integrate_total_length, reconstruct_efds
    efds = torch.nn.Parameter(torch.zeros(8, 4))
    with torch.no_grad():
        efds[0] = torch.tensor([1.0, 0.0, 0.0, 1.0])
    opt = torch.optim.Adam([efds], lr=1e-2)

    def step(ts, points):
        opt.zero_grad()
        fitted = reconstruct_efds(efds, ts)
        loss = F.mse_loss(fitted, points) + 1e-3 * integrate_total_length(efds, 64)
        loss = loss + 1e-4 * compute_curvature(efds, 64).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def frft_order_step():
    """An Adam step of a fractional-Fourier filter (torch-frft): the signal is taken to the
    fractional domain of a learnable order, masked by a learnable gain per bin and brought back with
    the inverse transform, and fitted to the clean chirp."""
    from torch_frft.frft_module import frft, ifrft
    order = torch.nn.Parameter(torch.tensor(0.6))
    gain = torch.nn.Parameter(torch.ones(128))
    opt = torch.optim.Adam([order, gain], lr=1e-2)

    def step(noisy, clean):
        opt.zero_grad()
        spectrum = frft(noisy.to(torch.complex64), order)
        denoised = ifrft(spectrum * torch.sigmoid(gain), order)
        loss = (denoised - clean).abs().pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def truncated_regression_step():
    """An Adam step of a regressor whose targets are known to lie in [0, 1] (stable-trunc-gaussian):
    a small network predicts each target's mean and log-scale, and the loss is the negative
    log-likelihood of the targets under the truncated Gaussian built from them."""
    from stable_trunc_gaussian import TruncatedGaussian
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(4, 32), torch.nn.Tanh(), torch.nn.Linear(32, 2))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        mu, log_sigma = net(x).unbind(-1)
        dist = TruncatedGaussian(mu, log_sigma.exp() + 1e-3, torch.zeros_like(mu), torch.ones_like(mu))
        loss = -dist.log_prob(y).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def resampled_denoiser_step():
    """An Adam step of a denoiser that works at half the sampling rate (kazane): the noisy signal is
    decimated by 2 with the windowed-sinc filter, passed through a small convolutional network and
    upsampled back, and fitted to the clean signal."""
    from kazane import Decimate, Upsample
    torch.manual_seed(0)
    down, up = Decimate(q=2), Upsample(q=2)
    net = torch.nn.Sequential(torch.nn.Conv1d(1, 8, 9, padding=4), torch.nn.ReLU(),
                              torch.nn.Conv1d(8, 1, 9, padding=4))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(noisy, clean):
        opt.zero_grad()
        low = down(noisy)
        restored = up(net(low[:, None])[:, 0])
        loss = F.mse_loss(restored, clean)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def stl_trajectory_step():
    """An Adam step planning a 1-D trajectory against a signal temporal logic specification
    (stlcgpp): always stay below 1, and eventually within the first 20 steps rise above 0.5; the
    trajectory is the cumulative sum of learnable velocities, and the loss is the negative smooth
    robustness (log-sum-exp min and max) plus an effort penalty."""
    from stlcgpp.formula import Always, Eventually, GreaterThan, LessThan, Predicate
    position = Predicate("x", lambda s: s)
    spec = Always(LessThan(position, 1.0)) & Eventually(GreaterThan(position, 0.5), interval=[0, 20])
    velocity = torch.nn.Parameter(torch.zeros(40))
    opt = torch.optim.Adam([velocity], lr=5e-2)

    def step(start):
        opt.zero_grad()
        trajectory = start + torch.cumsum(velocity, 0)
        robustness = spec(trajectory, approx_method="logsumexp", temperature=10.0)[0]
        loss = F.relu(0.1 - robustness) + 1e-2 * velocity.pow(2).sum()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def bimodal_projection_step():
    """An Adam step searching a projection of 3-D points for bimodality (diffcb): the points are
    projected on a learnable direction, normalised, and the loss is minus the projection's
    differentiable critical bandwidth for one mode (Silverman's test), whose gradient comes from
    the implicit function theorem."""
    from dcb import DCBLayer
    torch.manual_seed(0)
    layer = DCBLayer(target_modes=1, G=256)
    direction = torch.nn.Parameter(torch.tensor([1.0, 1.0, 1.0]))
    opt = torch.optim.Adam([direction], lr=5e-2)

    def step(points):
        opt.zero_grad()
        z = points @ (direction / direction.norm())
        z = (z - z.mean()) / z.std()
        loss = -layer(z)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def qualitative_tank_step():
    """An Adam step fitting a draining tank to observed levels with a qualitative model as a regulariser
    (qualitative-qsim): the tank is integrated by explicit Euler steps from a learnable inflow and outflow
    coefficient, and the loss adds to the levels' error the differentiable penalty of the bathtub model's
    constraints (monotone relations, the derivative's sign, a constant inflow) over the whole trajectory."""
    import qrlib as qr
    from qrlib.quantity import Landmark
    from qrlib.tensor.losses import constraint_loss
    model = qr.Model("bathtub")
    model.variable("amount", landmarks=(Landmark("0", 0.0), Landmark("FULL", 10.0)))
    model.variable("outflow", landmarks=(Landmark("0", 0.0), Landmark("OMAX", 4.0)))
    model.variable("inflow", landmarks=(Landmark("0", 0.0), Landmark("IF*", 1.0)))
    model.variable("netflow", landmarks=(Landmark("0", 0.0),), unbounded=True)
    model.constrain(qr.MPlus("amount", "outflow", cvals=(("0", "0"), ("FULL", "OMAX"))))
    model.constrain(qr.Add("netflow", "outflow", "inflow"))
    model.constrain(qr.Deriv("amount", "netflow"))
    model.constrain(qr.Constant("inflow"))
    compiled = model.compile()
    log_k = torch.nn.Parameter(torch.tensor(-1.0, dtype=torch.float64))
    inflow = torch.nn.Parameter(torch.tensor(0.5, dtype=torch.float64))
    opt = torch.optim.Adam([log_k, inflow], lr=5e-2)

    def step(observed):
        opt.zero_grad()
        amount = observed.new_zeros(())
        rows = []
        for _ in range(observed.shape[0]):
            outflow = log_k.exp() * amount
            netflow = inflow - outflow
            columns = {"amount": amount, "outflow": outflow, "inflow": inflow, "netflow": netflow}
            rows.append(torch.stack([columns[name] for name in compiled.var_order]))
            amount = amount + 0.25 * netflow
        trajectory = torch.stack(rows)
        fitted = trajectory[:, compiled.var_order.index("amount")]
        loss = F.mse_loss(fitted, observed) + constraint_loss(trajectory[None], compiled)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def hsmm_likelihood_step():
    """An Adam step of a neural hidden semi-Markov model (nhsmm) trained by maximum likelihood: the
    sequences' log-likelihood by the forward recursion over states and durations, the encoder's context
    modulating the initial, duration, transition and emission distributions."""
    from nhsmm import HSMM, HSMMConfig
    model = HSMM(HSMMConfig(n_states=3, n_features=2, max_duration=6, seed=0))
    model.init_dist()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    def step(sequences):
        opt.zero_grad()
        loss = -model.score(sequences).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
