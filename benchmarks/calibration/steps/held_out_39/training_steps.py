"""held_out_39's training steps and user functions, written as a user writes them.

Each factory builds what it needs from the release (a plain import) and returns the function
compiled by name, ``torch.compile(fn)``, as a user's script does; models.py ``_step`` hands the
harness the function itself. Besides the training steps (an optimizer's step after a backward),
this file holds the split's other user code that runs inside the compiled call (a user's
certification, prediction, curriculum epoch, DAE residuals and solves, a classifier in a transform's
space), so that the score analyses it with the release's files. One file per split, alone in its
folder: its sha256 is pinned by this split's measurements only. Each factory imports its release
where it builds the function.
"""

import math

import torch
import torch.nn.functional as F


# -- bound-propagation ------------------------------------------------------------------------------

def _small_classifier():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 16),
                               torch.nn.ReLU(), torch.nn.Linear(16, 3))


def certified_training_step():
    """A certified-training step (bound-propagation): the cross-entropy of the clean logits plus that of
    the worst-case logits from CROWN-IBP bounds over an L-inf ball, each class's margin taken from the
    lower bound of the true class against the upper bounds of the others; the share of samples
    certified is printed."""
    from bound_propagation import BoundModelFactory, HyperRectangle
    net = _small_classifier()
    bounded = BoundModelFactory().build(net)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(x, y, eps):
        opt.zero_grad()
        logits = net(x)
        bounds = bounded.crown_ibp(HyperRectangle.from_eps(x, eps)).concretize()
        lower, upper = bounds.lower, bounds.upper
        true_lower = lower.gather(1, y[:, None])
        worst = torch.where(F.one_hot(y, 3).bool(), true_lower.expand_as(upper), upper)
        loss = F.cross_entropy(logits, y) + 0.5 * F.cross_entropy(worst, y)
        loss.backward()
        opt.step()
        certified = (worst.argmax(1) == y).float().mean()
        if certified.item() < 0.5:
            print(f"certified {certified.item():.0%} at eps {eps}")
        return loss.detach(), certified
    return torch.compile(step)


# -- fairret ----------------------------------------------------------------------------------------

def fair_classifier_step():
    """A fairness-regularised training step (fairret): binary cross-entropy plus a norm penalty on
    the gap between each group's positive rate and the overall one; the largest gap is reported."""
    from fairret.loss import NormLoss
    from fairret.statistic import PositiveRate
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    statistic = PositiveRate()
    penalty = NormLoss(statistic)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, sens, y):
        opt.zero_grad()
        logit = model(x)
        loss = F.binary_cross_entropy_with_logits(logit, y) + 1.0 * penalty(logit, sens)
        loss.backward()
        opt.step()
        with torch.no_grad():
            pred = torch.sigmoid(logit)
            gap = (statistic(pred, sens) - statistic.overall_statistic(pred)).abs().max()
        return loss.detach(), gap
    return torch.compile(step)


# -- torch-pc ---------------------------------------------------------------------------------------

def predictive_coding_step():
    """A user's predictive-coding step (torch-pc): latents relaxed by gradient steps on the energy of
    the prediction errors until the energy stops falling, then each layer's weights updated by the
    outer product of its gain-modulated error and the activity above (local, no backward)."""
    from torch_pc import PCNetwork
    torch.manual_seed(0)
    model = PCNetwork([8, 16, 12], output_dim=3)

    def step(x, y):
        latents = [x] + [l.detach().clone() for l in model.init_latents(x.shape[0], x.device)]
        energy_before = float("inf")
        for _ in range(20):
            errors, gains = model.compute_errors(latents)
            supervised = y - model.readout(latents[-1])
            energy = 0.5 * sum(e.pow(2).sum() for e in errors) + 0.5 * supervised.pow(2).sum()
            if energy_before - energy.item() < 1e-4:
                break
            energy_before = energy.item()
            for l in range(1, model.L + 1):
                drive = gains[l - 1] @ model.layers[l - 1].W
                below = errors[l] if l < model.L else -(supervised @ model.readout.weight)
                latents[l] = latents[l] + 0.1 * (drive - below)
        errors, gains = model.compute_errors(latents)
        with torch.no_grad():
            for l, layer in enumerate(model.layers):
                layer.W += 0.01 * gains[l].T @ layer.activation_fn(latents[l + 1]) / x.shape[0]
        return energy
    return torch.compile(step)


# -- fflib ------------------------------------------------------------------------------------------

