"""A small image-classification training script written for NVIDIA GPUs.

It is the example that the README's quick start scans: every GPU idiom in it is
one that neuron-migrate knows how to report or rewrite.
"""

import argparse
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset


class SmallNet(nn.Module):
    def __init__(self, classes: int = 10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
        self.head = nn.Linear(64 * 8 * 8, classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.head(x.flatten(1))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--amp", action="store_true")
    p.add_argument("--distributed", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    torch.backends.cudnn.benchmark = True
    torch.backends.cuda.matmul.allow_tf32 = True

    if args.distributed:
        dist.init_process_group(backend="nccl")
        local_rank = int(os.environ["LOCAL_RANK"])
        torch.cuda.set_device(local_rank)
        device = torch.device(f"cuda:{local_rank}")
    else:
        device = torch.device(args.device if torch.cuda.is_available() else "cpu")

    torch.cuda.manual_seed_all(0)
    data = TensorDataset(torch.randn(512, 3, 32, 32), torch.randint(0, 10, (512,)))
    loader = DataLoader(data, batch_size=64, shuffle=True, pin_memory=True)

    model = SmallNet().cuda()
    if args.distributed:
        model = DDP(model, device_ids=[local_rank])
    elif torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
    model = torch.compile(model, mode="max-autotune")

    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, fused=device.type == "cuda")
    scaler = torch.cuda.amp.GradScaler(enabled=args.amp)

    for epoch in range(args.epochs):
        torch.cuda.synchronize()
        start = time.time()
        for images, labels in loader:
            images = images.cuda(non_blocking=True)
            labels = labels.to(device)
            with torch.cuda.amp.autocast(enabled=args.amp):
                loss = F.cross_entropy(model(images), labels)
            optimizer.zero_grad(set_to_none=True)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        torch.cuda.synchronize()
        print(f"epoch {epoch}: loss {loss.item():.3f}, {time.time() - start:.1f}s, "
              f"{torch.cuda.max_memory_allocated() / 2**20:.0f} MiB")

    torch.save(model.state_dict(), "checkpoint.pt")
    state = torch.load("checkpoint.pt", map_location="cuda:0")
    print(f"reloaded {len(state)} tensors")


if __name__ == "__main__":
    main()
