"""held_out_35's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only. Each factory imports its release where it builds the step, so
that a step's build loads its own release only.
"""

import torch
import torch.nn.functional as F


def pulse_design_step():
    """An Adam step designing an RF pulse (mrphy): the pulse's real and imaginary waveforms are
    parameters, clamped to the scanner's limit, simulated on a line of 16 spins under a constant
    slice-select gradient by the Bloch simulator's custom autograd Function, and fitted to a
    rectangular slice profile of transverse magnetisation."""
    from mrphy import mobjs, sims, utils
    n_t = 48
    rf = torch.nn.Parameter(0.01 * torch.randn(1, 2, n_t))
    opt = torch.optim.Adam([rf], lr=1e-3)
    gr = torch.stack([torch.zeros(n_t), torch.zeros(n_t), 0.5 * torch.ones(n_t)])[None]
    rfmax = torch.tensor(0.25)

    def step(positions):
        opt.zero_grad()
        loc = torch.stack([torch.zeros_like(positions), torch.zeros_like(positions), positions], -1)[None]
        pulse = mobjs.Pulse(rf=utils.rfclamp(rf, rfmax), gr=gr)
        beff = pulse.beff(loc)
        m0 = torch.tensor([0.0, 0.0, 1.0]).expand(1, positions.numel(), 3).contiguous()
        m = sims.blochsim(m0, beff, T1=None, T2=None, γ=mobjs.γH, dt=pulse.dt)
        target = (positions.abs() < 0.5).float()
        loss = ((torch.linalg.vector_norm(m[0, :, :2], dim=-1) - target) ** 2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def rbf_surface_step():
    """An Adam step learning a surface's values at 36 fixed centres (torchrbf): each step builds a
    thin-plate-spline interpolator of the current values (its linear system solved at
    construction) and fits the interpolated surface to samples at the query points."""
    from torchrbf import RBFInterpolator
    g = torch.Generator().manual_seed(1)
    centres = torch.rand(36, 2, generator=g)
    values = torch.nn.Parameter(torch.zeros(36, 1))
    opt = torch.optim.Adam([values], lr=1e-2)

    def step(queries, samples):
        opt.zero_grad()
        surface = RBFInterpolator(centres, values, kernel="thin_plate_spline", smoothing=1e-3)
        loss = F.mse_loss(surface(queries), samples)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def kan_step():
    """An Adam step of a KAN-style layer (torch-bspline): each of 3 inputs goes through its own
    cubic B-spline basis with learnable knot widths, the bases' values are mixed by a linear map,
    and the output is fitted to a target."""
    from torch_bspline import BSpline
    torch.manual_seed(0)
    bases = torch.nn.ModuleList(BSpline(lims=(0.0, 1.0), n_segments=6, degree=3, max_ratio=2.0) for _ in range(3))
    mix = torch.nn.Linear(3 * 9, 1)
    opt = torch.optim.Adam([*bases.parameters(), *mix.parameters()], lr=1e-2)

    def step(inputs, targets):
        opt.zero_grad()
        features = torch.cat([basis(inputs[:, i]) for i, basis in enumerate(bases)], dim=1)
        loss = F.mse_loss(mix(features)[:, 0], targets)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def swipe_template_step():
    """An Adam step learning dSWIPE's harmonic templates (df0-pitch): the templates are parameters
    (training mode "F"), the estimator's logits are compared with target F0 classes of each frame,
    the targets read from the module's own dYIN estimate of the same audio."""
    from df0.dswipe import dSWIPE
    from df0.dyin import dYIN
    from df0.f0_utils import get_f0_targets
    swipe = dSWIPE(fs=8000, hop_size=160, erb_f_max=4000.0, erb_r=0.2, f0_min=80.0, f0_max=800.0, f0_r_cent=20.0,
                   template_params={"training_mode": "F"}, f0_selection_strategy=None)
    teacher = dYIN(fs=8000, frame_size=512, hop_size=160, f0_min=80.0, f0_max=800.0)
    opt = torch.optim.Adam(swipe.parameters(), lr=1e-3)

    def step(audio):
        opt.zero_grad()
        with torch.no_grad():
            f0 = teacher(audio)["f0_hz"]
        logits = swipe(audio)["logits"]
        n = min(logits.shape[1], f0.shape[1])
        targets = get_f0_targets(f0[:, :n], f_min=80.0, f_max=800.0, cent_step=20.0, return_as="index")
        loss = F.cross_entropy(logits[:, :n].reshape(-1, logits.shape[-1]), targets.reshape(-1).long(),
                               ignore_index=-100)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def lpc_envelope_step():
    """An Adam step of a small convolutional denoiser (audiofeat): its output frames are compared
    with the clean frames directly and by their residual through each clean frame's LPC inverse
    filter, the coefficients computed by the release's Levinson-Durbin recursion."""
    from audiofeat.spectral.lpc import lpc_coefficients
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Conv1d(1, 8, 9, padding=4), torch.nn.Tanh(), torch.nn.Conv1d(8, 1, 9, padding=4))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    window = torch.hann_window(400)

    def step(noisy, clean):
        opt.zero_grad()
        out = net(noisy[:, None])[:, 0]
        inverse = torch.stack([lpc_coefficients(c * window, 10) for c in clean])
        residual = F.conv1d(out[None], inverse.flip(-1)[:, None], groups=out.shape[0])
        loss = F.mse_loss(out, clean) + 0.1 * residual.pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def bpr_step():
    """An Adam step of VBPR (vbpr-pytorch) with the BPR loss: each user's positive item is drawn
    from the items they have seen, its negative by rejection from the rest, on the host."""
    from vbpr import VBPR
    g = torch.Generator().manual_seed(2)
    torch.manual_seed(0)
    model = VBPR(20, 50, torch.rand(50, 16, generator=g), 8, 4)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    def step(users, seen):
        opt.zero_grad()
        positives, negatives = [], []
        for u in users.tolist():
            items = torch.nonzero(seen[u])[:, 0]
            positives.append(int(items[torch.randint(0, items.numel(), ())]) if items.numel() else 0)
            negative = int(torch.randint(0, seen.shape[1], ()))
            while seen[u, negative]:
                negative = int(torch.randint(0, seen.shape[1], ()))
            negatives.append(negative)
        x_uij = model(users, torch.tensor(positives), torch.tensor(negatives))
        loss = -F.logsigmoid(x_uij).sum()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def conftr_step():
    """An Adam step of a classifier trained with conformal training (torchcp's ConfTr loss over a
    split predictor with LAC scores: part of each batch calibrates a smooth quantile, the rest's
    soft prediction sets are penalised by size) plus cross-entropy."""
    from torchcp.classification.loss import ConfTrLoss
    from torchcp.classification.predictor import SplitPredictor
    from torchcp.classification.score import LAC
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.ReLU(), torch.nn.Linear(32, 3))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    conftr = ConfTrLoss(SplitPredictor(LAC(score_type="softmax")), alpha=0.1, fraction=0.5)

    def step(features, labels):
        opt.zero_grad()
        logits = net(features)
        loss = F.cross_entropy(logits, labels) + 0.1 * conftr(logits, labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def rk_pinn_step():
    """An Adam step of a physics-informed network for the 2-D heat equation (pinn-rk): the loss is
    the interpolant residual of a Gauss-Legendre tableau on 3 time slabs, with an initial condition
    given as a callable, its gradient clipped before the step."""
    import math
    from pinn_rk import MLP, LaplacianND, RkPinnConfig, RkPinnLoss, TimeMesh, butcher_gauss_legendre_q2
    torch.manual_seed(0)
    model = MLP(in_dim=3, width=16, depth=2, dtype=torch.float64)
    x0 = torch.rand(32, 2, dtype=torch.float64)
    cfg = RkPinnConfig(tableau=butcher_gauss_legendre_q2(), time_mesh=TimeMesh.uniform(T=0.05, N=3),
                       residual="interpolant", n_x_train=24, space_dim=2,
                       init_data=(x0, lambda x: torch.sin(math.pi * x[:, :1]) * torch.sin(math.pi * x[:, 1:])))
    loss_fn = RkPinnLoss(model, LaplacianND(), lambda x, t: torch.zeros_like(x[:, :1]), cfg)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step():
        opt.zero_grad(set_to_none=True)
        loss = loss_fn()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        return loss
    return torch.compile(step)
