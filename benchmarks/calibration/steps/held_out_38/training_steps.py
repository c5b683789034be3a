"""held_out_38's training steps and user functions, written as a user writes them.

Each factory builds what it needs from the release (a plain import) and returns the function
compiled by name, ``torch.compile(fn)``, as a user's script does; models.py ``_step`` hands the
harness the function itself. Besides the training steps (an optimizer's step after a backward),
this file holds the split's other user code that runs inside the compiled call (a user's
registration, propagation, spectra and scene fitting over a release's functions), so that the
score analyses it with the release's files. One file per split, alone in its folder: its sha256 is
pinned by this split's measurements only. Each factory imports its release where it builds the
function.
"""

import math

import torch
import torch.nn.functional as F


# -- cpd-pytorch -----------------------------------------------------------------------------------

def cpd_refine():
    """A user's coarse-to-fine alignment of two point clouds (cpd-pytorch): a rigid CPD first, a
    deformable CPD from its result, then each target point's most probable source point and the
    share of matches within a radius."""
    from cpd_pytorch import DeformableRegistration, RigidRegistration

    def refine(X, Y):
        TY, (s, R, t) = RigidRegistration(X, Y, max_iterations=20, tolerance=1e-4).register()
        deformable = DeformableRegistration(X, TY, alpha=2.0, beta=1.0, max_iterations=10)
        TY2, _ = deformable.register()
        index = deformable.correspondences()
        if isinstance(index, tuple):
            index = index[0]
        residual = (X - TY2[index]).norm(dim=-1)
        matched = (residual < 0.05).float().mean()
        if matched.item() < 0.5:
            print(f"only {matched.item():.0%} of the points matched")
        return TY2, residual.mean(), s
    return torch.compile(refine)


# -- torch-numopt ----------------------------------------------------------------------------------

def _regression_net():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(3, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))


def _numopt_step(make_optimizer):
    """A full-batch step of a second-order optimizer (torch-numopt) on a small regression net: the
    objective wraps the model, its loss and the data; the optimizer calls its closure itself."""
    from torch_numopt import SupervisedLearningObjective
    model = _regression_net()
    opt = make_optimizer(model)
    objective = SupervisedLearningObjective(model, torch.nn.MSELoss(), opt)

    def step(x, y):
        objective.set_data(x, y)
        opt.step(objective)
        with torch.no_grad():
            return F.mse_loss(model(x), y)
    return torch.compile(step)


def numopt_newton_step():
    """Newton's method with an exact Hessian and an Armijo backtracking line search."""
    from torch_numopt import NewtonLS
    return _numopt_step(lambda model: NewtonLS(model.parameters(), line_search_method="backtrack",
                                               line_search_cond="armijo"))


def numopt_lm_step():
    """Levenberg-Marquardt: a trust region whose damping follows the ratio of actual to predicted
    decrease."""
    from torch_numopt import LevenbergMarquardt
    return _numopt_step(lambda model: LevenbergMarquardt(model.parameters(), mu=1.0))


def numopt_lbfgs_step():
    """L-BFGS with a line search, its curvature pairs kept between steps."""
    from torch_numopt import LBFGSLS
    return _numopt_step(lambda model: LBFGSLS(model.parameters()))


def numopt_gauss_newton_step():
    """Gauss-Newton in a trust region."""
    from torch_numopt import GaussNewtonTR
    return _numopt_step(lambda model: GaussNewtonTR(model.parameters()))


def numopt_cg_step():
    """Nonlinear conjugate gradient (PRP+) with a line search."""
    from torch_numopt import ConjugateGradientLS
    return _numopt_step(lambda model: ConjugateGradientLS(model.parameters()))


# -- expsolve ---------------------------------------------------------------------------------------

def _harmonic_flows(x, lapsymb, omega):
    """The two flows of a Strang splitting of i u_t = -1/2 u_xx + V u: the kinetic flow in Fourier
    space (expsolve's exponential of the Laplacian), the potential flow pointwise."""
    from expsolve.discretize.tensorgrid import laplacianopexp

    def kinetic(t, h, c, u):
        return laplacianopexp(lapsymb, 0.5j * c * h, u)

    def potential(t, h, c, u):
        return torch.exp(-1j * c * h * 0.5 * (omega * x) ** 2) * u
    return kinetic, potential


def schrodinger_strang():
    """A user's propagation of a wave packet in a harmonic trap (expsolve): Strang splitting stepped
    by expsolve's time loop, the norm and mean position recorded as observables at every step."""
    import expsolve as es
    from expsolve.discretize import tensorgrid as tg
    from expsolve.evolve.splittings import classical

    def propagate(u0, x, lapsymb, omega):
        kinetic, potential = _harmonic_flows(x, lapsymb, omega)
        alpha, beta = classical.symmetric([], [])
        stepper = lambda t, h, u: classical.stepper(t, h, u, kinetic, potential, alpha, beta)  # noqa: E731
        observables = {"norm": lambda u, t: tg.l2norm(u, [-8.0, 8.0]),
                       "position": lambda u, t: tg.observable(lambda v: x * v, u, [-8.0, 8.0]).real}
        u, values, _ = es.solvediffeq(u0, es.timegrid([0.0, 1.0], 8), stepper, observables)
        return u, values["norm"], values["position"]
    return torch.compile(propagate)


