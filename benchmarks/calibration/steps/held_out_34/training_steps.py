"""held_out_34's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only. Each factory imports its release where it builds the step, so
that a step's build loads its own release only.
"""

import torch
import torch.nn.functional as F


def set_prediction_step():
    """An Adam step of a set predictor (torch-linear-assignment): a network proposes 6 boxes with
    class scores per image, each image's proposals are matched to its targets by a Hungarian
    assignment of the detached cost, and the matched pairs give the box and class losses, the
    unmatched proposals the no-object class."""
    from torch_linear_assignment import assignment_to_indices, batch_linear_assignment
    net = torch.nn.Sequential(torch.nn.Linear(16, 64), torch.nn.ReLU(), torch.nn.Linear(64, 6 * 8))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(features, target_boxes, target_labels):
        opt.zero_grad()
        out = net(features).view(-1, 6, 8)
        boxes, logits = out[..., :4].sigmoid(), out[..., 4:]
        cost = torch.cdist(boxes, target_boxes, p=1) - logits.softmax(-1).gather(
            2, target_labels[:, None, :].expand(-1, 6, -1))
        rows, cols = assignment_to_indices(batch_linear_assignment(cost.detach()))
        batch = torch.arange(boxes.shape[0])[:, None]
        box_loss = F.l1_loss(boxes[batch, rows], target_boxes[batch, cols])
        classes = torch.full(boxes.shape[:2], 3, dtype=torch.long)
        classes[batch, rows] = target_labels[batch, cols]
        loss = box_loss + F.cross_entropy(logits.reshape(-1, 4), classes.reshape(-1))
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def spd_net_step():
    """An Adam step of an SPDNet-style classifier of covariance matrices (torchspd): a bilinear map
    to a smaller SPD matrix, its eigenvalues floored (ReEig) by the projection onto the PSD cone plus
    a ridge, the matrix logarithm, and a linear head on its upper triangle."""
    import torchspd
    bimap = torch.nn.Parameter(torch.linalg.qr(torch.randn(8, 4))[0])
    head = torch.nn.Linear(10, 3)
    opt = torch.optim.Adam([bimap, *head.parameters()], lr=1e-2)
    rows, cols = torch.triu_indices(4, 4)

    def step(covs, labels):
        opt.zero_grad()
        small = bimap.T @ covs @ bimap
        rectified = torchspd.proj_psd(small) + 1e-3 * torch.eye(4)
        logs = torchspd.logm(rectified)
        loss = F.cross_entropy(head(logs[:, rows, cols]), labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def zoom_spectrum_step():
    """An Adam step of a tone synthesiser fitted in a narrow band (minimal-zoom-fft): the network
    maps a code to a signal, and the loss compares the zoomed spectra of the band of interest."""
    from minimal_zoom_fft import zoom_fft
    net = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.Tanh(), torch.nn.Linear(64, 128))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(code, target):
        opt.zero_grad()
        signal = net(code)
        band = dict(n_out=64, k_start=0.2, k_end=0.6)
        loss = F.mse_loss(zoom_fft(signal, **band).abs(), zoom_fft(target, **band).abs())
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def mdct_denoiser_step():
    """An Adam step of a mask denoiser in the MDCT domain (torch-mdct): the noisy waveform's MDCT
    frames, a per-coefficient mask from a small network, the inverse MDCT, and a waveform loss."""
    from torch_mdct import IMDCT, MDCT
    mdct, imdct = MDCT(win_length=64), IMDCT(win_length=64)
    net = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 32), torch.nn.Sigmoid())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(noisy, clean):
        opt.zero_grad()
        spec = mdct(noisy)
        mask = net(spec.transpose(-1, -2)).transpose(-1, -2)
        restored = imdct(spec * mask, n_samples=noisy.shape[-1])
        loss = F.mse_loss(restored, clean)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def conductance_step():
    """An Adam step fitting the conductances of a grid's edges (torch-sla) so that the potentials
    solved from the weighted Laplacian (a sparse conjugate-gradient solve with adjoint gradients)
    match measured ones."""
    from torch_sla import SparseTensor
    log_conductance = torch.nn.Parameter(torch.zeros(264, dtype=torch.float64))
    opt = torch.optim.Adam([log_conductance], lr=5e-2)

    def step(src, dst, sources, measured):
        opt.zero_grad()
        w = log_conductance.exp()
        n = measured.shape[0]
        degree = torch.zeros(n, dtype=w.dtype).index_add(0, src, w).index_add(0, dst, w) + 0.1
        rows = torch.cat([src, dst, torch.arange(n)])
        cols = torch.cat([dst, src, torch.arange(n)])
        laplacian = SparseTensor(torch.cat([-w, -w, degree]), rows, cols, (n, n))
        potentials = laplacian.solve(sources, backend="pytorch", method="cg")
        loss = F.mse_loss(potentials, measured)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)



