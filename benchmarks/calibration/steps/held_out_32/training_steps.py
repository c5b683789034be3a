"""held_out_32's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only. Each factory imports its release where it builds the step, so
that a step's build loads its own release only.
"""

import torch
import torch.nn.functional as F


def _classifier():
    return torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3))


def _first_task():
    """The earlier task a continual learner protects: 64 samples of the same 8 features, other labels."""
    g = torch.Generator().manual_seed(1)
    x = torch.randn(64, 8, generator=g)
    return x, (x[:, 0] > x[:, 1]).long()


def ewc_step():
    """An SGD step on a second task with elastic weight consolidation (clearn-ai): the Fisher diagonal
    estimated on the first task, its penalty added to the loss."""
    from clearn.strategies.ewc import EWC
    model = _classifier()
    ewc = EWC(model, lambda_=100.0, n_fisher_samples=64)
    ewc.consolidate([_first_task()])
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y) + ewc.penalty()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def der_step():
    """An SGD step with dark experience replay (clearn-ai): a replay loss on logits from the buffer,
    and the batch added to the reservoir after the step."""
    from clearn.strategies.der import DER
    model = _classifier()
    der = DER(model, buffer_size=48)
    x0, y0 = _first_task()
    der.update_buffer(x0, y0, model(x0).detach())
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y) + der.get_replay_loss(model, F.cross_entropy)
        loss.backward()
        opt.step()
        der.update_buffer(x, y, logits)
        return loss
    return torch.compile(step)


def agem_step():
    """An SGD step with A-GEM (clearn-ai): the gradient projected against the first task's memory
    before the optimizer steps."""
    from clearn.strategies.gem import GEM
    model = _classifier()
    gem = GEM(model, memory_size=32)
    gem.consolidate([_first_task()])
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        gem.before_optimizer_step()
        opt.step()
        return loss
    return torch.compile(step)


def si_step():
    """An SGD step with synaptic intelligence (clearn-ai): the importance from a first task's steps
    as a penalty, the path integral updated after the step."""
    from clearn.strategies.si import SI
    model = _classifier()
    si = SI(model, c=0.5)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x0, y0 = _first_task()
    for _ in range(3):
        opt.zero_grad()
        F.cross_entropy(model(x0), y0).backward()
        opt.step()
        si.after_optimizer_step()
    si.consolidate(None)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y) + si.penalty()
        loss.backward()
        opt.step()
        si.after_optimizer_step()
        return loss
    return torch.compile(step)


def mean_teacher_step():
    """An SGD step with a mean teacher (shadow-ssml): cross-entropy on the labelled half, the
    consistency with the teacher, whose weights follow the student's average."""
    from shadow.mt import MT
    model = _classifier()
    mt = MT(model, alpha=0.99, noise=0.1, consistency_type="mse")
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    mt.global_step = 2  # past the first steps, as in the middle of training

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(mt(x), y, ignore_index=-1) + mt.get_technique_cost(x)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def pseudo_label_step():
    """An SGD step with pseudo-labels (shadow-ssml): unlabelled samples whose softmax passes a
    per-class threshold learn from the predicted class."""
    from shadow.pseudo import PL, Threshold
    model = _classifier()
    pl = PL(model, weight_function=Threshold([0.4, 0.4, 0.4]))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(pl(x), y, ignore_index=-1) + pl.get_technique_cost(x, y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def evidential_classification_step():
    """An Adam step of an evidential classifier (edl-pytorch): Dirichlet concentrations, their squared
    error and KL regulariser."""
    from edl_pytorch import Dirichlet, evidential_classification
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), Dirichlet(16, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = evidential_classification(model(x), y, lamb=0.1)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def evidential_regression_step():
    """An Adam step of an evidential regressor (edl-pytorch): a normal-inverse-gamma head, its
    negative log-likelihood and evidence regulariser."""
    from edl_pytorch import NormalInvGamma, evidential_regression
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), NormalInvGamma(16, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = evidential_regression(model(x), y, lamb=0.01)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def mdn_nll_step():
    """An Adam step of a mixture density network (mixture-density-nets) on the mixture's negative
    log-likelihood."""
    from mixture_density_nets import MDN
    from mixture_density_nets.mdn import MDDistribution
    model = MDN(4, 2, 5)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = MDDistribution(*model(x)).nll(y).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def koopman_fit_step():
    """An Adam step fitting a Koopman operator (koopman) to a trajectory: the powers of the operator
    from the first state by the release's custom autograd function."""
    from koopman.torch import linear_powers_sequence
    operator = torch.nn.Parameter(torch.eye(16) * 0.9)
    opt = torch.optim.Adam([operator], lr=1e-2)

    def step(z0, trajectory):
        opt.zero_grad()
        predicted = linear_powers_sequence(operator, z0, trajectory.shape[0] - 1)
        loss = (predicted - trajectory).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
