"""held_out_33's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only. Each factory imports its release where it builds the step, so
that a step's build loads its own release only.
"""

import torch
import torch.nn.functional as F


def notmiwae_step():
    """An Adam step of not-MIWAE (notmiwae-pytorch) on a batch with values missing not at random: the
    importance-weighted bound with a self-masking missing process, the model's own loss."""
    from notmiwae_pytorch import NotMIWAE
    model = NotMIWAE(input_dim=6, latent_dim=3, hidden_dim=16, n_samples=8, missing_process="selfmasking")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, s):
        opt.zero_grad()
        loss = model(x, s)["loss"]
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def miwae_step():
    """An Adam step of MIWAE (notmiwae-pytorch), the bound without a missing process, on the same batch."""
    from notmiwae_pytorch import MIWAE
    model = MIWAE(input_dim=6, latent_dim=3, hidden_dim=16, n_samples=8)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, s):
        opt.zero_grad()
        out = model(x, s)
        out["loss"].backward()
        opt.step()
        return out["loss"]
    return torch.compile(step)


def derivative_fit_step():
    """An Adam step of a small network fitted to a noisy signal and to its velocity (torch-dxdt): the
    target velocity taken from the noisy samples by a Savitzky-Golay filter inside the step."""
    import torch_dxdt
    net = torch.nn.Sequential(torch.nn.Linear(1, 32), torch.nn.Tanh(), torch.nn.Linear(32, 1))
    sg = torch_dxdt.SavitzkyGolay(window_length=9, polyorder=3)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)

    def step(t, x):
        opt.zero_grad()
        pred = net(t[:, None])[:, 0]
        loss = F.mse_loss(pred, x) + 0.1 * F.mse_loss(sg.d(pred, t), sg.d(x, t))
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def hurst_regularised_step():
    """An Adam step of a path generator (torchfbm): paths from noise, a reconstruction loss and the
    Hurst regulariser that estimates each path's exponent by its variogram."""
    from torchfbm import HurstRegularizationLoss
    gen = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.Tanh(), torch.nn.Linear(64, 128))
    hurst = HurstRegularizationLoss(target_H=0.7)
    opt = torch.optim.Adam(gen.parameters(), lr=1e-3)

    def step(z, target):
        opt.zero_grad()
        paths = gen(z).cumsum(-1)
        loss = F.mse_loss(paths, target) + 0.5 * hurst(paths)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def noisy_q_step():
    """A temporal-difference step of a Q-network with fractional-noise exploration layers (torchfbm's
    FBMNoisyLinear: noise read from a pregenerated buffer by a Python step counter, refilled when spent)."""
    from torchfbm import FBMNoisyLinear
    q = torch.nn.Sequential(torch.nn.Linear(6, 32), torch.nn.ReLU(),
                            FBMNoisyLinear(32, 32, H=0.7, buffer_size=64, seed=0), torch.nn.ReLU(),
                            FBMNoisyLinear(32, 4, H=0.7, buffer_size=64, seed=10))
    opt = torch.optim.Adam(q.parameters(), lr=1e-3)

    def step(obs, actions, rewards, next_obs):
        opt.zero_grad()
        with torch.no_grad():
            target = rewards + 0.99 * q(next_obs).max(1).values
        value = q(obs).gather(1, actions[:, None])[:, 0]
        loss = F.smooth_l1_loss(value, target)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def _scorer():
    return torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))


def lambda_ndcg_step():
    """An Adam step of a document scorer on ranked lists of different lengths with LambdaLoss's NDCG
    weighting (pytorchltr2: pairs of every list, masked past each list's length)."""
    from pytorchltr.loss import LambdaNDCGLoss2
    scorer = _scorer()
    loss_fn = LambdaNDCGLoss2()
    opt = torch.optim.Adam(scorer.parameters(), lr=1e-3)

    def step(xs, relevance, n):
        opt.zero_grad()
        loss = loss_fn(scorer(xs)[..., 0], relevance, n).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def dcg_hinge_step():
    """An Adam step of the same scorer with the DCG-weighted pairwise hinge loss (pytorchltr2)."""
    from pytorchltr.loss import PairwiseDCGHingeLoss
    scorer = _scorer()
    loss_fn = PairwiseDCGHingeLoss()
    opt = torch.optim.Adam(scorer.parameters(), lr=1e-3)

    def step(xs, relevance, n):
        opt.zero_grad()
        loss = loss_fn(scorer(xs)[..., 0], relevance, n).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def binary_mlp_step():
    """An Adam step of an MLP whose hidden layers are true-binary (qste: the two layers converted by
    name, their sign coordinates stepped by the release's own optimizer after the float one)."""
    import qste
    model = torch.nn.Sequential()
    model.add_module("fc_in", torch.nn.Linear(16, 64))
    model.add_module("act", torch.nn.ReLU())
    model.add_module("fc_hidden", torch.nn.Linear(64, 64))
    model.add_module("act2", torch.nn.ReLU())
    model.add_module("head", torch.nn.Linear(64, 3))
    qste.convert(model, include=["fc_in", "fc_hidden"])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    coordinates = qste.QSTEOptimizer(model)

    def step(x, y):
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        coordinates.step()
        opt.zero_grad()
        coordinates.zero_grad()
        return loss
    return torch.compile(step)


def sign_mlp_step():
    """An Adam step of a binarised MLP (bitorch: QLinear layers with sign weights and activations,
    gradients by a straight-through estimator cancelled past a threshold)."""
    from bitorch.layers import QLinear
    model = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.BatchNorm1d(64),
                                QLinear(64, 64, input_quantization="sign", weight_quantization="sign"),
                                torch.nn.BatchNorm1d(64),
                                QLinear(64, 3, input_quantization="sign", weight_quantization="sign"))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)

    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def point_set_step():
    """An Adam step of a point-set classifier (torch-fps): centroids by farthest point sampling, their
    nearest neighbours grouped, a shared MLP and a max over each group."""
    from torch_fps import farthest_point_sampling_with_knn
    mlp = torch.nn.Sequential(torch.nn.Linear(3, 32), torch.nn.ReLU(), torch.nn.Linear(32, 64))
    head = torch.nn.Linear(64, 4)
    opt = torch.optim.Adam([*mlp.parameters(), *head.parameters()], lr=1e-3)

    def step(points, mask, labels):
        opt.zero_grad()
        centroids, knn = farthest_point_sampling_with_knn(points, mask, 16, 8, random_start=False)
        centres = torch.gather(points, 1, centroids[..., None].expand(-1, -1, 3))
        groups = torch.gather(points, 1, knn.reshape(points.shape[0], -1, 1).expand(-1, -1, 3))
        groups = groups.reshape(points.shape[0], 16, 8, 3) - centres[:, :, None]
        features = mlp(groups).amax(2).amax(1)
        loss = F.cross_entropy(head(features), labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
