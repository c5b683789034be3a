"""held_out_37's training steps and user functions, written as a user writes them.

Each factory builds what it needs from the release (a plain import) and returns the function
compiled by name, ``torch.compile(fn)``, as a user's script does; models.py ``_step`` hands the
harness the function itself. Besides the training steps (an optimizer's step after a backward),
this file holds the split's other user code that runs inside the compiled call (a user's
statistics, scores and loops over a release's functions), so that the score analyses it with the
release's files. One file per split, alone in its folder: its sha256 is pinned by this split's
measurements only. Each factory imports its release where it builds the function.
"""

import torch
import torch.nn.functional as F


# -- torchqubo -------------------------------------------------------------------------------------

def qubo_relaxed_step():
    """An Adam step of a relaxed max-cut (torchqubo): the cut is a QUBO, each node's side a sigmoid
    of a learnable logit; the relaxed energy is minimised with a penalty that pushes the relaxation
    to 0/1, and the hard assignment's energy is reported with the release's energy."""
    from torchqubo import qubo_energy
    logits = torch.nn.Parameter(0.1 * torch.randn(1, 12))
    opt = torch.optim.Adam([logits], lr=5e-2)

    def step(Q, temperature):
        opt.zero_grad()
        p = torch.sigmoid(logits / temperature)
        loss = qubo_energy(Q, p).sum() + 0.1 * (p * (1 - p)).sum()
        loss.backward()
        opt.step()
        with torch.no_grad():
            hard = (torch.sigmoid(logits) > 0.5).float()
            return loss, qubo_energy(Q, hard)
    return torch.compile(step)


# -- torchtsetlin ----------------------------------------------------------------------------------

def tsetlin_epoch():
    """A user's epoch of a Tsetlin machine (torchtsetlin) on real-valued features: thermometer
    encoding, a shuffled pass of mini-batch updates (Type I / Type II feedback, no gradients), and the
    epoch's accuracy from the votes the updates return."""
    import torchtsetlin as tt
    encoder = tt.data.ThermometerEncoder(n_bits=4)
    model = tt.TsetlinMachine(n_features=None, n_classes=3, n_clauses=10, T=8, s=3.0)

    def epoch(x, y):
        if not encoder.is_fitted:
            encoder.fit(x)
        xb = encoder(x)
        order = torch.randperm(x.shape[0])
        correct = 0
        for start in range(0, x.shape[0], 16):
            idx = order[start:start + 16]
            votes = model.update(xb[idx], y[idx])
            correct += int((votes.argmax(1) == y[idx]).sum())
        return correct / x.shape[0]
    return torch.compile(epoch)


# -- torchbelief ----------------------------------------------------------------------------------

def mass_head_step():
    """An Adam step of a classifier with a Dempster-Shafer output (torchbelief): a small network ends in a
    mass head over singletons and the whole frame, its mass is fused with the sensors' evidence by Dempster's
    rule, and the fused mass is fitted by the pignistic likelihood with a penalty on the conflict."""
    import torchbelief as tb
    frame = tb.Frame(3)
    net = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.ReLU(), tb.MassHead(16, frame))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(x, labels, sensors):
        opt.zero_grad()
        mass = net(x)
        fused, conflict = tb.combine([mass, *sensors], frame, rule="dempster")
        loss = tb.pignistic_nll(fused, labels, frame) + 0.1 * conflict.mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


# -- haralick-torch --------------------------------------------------------------------------------

def haralick_texture_map():
    """A user's texture map of an image (haralick-torch): the image is normalised and padded, the
    Haralick features computed tile by tile, and the 13 feature maps reduced to 3 components for
    display."""
    from haralick_torch.core import precompute_matrices
    from haralick_torch.pca import pca_3_components
    from haralick_torch.tiles import process_in_tiles

    def texture_map(image):
        image = (image - image.min()) / (image.max() - image.min() + 1e-10)
        padded = F.pad(image, (2, 2, 2, 2), mode="reflect")
        I, J, D = precompute_matrices(8, image.device)
        textures = process_in_tiles(padded, 8, 5, 8, I, J, D)
        return pca_3_components(list(textures.values()), image.device)
    return torch.compile(texture_map)


