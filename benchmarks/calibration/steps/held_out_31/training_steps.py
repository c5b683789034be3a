"""held_out_31's training steps, written as a user writes them.

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


def swarm_pso_step():
    """One gradient-free PSO step (swarmtorch) of a small classifier, every particle's loss taken by
    the closure in the release's loop over particles."""
    from swarmtorch import PSO
    model = _classifier()
    opt = PSO(model.parameters(), swarm_size=16)

    def step(x, y):
        def closure():
            return F.cross_entropy(model(x), y)
        return opt.step(closure)
    return torch.compile(step)


def swarm_gwo_step():
    """One grey wolf optimiser step (swarmtorch) with the vectorised fitness: the loss of all wolves
    at once by ``torch.func.functional_call`` under ``vmap``, the closure set for the batch."""
    from swarmtorch import GWO
    model = _classifier()
    opt = GWO(model.parameters(), swarm_size=16)

    def step(x, y):
        opt.set_functional_closure(model, lambda forward: F.cross_entropy(forward(x), y))
        return opt.step()
    return torch.compile(step)


def swarm_de_step():
    """One differential evolution step (swarmtorch): trial vectors written into the model one at a
    time and kept where their loss is lower."""
    from swarmtorch import DE
    model = _classifier()
    opt = DE(model.parameters(), population_size=12)

    def step(x, y):
        def closure():
            return F.cross_entropy(model(x), y)
        return opt.step(closure)
    return torch.compile(step)


def swarm_ga_step():
    """One genetic algorithm step (swarmtorch): parents chosen by tournament on their losses, crossed
    over and mutated, the offspring's losses taken one at a time through the model."""
    from swarmtorch import GA
    model = _classifier()
    opt = GA(model.parameters(), population_size=12)

    def step(x, y):
        def closure():
            return F.cross_entropy(model(x), y)
        return opt.step(closure)
    return torch.compile(step)


def polystep_train_step():
    """One PolyStep step (polystep): a gradient-free update of a small regressor, probes placed on a
    simplex around each particle of parameters and the move chosen by entropic optimal transport
    over their losses."""
    from polystep import PolyStepOptimizer
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
    opt = PolyStepOptimizer(model, max_iterations=1, sinkhorn_max_iters=50)

    def step(x, y):
        return opt.step_batch(x, y, loss_fn=F.mse_loss)
    return torch.compile(step)


def adaswarm_swarm_loss_step():
    """One Adam step of a regressor whose loss is AdaSwarm's swarm loss (adaswarm): a particle swarm
    run for the loss's gradient at every forward."""
    import adaswarm.nn
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    criterion = adaswarm.nn.SwarmLoss(lambda out, target: (out - target) ** 2, swarm_size=10, iterations=10,
                                      seed=0, device=torch.device("cpu"))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)

    def step(x, y):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def adaswarm_bce_step():
    """One Adam step of a tabular classifier whose loss is AdaSwarm's swarm loss around an unreduced
    binary cross-entropy (adaswarm)."""
    import adaswarm.nn
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1),
                                torch.nn.Sigmoid())
    criterion = adaswarm.nn.SwarmLoss(lambda out, target: F.binary_cross_entropy(out.clamp(1e-6, 1 - 1e-6), target,
                                                                                 reduction="none"),
                                      swarm_size=10, iterations=10, span=0.5, seed=0, device=torch.device("cpu"))
    opt = torch.optim.Adam(model.parameters(), lr=0.01)

    def step(x, y):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def adaswarm_per_sample_step():
    """One SGD step of a regressor with AdaSwarm's swarm loss around a smooth L1 loss, each output
    element given its own global best (adaswarm's ``per_sample``)."""
    import adaswarm.nn
    model = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    criterion = adaswarm.nn.SwarmLoss(lambda out, target: F.smooth_l1_loss(out, target, reduction="none"),
                                      swarm_size=10, iterations=10, per_sample=True, seed=0,
                                      device=torch.device("cpu"))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)

    def step(x, y):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def soft_tree_step():
    """One Adam step of a soft decision tree of depth 4 (neural-trees) on 10 features, its
    negative log-likelihood plus the per-level balance penalty."""
    from neural_trees.decision_trees.soft_decision_tree import _SoftTreeModule
    tree = _SoftTreeModule(n_features=10, n_classes=3, depth=4, penalty_coef=0.1)
    opt = torch.optim.Adam(tree.parameters(), lr=0.01)

    def step(x, y):
        opt.zero_grad()
        loss = F.nll_loss(tree.log_forward(x), y) + tree.penalty(x)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def casmo_step():
    """One CASMO step (casmo-optimizer) of an MLP classifier: Adam's moments with a learning rate
    scaled by the gradients' agreement, its threshold calibrated from a buffer of past steps."""
    from casmo import CASMO
    model = torch.nn.Sequential(torch.nn.Linear(20, 64), torch.nn.ReLU(), torch.nn.Linear(64, 5))
    opt = CASMO(model.parameters(), lr=1e-3, tau_init_steps=50)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def casmo_conv_step():
    """One CASMO step (casmo-optimizer) of a small convolutional network with weight decay, the
    agreement taken per parameter."""
    from casmo import CASMO
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(4),
                                torch.nn.Flatten(), torch.nn.Linear(128, 10))
    opt = CASMO(model.parameters(), lr=1e-3, weight_decay=0.01, granularity="parameter")

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def supercluster_step():
    """One AdamW step of a SuperCluster classifier (torch-supercluster): cross-entropy plus the
    prototypes' diversity loss, the effective number of prototypes read for the log."""
    from supercluster import SuperCluster, center_diversity_loss, effective_prototype_count
    model = SuperCluster(input_dim=12, embedding_dim=32, num_clusters=6, num_classes=4, encoder_layers=2,
                         encoder_hidden_size=64, num_attn_heads=4)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    log = []

    def step(x, y):
        opt.zero_grad()
        logits, weights = model(x)
        loss = F.cross_entropy(logits, y) + 0.1 * center_diversity_loss(model.centers)
        loss.backward()
        opt.step()
        log.append(effective_prototype_count(weights))
        return loss
    return torch.compile(step)