def trap_frequency_step():
    """An Adam step fitting a harmonic trap's frequency so that the propagated packet's density
    matches a target (expsolve's splitting differentiated end to end)."""
    from expsolve.evolve.splittings import classical
    omega = torch.nn.Parameter(torch.tensor(0.7, dtype=torch.float64))
    opt = torch.optim.Adam([omega], lr=0.05)

    def step(u0, x, lapsymb, target):
        opt.zero_grad()
        kinetic, potential = _harmonic_flows(x, lapsymb, omega)
        alpha, beta = classical.symmetric([], [])
        u = u0
        for n in range(6):
            u = classical.stepper(n / 6, 1 / 6, u, kinetic, potential, alpha, beta)
        loss = ((u.abs() ** 2 - target) ** 2).sum()
        loss.backward()
        opt.step()
        return loss.detach(), omega.item()
    return torch.compile(step)


# -- deepgp-torch -----------------------------------------------------------------------------------

def deep_gp_elbo_step():
    """An Adam step of a two-layer deep GP (deepgp-torch) on the doubly-stochastic ELBO, sampled
    with the number of likelihood samples gpytorch's setting asks for."""
    import gpytorch
    from deepgp import DeepGP
    from deepgp.training.elbo import make_mll
    model = DeepGP([1, 2, 1], num_inducing=12)
    opt = torch.optim.Adam(model.parameters(), lr=0.01)
    mll = make_mll(model, num_data=40)

    def step(x, y):
        model.train()
        opt.zero_grad()
        with gpytorch.settings.num_likelihood_samples(4):
            loss = -mll(model(x), y)
        loss.backward()
        opt.step()
        return loss.item()
    return torch.compile(step)


# -- torchspin --------------------------------------------------------------------------------------

def isotropic_spectrum():
    """A user's solution spectra of two radicals (torchspin): each g value a spin system, garlic's
    field-swept first-derivative spectrum of each, normalised and summed by weight."""
    import torchspin as ts
    exp = ts.Experiment(mwFreq=9.5, Range=[320.0, 350.0], nPoints=256)

    def spectrum(g_values, weights):
        total = None
        for g, weight in zip(g_values.tolist(), weights):
            B, s = ts.garlic(ts.SpinSystem(S=[0.5], g=[g], lw=[0.3, 0.1]), exp)
            s = s / s.abs().max()
            total = weight * s if total is None else total + weight * s
        return B, total
    return torch.compile(spectrum)


def powder_spectrum():
    """A user's powder spectrum of a rhombic S = 1/2 centre and a triplet (torchspin's pepper on an
    orientation grid), the triplet's zero-field splitting in MHz."""
    import torchspin as ts

    def spectrum(g, D):
        opt = ts.Options(GridSize=7)
        doublet = ts.SpinSystem(S=[0.5], g=[g.tolist()], lw=[0.5, 0.0])
        triplet = ts.SpinSystem(S=[1.0], g=[[2.0, 2.0, 2.0]], D=D.tolist(), lw=[1.0, 0.0])
        exp = ts.Experiment(mwFreq=9.5, Range=[250.0, 420.0], nPoints=256)
        B, s1 = ts.pepper(doublet, exp, opt)
        _, s2 = ts.pepper(triplet, exp, opt)
        return B, s1 + 0.5 * s2
    return torch.compile(spectrum)


def g_tensor_fit_step():
    """An Adam step fitting a g tensor and a line width to a measured powder spectrum through
    torchspin's differentiable spectrum."""
    from torchspin import differentiable_spectrum
    g = torch.nn.Parameter(torch.tensor([2.010, 2.005, 2.000], dtype=torch.float64))
    log_width = torch.nn.Parameter(torch.tensor(math.log(0.6), dtype=torch.float64))
    opt = torch.optim.Adam([g, log_width], lr=1e-3)

    def step(target):
        opt.zero_grad()
        _, s = differentiable_spectrum(g, log_width.exp(), 9.5, (320.0, 350.0), nPoints=256, GridSize=7)
        loss = ((s / s.abs().max() - target) ** 2).mean()
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


def zeeman_levels():
    """A user's energy-level diagram (torchspin): the spin Hamiltonian of a triplet at each field of a
    sweep along z, diagonalised, and the fields where a level pair is resonant with the microwave."""
    import torchspin as ts
    triplet = ts.SpinSystem(S=[1.0], g=[[2.0, 2.0, 2.0]], D=[300.0, 30.0])

    def levels(fields, mw_mhz):
        energies = []
        for b in fields:
            H = ts.ham(triplet, [0.0, 0.0, float(b)])
            energies.append(torch.linalg.eigvalsh(H))
        E = torch.stack(energies)
        gaps = E[:, 1:] - E[:, :-1]
        resonant = torch.nonzero((gaps - mw_mhz).abs() < 200.0)
        return E, fields[resonant[:, 0]]
    return torch.compile(levels)