# -- torch-betainc ---------------------------------------------------------------------------------

def student_cdf_fit_step():
    """An Adam step fitting a Student's t distribution (torch-betainc's differentiable CDF) to a
    sample by its Cramér-von Mises distance: the empirical CDF of the sorted sample against the
    model's CDF, with the degrees of freedom, location and scale learnt in log space."""
    from torch_betainc import StudentT
    log_df = torch.nn.Parameter(torch.tensor(1.0))
    loc = torch.nn.Parameter(torch.tensor(0.0))
    log_scale = torch.nn.Parameter(torch.tensor(0.0))
    opt = torch.optim.Adam([log_df, loc, log_scale], lr=5e-2)

    def step(sample):
        opt.zero_grad()
        xs, _ = torch.sort(sample)
        n = xs.shape[0]
        empirical = (torch.arange(n, dtype=xs.dtype) + 0.5) / n
        model = StudentT(df=log_df.exp(), loc=loc, scale=log_scale.exp())
        loss = (model.cdf(xs) - empirical).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


# -- kuwahara-torch --------------------------------------------------------------------------------

def kuwahara_painterly_step():
    """An Adam step of a small convolutional network taught to paint like the generalized Kuwahara
    filter (kuwahara-torch): the target is the filtered image, padded to keep its size, and the
    loss adds the filter's residual on the network's own output."""
    from kuwahara_torch import generalized_kuwahara
    net = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(),
                              torch.nn.Conv2d(8, 3, 3, padding=1))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(image):
        opt.zero_grad()
        with torch.no_grad():
            target = generalized_kuwahara(image, 5, padding_mode="reflect")
        out = net(image)
        loss = F.mse_loss(out, target)
        loss = loss + 0.1 * F.mse_loss(generalized_kuwahara(out, 5, padding_mode="reflect"), out)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


# -- gns-pytorch -----------------------------------------------------------------------------------

def gradient_noise_scale():
    """A user's check of the gradient noise scale of a regression network (gns-pytorch) on a batch:
    the per-example losses and the release's estimate from per-example gradients of a sample of the
    parameters, with the critical batch size it suggests."""
    from gns_pytorch import compute_gns
    net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.Tanh(), torch.nn.Linear(32, 1))

    def noise_scale(x, y):
        per_example = F.mse_loss(net(x), y, reduction="none").mean(1)
        gns = compute_gns(per_example, net, param_percentage=1.0, batch_percentage=0.5)
        return per_example.mean(), max(1, int(round(gns)))
    return torch.compile(noise_scale)


def gns_logged_step():
    """An SGD step that logs the gradient noise scale (gns-pytorch) every step, as an adaptive-batch
    training script does: the per-example losses give the estimate, then the mean loss is
    backpropagated."""
    from gns_pytorch import compute_gns
    net = torch.nn.Sequential(torch.nn.Linear(8, 32), torch.nn.ReLU(), torch.nn.Linear(32, 2))
    opt = torch.optim.SGD(net.parameters(), lr=1e-2)
    history = []

    def step(x, y):
        opt.zero_grad()
        per_example = F.cross_entropy(net(x), y, reduction="none")
        history.append(compute_gns(per_example, net, param_percentage=1.0, batch_percentage=0.5))
        loss = per_example.mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


# -- torchdensityestimation ------------------------------------------------------------------------

def rulsif_change_points():
    """A user's change-point scores of a time series by relative density-ratio estimation
    (torchdensityestimation's RuLSIF, as in Liu et al. 2013): subsequences of the series are
    embedded, and for each split point the Pearson divergence between the windows before and after
    it is estimated from the fitted ratio; points whose score passes a threshold are returned."""
    from torchdensityestimation.ratio import rulsif_fit, rulsif_predict

    def change_points(series, threshold):
        emb = series.unfold(0, 4, 1)  # (n - 3, 4) subsequences
        scores = []
        for t in range(16, emb.shape[0] - 16, 8):
            before, after = emb[t - 16:t], emb[t:t + 16]
            model = rulsif_fit(before, after, alpha=0.1, sigma=torch.tensor([1.0]), lambd=torch.tensor([0.1]),
                               kernel_num=16, seed=0)
            ratio = rulsif_predict(model, before)
            scores.append(0.5 * (ratio - 1).pow(2).mean())
        scores = torch.stack(scores)
        return scores, torch.nonzero(scores > threshold).flatten()
    return torch.compile(change_points)