def kripke_step():
    """An Adam step of a Kripke model with a learnable accessibility relation (torchmodal): the
    necessity of an observed proposition fitted to measured values at every world, with the
    contradiction between a learnable proposition and its own necessity, and a sparsity penalty."""
    from torchmodal import KripkeModel
    from torchmodal.nn import LearnableAccessibility
    model = KripkeModel(num_worlds=12, accessibility=LearnableAccessibility(12, init_bias=-2.0), tau=0.1)
    model.add_proposition("safe", learnable=True)
    model.add_proposition("online", learnable=False)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)

    def step(online_bounds, observed_box):
        opt.zero_grad()
        model.get_proposition("online").set_bounds(online_bounds)
        relation = model.get_accessibility()
        box_online = model.necessity("online", relation)
        loss = F.mse_loss(box_online[:, 0], observed_box) + \
            model.contradiction_loss({"safe": model.necessity("safe", relation)}) + 1e-3 * relation.sum()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def reachability_step():
    """An Adam step of a relation learnt so that a goal is reachable from every world (torchmodal):
    the soft least fixpoint of EF goal over the relation's sigmoid, its lower bounds pushed to one,
    with a penalty on the number of edges."""
    from torchmodal import fixpoint
    logits = torch.nn.Parameter(torch.full((12, 12), -1.0))
    opt = torch.optim.Adam([logits], lr=5e-2)

    def step(goal):
        opt.zero_grad()
        relation = logits.sigmoid()
        reach = fixpoint.ef(goal, relation, tau=0.1).bounds
        loss = (1 - reach[:, 0]).mean() + 1e-2 * relation.mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def retrieval_step():
    """An Adam step retrieving a density on a spherical grid from its projections (tomosphero): the
    density a softplus of free coefficients, projected by the ray-tracing operator, compared with the
    measured image, plus a penalty on radial differences."""
    import tomosphero
    grid = tomosphero.SphericalGrid(shape=(10, 12, 16))
    op = tomosphero.Operator(grid, tomosphero.ConeRectGeom(shape=(16, 16), pos=(3.0, 0.5, 0.3), fov=(40, 40)))
    coeffs = torch.nn.Parameter(torch.zeros(10, 12, 16, dtype=torch.float64))
    opt = torch.optim.Adam([coeffs], lr=5e-2)

    def step(measured):
        opt.zero_grad()
        density = F.softplus(coeffs)
        loss = F.mse_loss(op(density), measured) + 1e-3 * density.diff(dim=0).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def radio_awgn_step():
    """An Adam step of two dense radios that share a channel with random noise power (torchradio):
    the environment simulates 64 timesteps of 8 packets, and each receiver's bit probabilities are
    fitted to its transmitter's bits."""
    from torchradio import Receiver, Transmitter
    from torchradio.algorithm.example import DenseRadio
    from torchradio.env.null import RandomAWGNEnvironment
    radios = [DenseRadio(n_input_bits=8, tx_length_per_bit=4) for _ in range(2)]
    env = RandomAWGNEnvironment(p_min=0, p_max=1)
    env.place(transmitters={f"tx{i}": Transmitter(r.tx) for i, r in enumerate(radios)},
              receivers={f"rx{i}": Receiver(r.rx) for i, r in enumerate(radios)})
    env.simulate(64, 1)  # the radios' lazy layers take their shapes before the optimizer sees them
    opt = torch.optim.Adam([p for r in radios for p in r.parameters()], lr=1e-3)

    def step():
        opt.zero_grad()
        logs = env.simulate(64, 8)
        loss = sum(F.binary_cross_entropy(logs.rx[f"rx{i}"]["bit_probabilities"],
                                          logs.tx[f"tx{i}"].metadata["bits"].float()) for i in range(2))
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def radio_snr_step():
    """An Adam step of a radio pair trained at an SNR drawn for each step (torchradio): a curriculum
    that sets the environment's SNR from a Python number, then simulates and fits the bits."""
    import random

    from torchradio import Receiver, Transmitter
    from torchradio.algorithm.example import DenseRadio
    from torchradio.env.null import ControlledSNREnvironment
    radio = DenseRadio(n_input_bits=8, tx_length_per_bit=2)
    env = ControlledSNREnvironment(snr=5.0)
    env.place({"tx": Transmitter(radio.tx)}, {"rx": Receiver(radio.rx)})
    env.simulate(64, 1)  # the lazy layers take their shapes before the optimizer sees them
    opt = torch.optim.Adam(radio.parameters(), lr=1e-3)
    draws = random.Random(0)

    def step():
        opt.zero_grad()
        env.set_snr(draws.uniform(0.0, 10.0))
        logs = env.simulate(64, 8)
        loss = F.binary_cross_entropy(logs.rx["rx"]["bit_probabilities"], logs.tx["tx"].metadata["bits"].float())
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
