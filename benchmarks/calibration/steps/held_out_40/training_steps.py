"""held_out_40's training steps and user functions, written as a user writes them.

Each factory builds what it needs from the release (a plain import) and returns the function
compiled by name, ``torch.compile(fn)``, as a user's script does; models.py ``_step`` hands the
harness the function itself. Besides the training steps (an optimizer's step after a backward),
this file holds the split's other user code that runs inside the compiled call (a user's epoch
with early stopping, a fit to patience, epochs reporting their losses to a scheduler, a DQN step
on a replay of episodic memory), so that the score analyses it with the release's files. One file
per split, alone in its folder: its sha256 is pinned by this split's measurements only. Each
factory imports its release where it builds the function.
"""

import os
import tempfile

import torch
import torch.nn.functional as F


def _classifier(n_in=6, n_out=3, hidden=16):
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(n_in, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, n_out))


def _batches(x, y, size):
    return [(x[i:i + size], y[i:i + size]) for i in range(0, x.shape[0], size)]


# -- early-stopping-pytorch -------------------------------------------------------------------------

def _checkpoint_path():
    """A checkpoint file of the user's own, in a fresh temporary folder."""
    return os.path.join(tempfile.mkdtemp(prefix="es-"), "checkpoint.pt")


def early_stopping_epoch():
    """A user's epoch (early-stopping-pytorch): the batches trained with Adam, the validation loss
    taken to the host and handed to the stopper, which saves a checkpoint when it improves; the
    epoch reports whether training should stop."""
    from early_stopping_pytorch import EarlyStopping
    model = _classifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    stopper = EarlyStopping(patience=2, delta=1e-4, path=_checkpoint_path(), trace_func=lambda msg: None)

    def epoch(x, y, x_val, y_val):
        model.train()
        for xb, yb in _batches(x, y, 16):
            opt.zero_grad()
            loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = F.cross_entropy(model(x_val), y_val)
        stopper(val_loss.item(), model)
        return stopper.early_stop
    return torch.compile(epoch)


def early_stopping_fit():
    """A user's fit (early-stopping-pytorch): up to ten epochs of full-batch SGD, each followed by
    the stopper on the validation loss, broken off when it says stop; the best checkpoint is loaded
    back before returning."""
    from early_stopping_pytorch import EarlyStopping
    model = _classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    path = _checkpoint_path()
    stopper = EarlyStopping(patience=3, path=path, verbose=True, trace_func=lambda msg: None)

    def fit(x, y, x_val, y_val):
        for _ in range(10):
            opt.zero_grad()
            F.cross_entropy(model(x), y).backward()
            opt.step()
            with torch.no_grad():
                val_loss = F.cross_entropy(model(x_val), y_val)
            stopper(val_loss.item(), model)
            if stopper.early_stop:
                break
        model.load_state_dict(torch.load(path))
        return stopper.best_val_loss
    return torch.compile(fit)


# -- pytorch-dlrs -----------------------------------------------------------------------------------

def dlrs_epoch():
    """A user's epoch (pytorch-dlrs): each batch's loss taken to the host with ``.item()`` and kept,
    and the dynamic scheduler stepped on the epoch's losses, which moves the learning rate by the
    normalised slope."""
    from dlrs import DLRSScheduler
    model = _classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    scheduler = DLRSScheduler(opt, delta_d=0.5, delta_o=1.0, delta_i=0.1)

    def epoch(x, y):
        batch_losses = []
        for xb, yb in _batches(x, y, 8):
            opt.zero_grad()
            loss = F.cross_entropy(model(xb), yb)
            loss.backward()
            opt.step()
            batch_losses.append(loss.item())
        scheduler.step(batch_losses)
        return scheduler.get_last_lr()[0]
    return torch.compile(epoch)


def dlrs_plateau_epoch():
    """A user's epoch (pytorch-dlrs): a full-batch step, then the validation loss as a Python float
    handed to the plateau variant, which waits for its patience before moving the learning rate."""
    from dlrs import DLRSOnPlateau
    model = _classifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    scheduler = DLRSOnPlateau(opt, mode="min", patience=1)

    def epoch(x, y, x_val, y_val):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        with torch.no_grad():
            val_loss = F.cross_entropy(model(x_val), y_val)
        scheduler.step(float(val_loss))
        return loss.detach(), val_loss
    return torch.compile(epoch)


# -- efficient-polling-lr-scheduler -----------------------------------------------------------------