def _ff_net():
    from fflib.nn.ff_linear import FFLinear
    from fflib.nn.ff_net import FFNet
    torch.manual_seed(0)
    layers = [FFLinear(20, 32, loss_threshold=2.0, lr=1e-3), FFLinear(32, 32, loss_threshold=2.0, lr=1e-3)]
    return FFNet(layers, device=None)


def _embed_label(x, y_onehot):
    """Hinton's trick: the label overwrites the first pixels of the input."""
    return torch.cat([y_onehot, x[:, y_onehot.shape[1]:]], dim=1)


def ff_predict_all_classes():
    """A user's Forward-Forward prediction (fflib): each candidate label embedded into the input in
    turn, the network's summed goodness scored per label by fflib's TryAllClasses probe."""
    from fflib.probes.one_hot import TryAllClasses
    net = _ff_net()

    def goodness(x, y):
        total = 0
        h = _embed_label(x, y)
        for layer in net.layers:
            h = layer(h)
            total = total + h.pow(2).mean(1)
        return total

    probe = TryAllClasses(goodness, output_classes=4)

    def predict(x):
        return probe.predict(x)
    return torch.compile(predict)


def ff_epoch():
    """A user's Forward-Forward epoch (fflib): positive data with the true label embedded, negative
    data with a shuffled one, each batch trained layer by layer by the layers' own optimizers; the
    layers' Hoyer sparsity reported as floats."""
    from fflib.enums import SparsityType
    net = _ff_net()

    def epoch(x, y):
        for start in range(0, x.shape[0], 16):
            xb, yb = x[start:start + 16], y[start:start + 16]
            wrong = (yb + torch.randint(1, 4, yb.shape)) % 4
            x_pos = _embed_label(xb, F.one_hot(yb, 4).float())
            x_neg = _embed_label(xb, F.one_hot(wrong, 4).float())
            net.run_train_combined(x_pos, x_neg)
        return net.sparsity(SparsityType.HOYER)
    return torch.compile(epoch)


# -- curriculumguard --------------------------------------------------------------------------------

class _IndexedData(torch.utils.data.Dataset):
    """A dataset returning (id, input, target), as curriculumguard asks."""

    def __init__(self, x, y):
        self.x, self.y = x, y

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return i, self.x[i], self.y[i]


def _curriculum_setup():
    from curriculum_guard import Curriculum
    g = torch.Generator().manual_seed(0)
    x = torch.randn(120, 6, generator=g)
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).long() + (x[:, 2] > 1).long()
    data = _IndexedData(x, y)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
    return Curriculum.auto(data), data, model, torch.optim.SGD(model.parameters(), lr=0.05)


def curriculum_step():
    """A training step reporting each sample's loss, logits and target to curriculumguard's profiler
    (per-sample EMA of the loss, entropy and forgetting, kept in Python objects keyed by id)."""
    curriculum, _, model, opt = _curriculum_setup()

    def step(ids, x, y):
        opt.zero_grad()
        logits = model(x)
        losses = F.cross_entropy(logits, y, reduction="none")
        losses.mean().backward()
        opt.step()
        curriculum.step(ids, losses.detach(), logits.detach(), y)
        return losses.mean().detach()
    return torch.compile(step)


def curriculum_epoch():
    """A user's epoch under curriculumguard: the loader wrapped by the curriculum (its sampler drawing
    buckets of difficulty by weight once profiling suffices), each step reported, then the
    validation loss handed to the guard, which rolls the weights back when it worsens."""
    curriculum, data, model, opt = _curriculum_setup()
    loader = torch.utils.data.DataLoader(data, batch_size=24, shuffle=True)

    def epoch(x_val, y_val):
        for ids, x, y in curriculum(loader):
            opt.zero_grad()
            logits = model(x)
            losses = F.cross_entropy(logits, y, reduction="none")
            losses.mean().backward()
            opt.step()
            curriculum.step(ids, losses.detach(), logits.detach(), y)
        with torch.no_grad():
            val_loss = F.cross_entropy(model(x_val), y_val)
        curriculum.step_validation(val_loss.item())
        return val_loss
    return torch.compile(epoch)


# -- torchdae ---------------------------------------------------------------------------------------

