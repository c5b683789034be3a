"""held_out_29's training steps, written as a user writes them.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does; models.py
``_step`` hands the harness the step itself. The score analyses this file with the release's files,
since its lines run in the eager call. One file per split, alone in its folder: its sha256 is pinned
by this split's measurements only.
"""

import torch

import torch_friction
import torchdeform
import torchoptics
from dstft import DSTFT
from pytorchfire import WildfireModel


def wildfire_calibration_step():
    """One AdamW step calibrating a wildfire model's spread parameters (pytorchfire) to an observed
    burn: 8 steps of spread from a central ignition with the new ignitions attached, the burned
    probability compared with the observation."""
    size = 48
    ignition = torch.zeros(size, size, dtype=torch.bool)
    ignition[size // 2 - 1:size // 2 + 1, size // 2 - 1:size // 2 + 1] = True
    model = WildfireModel(env_data={
        "p_veg": torch.zeros(size, size), "p_den": torch.zeros(size, size),
        "wind_velocity": torch.full((size, size), 3.0), "wind_towards_direction": torch.full((size, size), 45.0),
        "slope": torch.zeros(size, size, 3, 3), "initial_ignition": ignition})
    model.train()
    opt = torch.optim.AdamW(model.parameters(), lr=0.005)

    def step(observed):
        opt.zero_grad()
        model.reset(seed=0)
        for _ in range(8):
            model.compute(attach=True)
        burned = model.accumulator.clamp(0, 1)
        loss = torch.nn.functional.binary_cross_entropy(burned, observed)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def phase_mask_design_step():
    """One Adam step designing three phase masks (torchoptics) that shape a Gaussian beam into a
    four-petal Laguerre-Gaussian superposition at 0.8 m."""
    from torchoptics.elements import PhaseModulator
    from torchoptics.profiles import laguerre_gaussian

    torchoptics.set_default_spacing(10e-6)
    torchoptics.set_default_wavelength(700e-9)
    shape, waist = 128, 300e-6
    petals = laguerre_gaussian(shape, p=0, l=4, waist_radius=waist) + laguerre_gaussian(shape, p=0, l=-4,
                                                                                         waist_radius=waist)
    target = torchoptics.Field(petals, z=0.8).normalize()
    system = torchoptics.System(*(PhaseModulator(torch.nn.Parameter(torch.zeros(shape, shape)), z=z)
                                  for z in (0.2, 0.4, 0.6)))
    opt = torch.optim.Adam(system.parameters(), lr=0.05)

    def step(beam):
        opt.zero_grad()
        output = system.measure_at_z(torchoptics.Field(beam, z=0), 0.8)
        loss = 1 - output.inner(target).abs().square()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def mogi_inversion_step():
    """One Adam step inverting a Mogi source's position, depth and volume change (torchdeform) from
    an observed vertical displacement field."""
    mogi = torchdeform.MogiSource()
    params = torch.nn.Parameter(torch.tensor([200.0, -200.0, 2.0, 0.5], dtype=torch.float64))
    opt = torch.optim.Adam([params], lr=0.01)

    def step(x, y, observed_up):
        opt.zero_grad()
        sx, sy, depth_km, volume_mm3 = params
        d = mogi(x, y, sx[None], sy[None], 1e3 * depth_km[None], 1e6 * volume_mm3[None])
        loss = ((d.u - observed_up) * 1e3).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)


def dstft_window_step():
    """One Adam step learning a time-varying window length (dstft) that sharpens a chirp's
    spectrogram: the spectrogram's entropy is minimised."""
    dstft = DSTFT(n_fft=256, hop_length=64.0, win_length=200.0, window_mode="time")
    dstft.initialize(torch.zeros(1, 4096))  # the frames of a 4096-sample signal
    opt = torch.optim.Adam(dstft.parameters(), lr=1.0)

    def step(x):
        opt.zero_grad()
        spec, _ = dstft(x)
        p = spec / spec.sum(dim=-2, keepdim=True)
        entropy = -(p * torch.log(p + 1e-10)).sum(dim=-2).mean()
        entropy.backward()
        opt.step()
        return entropy
    return torch.compile(step)


def friction_fit_step():
    """One Adam step fitting rate-and-state parameters (torch-friction) to a friction series
    observed in a velocity-step experiment of 40 steps."""
    layer = torch_friction.FrictionLayer(law="aging")
    opt = torch.optim.Adam(layer.parameters(), lr=1e-3)

    def step(observed):
        opt.zero_grad()
        velocity = torch.full((1,), 1e-6, dtype=torch.float64)
        theta = torch.full((1,), 1e4, dtype=torch.float64)
        mus = []
        for k in range(observed.shape[0]):
            mu, theta = layer(velocity * (10.0 if k >= 20 else 1.0), theta, 0.05)
            mus.append(mu)
        loss = (torch.cat(mus) - observed).pow(2).mean()
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