def polling_armijo_step():
    """A user's step (efficient-polling-lr-scheduler): the batch's closure scored by loss, the step
    size found by the release's Armijo backtracking baseline."""
    from efficient_polling_lr_scheduler import ArmijoSGD, make_closure, negative_loss
    model = _classifier()
    opt = ArmijoSGD(model, lr=0.1)

    def step(x, y):
        info = opt.step(make_closure(model, F.cross_entropy, x, y, negative_loss))
        return info.loss, info.lr
    return torch.compile(step)


def polling_sps_step():
    """A user's step (efficient-polling-lr-scheduler): the stochastic Polyak step size of the
    release's SPS baseline, scored by batch accuracy."""
    from efficient_polling_lr_scheduler import SPSSGD, make_closure
    model = _classifier()
    opt = SPSSGD(model, lr=0.05)

    def step(x, y):
        info = opt.step(make_closure(model, F.cross_entropy, x, y))
        return info.loss, info.lr
    return torch.compile(step)


def polling_relative_step():
    """A user's step (efficient-polling-lr-scheduler): relative polling, candidates around the current
    rate tried from a snapshot when the loss trend calls for it, with a window of recent scores."""
    from efficient_polling_lr_scheduler import EfficientRelativePollingSGD, make_closure
    model = _classifier()
    opt = EfficientRelativePollingSGD(model, lr=0.05)

    def step(x, y):
        info = opt.step(make_closure(model, F.cross_entropy, x, y))
        return info.loss, info.polled
    return torch.compile(step)


# -- smartclip --------------------------------------------------------------------------------------

def smartclip_zscore_step():
    """A user's step (smartclip): backward, then the z-score clipper scales the gradients whose norm
    lies too many deviations above its running mean, then the optimizer steps."""
    import smartclip
    model = _classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    clipper = smartclip.ZScoreClip(zmax=2.0, warmup_steps=0, min_history=1)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        smartclip.step(model, opt, clipper)
        return loss.detach()
    return torch.compile(step)


def smartclip_autoclip_step():
    """A user's step (smartclip): AutoClip per parameter over a window of past norms, a metrics
    callback counting the clipped parameters."""
    import smartclip
    model = _classifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    clipper = smartclip.AutoClip(percentile=90.0, history="window", window_size=32, scope="per_param",
                                 warmup_steps=0, min_history=1)
    clipped = []

    def record(metrics):
        if metrics["clipped"]:
            clipped.append(metrics["key"])

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        smartclip.step(model, opt, clipper, on_metrics=record)
        return loss.detach(), len(clipped)
    return torch.compile(step)


def smartclip_context_step():
    """A user's step (smartclip): the optimizer's step patched by ``clip_context`` to clip by AGC
    (gradient norms against weight norms, per layer) before it steps."""
    import smartclip
    model = _classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    clipper = smartclip.AGC(clipping=0.05)

    def step(x, y):
        with smartclip.clip_context(model, opt, clipper):
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
        return loss.detach()
    return torch.compile(step)


# -- torch-gqc --------------------------------------------------------------------------------------

def _gqc_step(wrapper, schedule, model):
    def step(x, y):
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        stepped = wrapper.step()  # the wrapper zeroes the gradients itself when it steps
        if stepped:
            schedule.step()
        return loss.detach(), stepped
    return step


def gqc_gnts_step():
    """A user's step (torch-gqc): gradients accumulate until their mean norm falls under a scheduled
    threshold (or the draws run out), then the wrapped AdamW steps and the schedules advance."""
    from gradient_quality_control import make_gnts_with_cosine_annealing_schedule
    model = _classifier()
    wrapper, schedule = make_gnts_with_cosine_annealing_schedule(
        torch.optim.AdamW(model.parameters(), lr=1e-3), num_training_steps=100, num_warmup_steps=5,
        max_batch_draws=4)
    return torch.compile(_gqc_step(wrapper, schedule, model))


def gqc_sbc_step():
    """A user's step (torch-gqc): a scheduled logical batch size, gradients accumulated over physical
    batches until the accumulated size reaches it."""
    from gradient_quality_control import make_sbc_with_polynomial_schedule
    model = _classifier()
    wrapper, schedule = make_sbc_with_polynomial_schedule(
        torch.optim.AdamW(model.parameters(), lr=1e-3), physical_batch_size=16, initial_batch_size=16,
        final_batch_size=64, num_training_steps=100, num_warmup_steps=5)
    return torch.compile(_gqc_step(wrapper, schedule, model))


def gqc_gnr_step():
    """A user's step (torch-gqc): the gradients rescaled to a scheduled target norm before every
    step."""
    from gradient_quality_control import make_gnr_with_cosine_annealing_schedule
    model = _classifier()
    wrapper, schedule = make_gnr_with_cosine_annealing_schedule(
        torch.optim.AdamW(model.parameters(), lr=1e-3), initial_norm=1.0, final_norm=0.2,
        num_training_steps=100, num_warmup_steps=5)
    return torch.compile(_gqc_step(wrapper, schedule, model))