def _robertson(k1, k2, k3):
    """Robertson's stiff chemical kinetics as an index-1 DAE: two rate equations and conservation
    (one state or a batch of them: torchdae checks the residual on a batch, solves per state)."""
    def residual(t, y, yp):
        r1 = yp[..., 0] + k1 * y[..., 0] - k2 * y[..., 1] * y[..., 2]
        r2 = yp[..., 1] - k1 * y[..., 0] + k2 * y[..., 1] * y[..., 2] + k3 * y[..., 1] ** 2
        r3 = y[..., 0] + y[..., 1] + y[..., 2] - 1.0
        return torch.stack([r1, r2, r3], dim=-1)
    return residual


def robertson_bdf2():
    """A user's Robertson kinetics solved by torchdae's BDF2 from consistent initial conditions."""
    from torchdae import compute_consistent_initial_conditions, solve_bdf2
    F_ = _robertson(0.04, 1e4, 3e7)

    def solve(y0):
        y0, yp0 = compute_consistent_initial_conditions(F_, 0.0, y0)
        sol = solve_bdf2(F_, (0.0, 0.4), y0, yp0=yp0, n_steps=8)
        return sol.ys[-1], sol.ts
    return torch.compile(solve)


def rc_circuit_radau():
    """A user's RC circuit driven by a sine source as a semi-explicit DAE (the capacitor's voltage a
    differential state, the node current algebraic), solved by torchdae's Radau IIA."""
    from torchdae import solve_radau_iia5

    def residual(t, y, yp):
        source = math.sin(2 * math.pi * t)
        return torch.stack([yp[..., 0] - y[..., 1] / 0.5, y[..., 1] - (source - y[..., 0]) / 2.0], dim=-1)

    def solve(y0):
        sol = solve_radau_iia5(residual, (0.0, 0.5), y0, n_steps=5)
        return sol.ys, sol.success
    return torch.compile(solve)


def pendulum_generalized_alpha():
    """A user's planar pendulum in Cartesian coordinates, its rod a velocity-level constraint,
    integrated by torchdae's generalized-alpha method for mechanical DAEs."""
    from torchdae import solve_generalized_alpha
    mass = torch.eye(2, dtype=torch.float64)

    def forces(t, q, v):
        return torch.stack([torch.zeros_like(q[..., 0]), -9.81 * torch.ones_like(q[..., 1])], dim=-1)

    def rod(q, v):
        return (q * v).sum(-1, keepdim=True)

    def solve(q0, v0):
        sol = solve_generalized_alpha(mass, forces, rod, (0.0, 0.2), q0, v0, n_steps=10)
        return sol.qs[-1], (sol.qs[-1] ** 2).sum(-1)
    return torch.compile(solve)


def falling_ball_event():
    """A user's ball falling under gravity with drag (torchdae's BDF1 with an event function): the
    solve stops at the step where a ball's height crosses the floor, the crossing located by the
    release's event search."""
    from torchdae import DAEFunctions, solve_bdf1

    def residual(t, y, yp):
        return torch.stack([yp[..., 0] - y[..., 1], yp[..., 1] + 9.81 + 0.1 * y[..., 1]], dim=-1)

    def floor(t, y):
        return y[..., 0]

    system = DAEFunctions(F=residual, event_fn=floor)

    def solve(y0):
        sol = solve_bdf1(system, (0.0, 1.0), y0, n_steps=20)
        if sol.event_triggered:
            return sol.t_event, sol.y_event
        return sol.ts[-1:], sol.ys[-1]
    return torch.compile(solve)


def robertson_fit_step():
    """An Adam step fitting Robertson's first rate constant (log-parametrised) to a measured end
    state through torchdae's TR-BDF2 solve."""
    from torchdae import solve_tr_bdf2
    log_k1 = torch.nn.Parameter(torch.tensor(math.log(0.02), dtype=torch.float64))
    opt = torch.optim.Adam([log_k1], lr=0.05)

    def step(y0, target):
        opt.zero_grad()
        F_ = _robertson(log_k1.exp(), 1e4, 3e7)
        sol = solve_tr_bdf2(F_, (0.0, 0.4), y0, n_steps=4)
        loss = ((sol.ys[-1] - target) ** 2).sum()
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


# -- humancompatible-train --------------------------------------------------------------------------

def _constrained_setup():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(5, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))


def _rate_constraints(logit, group):
    """Each group's positive rate minus the overall one, both ways, kept within 0.05."""
    rate = torch.sigmoid(logit).squeeze(1)
    overall = rate.mean()
    gaps = torch.stack([rate[group == g].mean() - overall for g in (0, 1)])
    return torch.cat([gaps - 0.05, -gaps - 0.05])