# -- torch-crps ------------------------------------------------------------------------------------

def crps_forecast_step():
    """An Adam step of a probabilistic forecaster trained by the CRPS (torch-crps): a small network
    predicts a Normal's mean and scale from lagged values, the closed-form CRPS is the loss, and the
    ensemble CRPS of samples drawn from the forecast is reported beside it."""
    from torch_crps import crps_analytical, crps_ensemble
    net = torch.nn.Sequential(torch.nn.Linear(6, 32), torch.nn.ReLU(), torch.nn.Linear(32, 2))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def step(lags, target):
        opt.zero_grad()
        mean, raw_scale = net(lags).unbind(-1)
        forecast = torch.distributions.Normal(mean, F.softplus(raw_scale) + 1e-3)
        loss = crps_analytical(forecast, target).mean()
        loss.backward()
        opt.step()
        with torch.no_grad():
            members = forecast.sample((16,)).movedim(0, -1)
            return loss, crps_ensemble(members, target).mean()
    return torch.compile(step)


# -- torchorthopolys -------------------------------------------------------------------------------

def chebyshev_fit_step():
    """An Adam step of a spectral regression (torchorthopolys): the inputs are evaluated in the
    orthonormal Chebyshev basis of the first kind up to degree 8 and a coefficient vector is fitted
    to noisy targets, with a penalty growing with the degree."""
    from torchorthopolys import Chebyshev1
    basis = Chebyshev1()
    coeffs = torch.nn.Parameter(torch.zeros(9))
    opt = torch.optim.Adam([coeffs], lr=5e-2)

    def step(x, y):
        opt.zero_grad()
        phi = basis(8, x)  # (9, n)
        loss = F.mse_loss(coeffs @ phi, y) + 1e-3 * (torch.arange(9) * coeffs).pow(2).sum()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


# -- torchrolling ----------------------------------------------------------------------------------

def bollinger_flags():
    """A user's Bollinger bands over price series (torchrolling): the rolling mean and standard
    deviation over 10 steps, the z-score of each price, and the indices flagged outside 2 standard
    deviations per series."""
    from torchrolling import rolling

    def flags(prices):
        window = rolling(prices, 10, min_periods=5)
        mean, std = window.mean(), window.std()
        z = (prices - mean) / std
        out = []
        for row in z:
            out.append(torch.nonzero(row.abs() > 2).flatten())
        return mean + 2 * std, mean - 2 * std, out
    return torch.compile(flags)


def rolling_quantiles():
    """A user's robust rolling summary of series with missing readings (torchrolling): the rolling
    median, 90 % quantile and range over a centred window of 7, NaNs skipped."""
    from torchrolling import rolling

    def summary(series):
        window = rolling(series, 7, min_periods=3, center=True)
        return window.median(), window.quantile(0.9), window.max() - window.min()
    return torch.compile(summary)


def ewm_correlation():
    """A user's exponentially weighted correlation and volatility of two return series
    (torchrolling), pandas' ``ewm(span=10)`` semantics, with a warning level read on the host."""
    from torchrolling import ewm

    def correlation(a, b):
        corr = ewm(a, span=10, min_periods=3).corr(b)
        vol = ewm(a, span=10).std()
        if bool((corr[..., -1] < 0).any()):
            vol = vol * 1.5
        return corr, vol
    return torch.compile(correlation)


def rolling_moments():
    """A user's higher rolling moments of a signal (torchrolling): skewness and kurtosis over 12 steps
    and the rolling covariance with a reference."""
    from torchrolling import rolling

    def moments(x, ref):
        window = rolling(x, 12)
        return window.skew(), window.kurt(), window.cov(ref)
    return torch.compile(moments)
