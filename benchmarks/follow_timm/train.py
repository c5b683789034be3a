# A user's script that compiles a model of an installed library (ours): what the
# follow benchmark scans, with pytorch-image-models on the search path.
import timm
import torch

model = timm.create_model("vit_base_patch16_224", pretrained=False, dynamic_img_size=True)
model = torch.compile(model, backend="neuron")


def train_step(x, y):
    return torch.nn.functional.cross_entropy(model(x), y)