def _dual_step(dual):
    model = _constrained_setup()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, group, y):
        opt.zero_grad()
        logit = model(x)
        loss = F.binary_cross_entropy_with_logits(logit, y)
        lagrangian = dual.forward_update(loss, _rate_constraints(logit, group))
        lagrangian.backward()
        opt.step()
        return loss.detach(), dual.duals
    return torch.compile(step)


def constrained_alm_step():
    """A demographic-parity-constrained step by humancompatible-train's augmented Lagrangian (the
    multipliers updated from the constraint values, clamped, the surrogate built from them)."""
    from humancompatible.train.dual_optim import ALM
    return _dual_step(ALM(m=4, lr=0.05, penalty=1.0, is_ineq=True))


def constrained_ssg_step():
    """The same constraints by the switching subgradient method: the step follows the objective or
    the largest violated constraint, switched by a test of the violation against a tolerance."""
    from humancompatible.train.dual_optim import SSG
    model = _constrained_setup()
    dual = SSG(m=4, constraint_tol=0.01)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, group, y):
        opt.zero_grad()
        logit = model(x)
        loss = F.binary_cross_entropy_with_logits(logit, y)
        constraints = _rate_constraints(logit, group)
        dual.forward_update(loss, constraints).backward()
        opt.step()
        return loss.detach(), dual.last_switched_to_constraints
    return torch.compile(step)


def constrained_pbm_step():
    """The same constraints by the penalty-barrier method (multipliers and penalties updated by a
    diminishing adaptive schedule)."""
    from humancompatible.train.dual_optim import PBM
    return _dual_step(PBM(m=4, epoch_length=4))


def constrained_nupi_step():
    """The same constraints by nuPI, a PI controller on the multipliers."""
    from humancompatible.train.dual_optim import nuPI
    return _dual_step(nuPI(m=4, is_ineq=True))


def nonsmooth_nonopt_step():
    """A step of humancompatible-train's NonOpt (gradient sampling with cutting planes, a weak-Wolfe
    line search and a limited-memory inverse Hessian) on a nonsmooth hinge loss with an L1 penalty."""
    from humancompatible.train.sqp.nonopt import NonOpt
    model = _constrained_setup()
    opt = NonOpt(model.parameters())

    def step(x, y):
        def closure():
            opt.zero_grad()
            margin = (2 * y - 1) * model(x)
            loss = F.relu(1 - margin).mean() + 1e-3 * sum(p.abs().sum() for p in model.parameters())
            loss.backward()
            return loss
        return opt.step(closure)
    return torch.compile(step)


# -- diffgrf ----------------------------------------------------------------------------------------

def grf_length_scale_step():
    """An Adam step fitting a Gaussian random field's length scale (diffgrf, frozen noise) so that
    its empirical semivariogram on a grid matches a target at a few lags."""
    from diffgrf import DifferentiableGRF
    log_scale = torch.nn.Parameter(torch.tensor(math.log(3.0), dtype=torch.float64))
    opt = torch.optim.Adam([log_scale], lr=0.05)

    def step(target):
        opt.zero_grad()
        grf = DifferentiableGRF("gau", 2, 1.0, log_scale.exp(), seed=0, mode_no=256)
        field = grf.structured([24, 24])
        semivariogram = torch.stack([0.5 * ((field[:, lag:] - field[:, :-lag]) ** 2).mean()
                                     for lag in (1, 2, 4, 8)])
        loss = ((semivariogram - target) ** 2).sum()
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


# -- torchcdt ---------------------------------------------------------------------------------------

def cdt_nearest_subspace():
    """A user's classifier in CDT space (torchcdt): the CDTs of a few training signals per class
    span each class's subspace (an SVD keeping the directions above a tolerance, counted on the
    host), a test signal's class the subspace it is closest to."""
    from torchcdt.functional import cdt

    def classify(train, labels, test):
        train_hat = cdt(train[:, None]).squeeze(1)
        test_hat = cdt(test[:, None]).squeeze(1)
        distances = []
        for c in range(int(labels.max()) + 1):
            U, S, _ = torch.linalg.svd(train_hat[labels == c].T, full_matrices=False)
            rank = int((S > 1e-3 * S[0]).sum())
            basis = U[:, :rank]
            residual = test_hat - (test_hat @ basis) @ basis.T
            distances.append(residual.norm(dim=1))
        return torch.stack(distances, 1).argmin(1)
    return torch.compile(classify)