def gqc_gns_step():
    """A user's step (torch-gqc): gradients accumulate until the gradient noise scale over the draws
    falls under the scheduled tolerance."""
    from gradient_quality_control import make_gns_default
    model = _classifier()
    wrapper, schedule = make_gns_default(torch.optim.AdamW(model.parameters(), lr=1e-3), tolerance=0.5,
                                         num_training_steps=100, num_warmup_steps=5, max_batch_draws=4)
    return torch.compile(_gqc_step(wrapper, schedule, model))


# -- torchdiag --------------------------------------------------------------------------------------

def diagnosed_step():
    """A user's training step (torchdiag): the gradients' health checked after the backward, the
    step skipped when the report says they vanished or exploded, dead ReLU units counted on the
    batch every call."""
    import torchdiag
    model = _classifier()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        report = torchdiag.check_gradients(model)
        if all(layer["status"] == "OK" for layer in report.values()):
            opt.step()
        dead = torchdiag.check_dead_neurons(model, x)
        return loss.detach(), sum(layer["dead"] for layer in dead.values())
    return torch.compile(step)


# -- hippotorch -------------------------------------------------------------------------------------

def hippo_memory(state_dim=4, episodes=6, length=12):
    """An episodic memory of short random episodes, with its dual encoder and consolidator."""
    from hippotorch import Consolidator, DualEncoder, Episode, HippocampalReplayBuffer, MemoryStore
    g = torch.Generator().manual_seed(0)
    encoder = DualEncoder(input_dim=state_dim + 2, embed_dim=16)
    buffer = HippocampalReplayBuffer(MemoryStore(embed_dim=16, capacity=64), encoder, mixture_ratio=0.5,
                                     consolidator=Consolidator(encoder))
    for _ in range(episodes):
        states = torch.randn(length, state_dim, generator=g)
        actions = torch.randint(0, 2, (length, 1), generator=g).float()
        rewards = torch.rand(length, generator=g)
        dones = torch.zeros(length, dtype=torch.bool)
        dones[-1] = True
        buffer.add_episode(Episode(states=states, actions=actions, rewards=rewards, dones=dones))
    return buffer


def hippo_dqn_step():
    """A user's DQN step (hippotorch): a batch replayed from episodic memory, half by similarity to
    the current state, the release's DQN agent updated on it; the keys are refreshed by a sleep of
    the consolidator every fourth call."""
    from hippotorch import DQNAgent, DQNConfig
    buffer = hippo_memory()
    agent = DQNAgent(DQNConfig(state_dim=4, action_dim=2, hidden_dim=32))
    calls = [0]

    def step(state):
        batch = buffer.sample(16, query_state=state)
        out = agent.update(batch)
        calls[0] += 1
        if calls[0] % 4 == 0:
            buffer.consolidate(steps=1, batch_size=4)
        return out["loss"], batch["weights"].mean()
    return torch.compile(step)


# -- label-relaxation -------------------------------------------------------------------------------

def label_relaxation_mixup_step():
    """A user's mixup training step (label-relaxation): inputs mixed with a permutation by a Beta
    draw, the mixed label relaxation loss on both targets, an SGD step."""
    from label_relaxation import MixupLabelRelaxationLoss
    model = _classifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    criterion = MixupLabelRelaxationLoss(alpha=0.1)
    beta = torch.distributions.Beta(torch.tensor(0.4), torch.tensor(0.4))

    def step(x, y):
        lam = beta.sample()
        perm = torch.randperm(x.shape[0])
        mixed = lam * x + (1 - lam) * x[perm]
        opt.zero_grad()
        loss = criterion(model(mixed), y, y[perm], lam)
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


# -- relativistic-adam ------------------------------------------------------------------------------

def relativistic_adamw_step():
    """A user's step (relativistic-adam): AdamW whose updates are scaled to a speed limit that warms
    up adaptively, per parameter."""
    from relativistic_adam import RelativisticAdamW
    model = _classifier()
    opt = RelativisticAdamW(model.parameters(), lr=1e-3, speed_limit=0.05, weight_decay=0.01,
                            adaptive_speed=True, speed_warmup_steps=10)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)


def relativistic_global_step():
    """A user's step (relativistic-adam): one speed limit over each update tensor as a whole, with
    AMSGrad's running maximum."""
    from relativistic_adam import RelativisticAdam
    model = _classifier()
    opt = RelativisticAdam(model.parameters(), lr=1e-3, speed_limit=0.1, amsgrad=True, relativistic_mode="global")

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss.detach()
    return torch.compile(step)