# -- torch-nl ---------------------------------------------------------------------------------------

def lennard_jones_forces():
    """A user's Lennard-Jones energy and forces of periodic argon-like clusters from torch-nl's
    linked-cell neighbour list (pairs within the cutoff, their cell shifts), forces by autograd."""
    from torch_nl import compute_cell_shifts, compute_distances, compute_neighborlist

    def forces(pos, cell, pbc, batch):
        pos = pos.detach().requires_grad_(True)
        mapping, batch_mapping, shifts_idx = compute_neighborlist(4.0, pos, cell, pbc, batch)
        shifts = compute_cell_shifts(cell, shifts_idx, batch_mapping)
        r = compute_distances(pos, mapping, shifts)
        inv6 = (3.4 / r) ** 6
        energy = 0.5 * (4 * 0.0104 * (inv6 ** 2 - inv6)).sum()
        (grad,) = torch.autograd.grad(energy, pos)
        return energy.detach(), -grad, mapping.shape[1]
    return torch.compile(forces)


def verlet_md_steps():
    """A user's velocity-Verlet molecular dynamics of soft spheres (torch-nl): the neighbour list is
    rebuilt when any atom has moved more than half the skin since the last build."""
    from torch_nl import compute_cell_shifts, compute_distances, compute_neighborlist

    def run(pos, vel, cell, pbc, batch):
        cutoff, skin, dt = 3.0, 0.5, 0.01
        reference = pos.clone()
        mapping, batch_mapping, shifts_idx = compute_neighborlist(cutoff + skin, pos, cell, pbc, batch)
        rebuilds = 0
        for _ in range(5):
            if (pos - reference).norm(dim=1).max() > skin / 2:
                mapping, batch_mapping, shifts_idx = compute_neighborlist(cutoff + skin, pos, cell, pbc, batch)
                reference = pos.clone()
                rebuilds += 1
            shifts = compute_cell_shifts(cell, shifts_idx, batch_mapping)
            r = compute_distances(pos, mapping, shifts)
            vec = pos[mapping[0]] - pos[mapping[1]] - shifts
            overlap = (cutoff - r).clamp(min=0)
            pair_force = (overlap / r.clamp(min=1e-6))[:, None] * vec
            force = torch.zeros_like(pos).index_add_(0, mapping[0], pair_force)
            vel = vel + dt * force
            pos = pos + dt * vel
        return pos, vel, rebuilds
    return torch.compile(run)


# -- torch-ransac3d ---------------------------------------------------------------------------------

def ransac_scene():
    """A user's scene parsing of a point cloud (torch-ransac3d): the floor plane found and its inliers
    removed by a boolean mask, then a sphere fitted to what is left if enough points remain."""
    from torch_ransac3d.plane import plane_fit
    from torch_ransac3d.sphere import sphere_fit

    def parse(points):
        floor = plane_fit(points, thresh=0.05, max_iterations=16, iterations_per_batch=8)
        keep = torch.ones(points.shape[0], dtype=torch.bool)
        keep[floor.inliers] = False
        rest = points[keep]
        if rest.shape[0] < 20:
            return floor.equation, None
        ball = sphere_fit(rest, thresh=0.05, max_iterations=16, iterations_per_batch=8)
        return floor.equation, ball.center
    return torch.compile(parse)


# -- SNGP -------------------------------------------------------------------------------------------

def sngp_step():
    """A user's SNGP training step (SNGP): cross-entropy on the random-feature GP head over a small
    backbone, the MAP penalty on the output weights, and in the last epoch the Laplace precision
    updated from the batch's features."""
    from sngp import SNGP
    torch.manual_seed(0)
    backbone = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU())
    model = SNGP(out_features=3, backbone=backbone, backbone_output_features=16, num_inducing=32)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y, last_epoch):
        model.train()
        opt.zero_grad()
        logits, _ = model(x, update_precision=last_epoch)
        loss = F.cross_entropy(logits, y) + 0.5 * model.beta.weight.pow(2).sum() / x.shape[0]
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


# -- fswlib -----------------------------------------------------------------------------------------

def multiset_classifier_step():
    """An Adam step of a multiset classifier (fswlib): each point set embedded by a Fourier
    sliced-Wasserstein embedding with learnable slices and frequencies, weights padded by a mask,
    then a linear head."""
    from fswlib import FSWEmbedding
    torch.manual_seed(0)
    embed = FSWEmbedding(d_in=3, d_out=16, learnable_slices=True, learnable_frequencies=True)
    head = torch.nn.Linear(16, 2)
    opt = torch.optim.Adam([*embed.parameters(), *head.parameters()], lr=1e-2)

    def step(points, mask, labels):
        opt.zero_grad()
        loss = F.cross_entropy(head(embed(points, W=mask.to(points.dtype))), labels)
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)
