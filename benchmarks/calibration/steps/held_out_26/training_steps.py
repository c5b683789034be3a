"""held_out_26's training steps, written as a user writes one in their project.

Each factory builds the model and its optimizer from the release (a plain import) and returns the
step compiled by name, ``torch.compile(step)``, as a user's training script does. The harness
(models.py ``_step``) measures the step itself; the score analyses this file with the release's
files, since the step's lines run in the eager call: its ``zero_grad``, ``backward`` and
``opt.step()`` breaks are on lines the score reads, as in a user's scanned project. One file per
split, alone in its folder: its sha256 is pinned by that split's measurements only.
"""

import torch

import hexagdly


def hexagdly_train_step():
    """A 2-D hexagonal CNN on 4 images of 1 x 24 x 24, 3 classes, plain SGD."""
    nn = torch.nn
    model = nn.Sequential(hexagdly.Conv2d(1, 8, kernel_size=1), nn.ReLU(), hexagdly.MaxPool2d(1, 2),
                          hexagdly.Conv2d(8, 16, kernel_size=2, stride=2), nn.ReLU(),
                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    labels = torch.tensor([0, 1, 2, 0])

    def step(x):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), labels)
        loss.backward()
        opt.step()
        return loss
    return torch.compile(step)
