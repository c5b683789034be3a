"""What Dynamo (the installed torch) really breaks on: one small function per construct.

Each case is run through ``neuron_migrate.runtime.dynamo.measure`` (explain's accounting plus
Dynamo's graph-break log) on the CPU. The output is the Markdown table recorded in
docs/accuracy.md; the static rules in checks/graph_breaks.py are written against it.

    python benchmarks/calibration/constructs.py            # prints the table (about 2 minutes)
    python benchmarks/calibration/constructs.py item print  # only cases whose name contains a word
    python benchmarks/calibration/constructs.py --container-ops  # ATen calls per torch.nn container
    python benchmarks/calibration/constructs.py --grown-loop     # compiles of a model fed a sequence grown per step (NM308)
    python benchmarks/calibration/constructs.py --wrapper-calls  # what torch.compile's wrapper compiles of a method (NM127)
    python benchmarks/calibration/constructs.py --resume-frames  # whether Dynamo traces the frame it resumes in
    python benchmarks/calibration/constructs.py --numpy-unmapped # NumPy's functions Dynamo does not map to torch
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import tempfile
import textwrap
from pathlib import Path

PRELUDE = """\
import contextlib, copy, functools, gc, importlib, inspect, itertools, logging, math, pickle, random, sys, threading, time, typing, warnings
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
log = logging.getLogger("constructs")
try:  # einops' cases: a dependency of the releases (on PYTHONPATH when measured), not of this project
    from einops import rearrange
except ImportError:
    rearrange = None
TABLE = {"a": 1.0, "b": 2.0}
FRESH = None  # a case's module, built anew for each call (config "fresh")

class LazyMLP(nn.Module):  # torchradio's DenseReceptionAlgorithm: lazy layers in a Sequential
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.LazyLinear(32), nn.ReLU(), nn.LazyLinear(16), nn.ReLU(), nn.LazyLinear(8),
                                 nn.Sigmoid())
    def forward(self, x):
        y = x * 2
        return self.net(y).sum(-1)

class SizedMLP(nn.Module):  # ... its layers given their input sizes
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 8),
                                 nn.Sigmoid())
    def forward(self, x):
        y = x * 2
        return self.net(y).sum(-1)

class LazyHead(nn.Module):  # one lazy layer of its own (pytorch-toolbelt's classification head)
    def __init__(self):
        super().__init__()
        self.classifier = nn.LazyLinear(4)
    def forward(self, x):
        y = x * 2
        return self.classifier(y).sum(-1)

class LazyConvHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.LazyConv1d(4, 3)
    def forward(self, x):
        y = x * 2
        return self.conv(y[:, None]).sum(-1)

class LazyNormHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LazyBatchNorm1d()
    def forward(self, x):
        y = x * 2
        return self.norm(y).sum(-1)

def helper_item(x):
    return x.sum().item()

@torch.compiler.disable
def disabled(x):
    return x + 1

@torch.no_grad()
def no_grad_helper(x):
    return x * 2

@functools.lru_cache(None)
def cached(n):
    return n * 2

class Ctx:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return False

class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2

class ScaleByMax(torch.autograd.Function):  # torchkbnufft's interpolation: a host read in forward's callee
    @staticmethod
    def forward(ctx, x):
        return x * helper_item(x)
    @staticmethod
    def backward(ctx, g):
        return g

class GradCheckpoint(torch.autograd.Function):  # activation checkpointing written by hand (improved-diffusion's)
    @staticmethod
    def forward(ctx, run, length, *args):  # the parameters given too, so that their gradients flow
        ctx.run, ctx.inputs, ctx.params = run, list(args[:length]), list(args[length:])
        with torch.no_grad():
            return run(*ctx.inputs)
    @staticmethod
    def backward(ctx, *grads):
        inputs = [a.detach().requires_grad_(True) for a in ctx.inputs]
        with torch.enable_grad():
            out = ctx.run(*inputs)
        return (None, None, *torch.autograd.grad(out, inputs + ctx.params, grads, allow_unused=True))

def checkpointed(run, inputs, params, flag):
    if flag:
        args = tuple(inputs) + tuple(params)
        return GradCheckpoint.apply(run, len(inputs), *args)
    return run(*inputs)

class CheckpointedBlock(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
    def forward(self, x):
        return checkpointed(self._forward, (x,), self.parameters(), True)
    def _forward(self, x):
        return self.lin(x).relu()

def take_params(x, params):  # given a module's parameters(), a generator it iterates
    return x * len(tuple(params))

LAYER = torch.nn.Linear(8, 8)
SIZED = nn.Module()
BUFFERED = nn.Module()
BUFFERED.register_buffer("rtol", torch.tensor(0.5))
SIZED.dims = (2, 4)
from torch import relu as torch_relu  # a function, not a module: no frame started for it
HOPPED = nn.Module()  # snac: self.hop_length = np.prod(encoder_rates), a NumPy integer
HOPPED.hop = np.prod([2, 2])
CHECKPOINTED = CheckpointedBlock()

class Counter:
    n = 0

def print_helper(x):
    print(x)
    return x * 2

class Held(nn.Module):  # a module handed to __init__, kept on self, called (an RL algorithm's actor-critic)
    def __init__(self, net):
        super().__init__()
        self.net = net
    def forward(self, x):
        return self.net(x)[0] + 1
    def eager_step(self, x):  # a frame Dynamo skips: its call of the held module
        for r in x:
            print(r)
        a, v = self.net(x)
        return a * 2 + v.sum()

class ActorCritic(nn.Module):  # ... of a class the library does not know (the user's)
    def __init__(self):
        super().__init__()
        self.actor, self.critic = nn.Linear(8, 8), nn.Linear(8, 1)
    def forward(self, x):
        return torch.tanh(self.actor(x)), self.critic(x).squeeze(1)

HELD = Held(ActorCritic())

# torch.nn containers (x is (4, 8): sequence 4, batch 1 after unsqueeze, features 8)
LSTM, GRU, RNN, LSTM_CELL = nn.LSTM(8, 8), nn.GRU(8, 8), nn.RNN(8, 8), nn.LSTMCell(8, 8)
ENCODER = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2,
                                enable_nested_tensor=False).eval()
ENCODER_LAYER = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0).eval()
DECODER = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2).eval()
TRANSFORMER = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0).eval()
MHA = nn.MultiheadAttention(8, 2).eval()
CAUSAL = nn.Transformer.generate_square_subsequent_mask(4)
PADDING = torch.zeros(1, 4, dtype=torch.bool)
SPARSE = torch.eye(4).to_sparse()

class Tagged(torch.Tensor):  # a tensor subclass parameter (geoopt's ManifoldParameter): isinstance picks the update
    __torch_function__ = torch._C._disabled_torch_function_impl

class TaggedParameter(Tagged, nn.Parameter):
    def __new__(cls, data):
        return torch.Tensor._make_subclass(cls, data, True)

class TagStep(torch.optim.Optimizer):  # its step doubles a Tagged parameter, adds 1 to another
    def __init__(self, params):
        super().__init__(params, {})

    @torch.no_grad()
    def step(self, x):
        out = []
        for group in self.param_groups:
            for p in group["params"]:
                out.append((p * x[0, 0]).sin().cos().exp() if isinstance(p, Tagged) else p + 1)
        return out

TAG_STEP = TagStep([TaggedParameter(torch.ones(3))])

def state_step1(state):  # a state machine of step functions (fast-bss-eval's Hungarian solver)
    state["x"] = state["x"] * 2
    print("step 1")
    return state_step2

def state_step2(state):
    state["x"] = state["x"] + 1
    return None

class Scorer:  # held in a module-level variable (a script's `model = Net()`), its method called in traced code
    def score(self, t):
        print("scoring")
        return t * 2

SCORER = Scorer()

def relu_helper(t):  # a helper with ops and no break, compiled as a frame of its own from eager code
    return (t * 2).relu() + 1

class Stepper:  # an iterative method's object (torchattacks' PGD, a solver's step): a method with ops, no break
    def advance(self, t, k=1.0):
        return (t * 2).relu() * k

STEPPER = Stepper()
RATE = 0.5

class EMLoop:  # cpd-pytorch's EMRegistration: state on self, a step method whose frame holds no tensor
    def run(self, t):
        self.y, self.i = t * 2, 0
        while self.i < 6 and bool((self.y > -100).any()):
            self.iterate()
        return self.y
    def iterate(self):
        self.expect()
        self.i += 1
    def expect(self):
        self.y = torch.relu(self.y) - 0.1

EM_LOOP = EMLoop()

def em_loop_run(x):
    return EM_LOOP.run(x)

def wrapper_helper(t):  # no op of its own: one call of relu_helper, which Dynamo inlines (torchcp's threshold)
    return relu_helper(t)

def gather_helper(t, out):  # its ops are all in relu_helper, which Dynamo inlines (torch-optimi's _init_group)
    for k in (2, 3):
        out.append(relu_helper(t[:k]))
    return out

class Inner(nn.Module):  # a submodule of the project: its forward is user code
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 8)
    def forward(self, t):
        return (self.a(t).relu() * 2 + 1).tanh().sin()

INNER, LINEAR = Inner().eval(), nn.Linear(8, 8).eval()

@torch.jit.script
def scripted_helper(t):  # a TorchScript function (torchkbnufft's interpolation helpers)
    return ((t * 2).relu() + 1).tanh().sin()

def scale_helper(t, k):  # a helper taking an int: the loop's index in the cases below
    return (t * k).relu() + 1

def index_helper(t, i):  # ... using it as a subscript
    return t[i] * 2 + 1

def tuple_index_helper(t, i):  # ... in a tuple subscript of a read, with arithmetic (flash-semicrf's edge blocks)
    return (t[:, i + 1] - t[:, i]) * 2


def store_helper(t, index, v):  # ... in a tuple subscript of a store (torchdiffeq's _UncheckedAssign)
    t[index] = v
    return t * 2

def as_tensor_helper(t, s):  # a helper turning a number into a tensor (torch-linode's _richardson_step)
    return (t * torch.as_tensor(s, dtype=t.dtype)).relu() + 1

def math_helper(t, s):  # ... into a math result
    return (t * math.exp(s)).relu() + 1

def tensor_helper(t, s):  # ... with torch.tensor, which Dynamo makes dynamic at the first recompile
    return (t * torch.tensor(s)).relu() + 1

def _check_range(t, flag):  # snntorch's _latency_errors: a flag with no default, every call passing one off
    if flag and torch.max(t) > 100:
        raise ValueError("out of range")
    return t


def forwards_flag(t, first=0):  # snntorch's latency_code: hands its own flag on by name
    return _check_range(t, first) * 2


def early_return_check(t, check=False):  # stable-baselines3's is_image_space: a break past `if not check: return`
    if t.dim() == 2:
        if not check:
            return t
        n = np.argmin(t.shape).item()
        return t * n
    return t


def seeded_draw(t, seed=3):  # torch-kmeans' _init_rnd: a generator built and seeded when a seed is set
    if seed is not None:
        gen = torch.Generator(device=t.device)
        gen.manual_seed(seed)
    else:
        gen = None
    idx = torch.multinomial(torch.ones(t.shape[0]), 2, replacement=False, generator=gen)
    return t[idx] * 2


def checked_temp(t, temp=None):  # taming's VectorQuantizer2.forward: an assert that short-circuits on a default
    y = t * 2
    assert temp is None or temp == 1.0, "only for interface compatibility"
    return y + 1


def kept_term(t, weight=1.0, ignore=None):  # nnU-Net's DC_and_CE_loss: a term kept when no label is ignored, or some is left
    if ignore is not None:
        left = (t != ignore).sum()
    term = t.abs().mean() if weight != 0 and (ignore is None or left > 0) else 0
    return t.mean() + weight * term


class KeptTerm(nn.Module):  # ... with the label an attribute set from a None default
    def __init__(self, weight=1, ignore=None):
        super().__init__()
        self.weight = weight
        self.ignore = ignore

    def forward(self, t):
        if self.ignore is not None:
            left = (t != self.ignore).sum()
        term = t.abs().mean() if self.weight != 0 and (self.ignore is None or left > 0) else 0
        return t.mean() + self.weight * term


KEPT, KEPT_IGNORING = KeptTerm(), KeptTerm(ignore=2.0)


def tried_print(t, verbose=False):  # torch-sla's scipy_solve: ops, a break off by default, then a try block
    y = t * 2
    z = y + 1
    if verbose:
        print("solving")
    try:
        print(z)
        z = z * 3
    except ValueError:
        pass
    return z + 1


class CapturableSGD(torch.optim.Optimizer):  # sophia-opt's SophiaG: its update asserts CUDA when capturable
    def __init__(self, params, lr=0.1, capturable=False, both=True):
        super().__init__(params, dict(lr=lr, capturable=capturable))
        self.both = both

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            update = capturable_update if self.both else capturable_update_one
            update([p for p in group["params"] if p.grad is not None], capturable=group["capturable"])


def capturable_update(params, capturable: bool = False):
    for p in params:
        if capturable:
            assert p.is_cuda and p.grad.is_cuda
        p.add_(p.grad, alpha=-0.1)


def capturable_update_one(params, capturable: bool = False):
    for p in params:
        if capturable:
            assert p.is_cuda, "capturable needs CUDA tensors"
        p.add_(p.grad, alpha=-0.1)


CAP_LIN = nn.Linear(4, 4)
CAP_LIN(torch.ones(2, 4)).sum().backward()
CAP_OPT, CAP_OPT_ONE = CapturableSGD(CAP_LIN.parameters()), CapturableSGD(CAP_LIN.parameters(), both=False)


RATE = 16000


def documented_rate(t, rate):  # torchcrepe's preprocess: an int the docstring types, against a constant
    '''rate (int): the sampling rate'''
    if rate != RATE:
        t = t * 2
    return t


LSTM_ARG = nn.LSTM(8, 8)


def lstm_given(t, lstm: nn.LSTM):  # sb3-contrib's _process_sequence: the LSTM handed in, a static method's argument
    seq = t.reshape((t.shape[0], -1, lstm.input_size))
    seq = seq * 2 + 1
    out, _ = lstm(seq)
    return out


def lstm_given_unannotated(t, lstm):
    seq = t.reshape((t.shape[0], -1, 8))
    seq = seq * 2 + 1
    out, _ = lstm(seq)
    return out


def fn_holder(t):  # torchcrepe's infer: keeps its model as an attribute of the function itself
    fn_holder.scale = 2.0
    return t * fn_holder.scale


def fn_reader(t):  # ... only read
    return t * fn_reader.scale


fn_reader.scale = 2.0


def as_parameter(t):  # pomegranate's _cast_as_parameter: a value wrapped as a parameter
    return torch.nn.Parameter(t, requires_grad=False)


def helper_of_helper(x):
    y = x + 1
    n = helper_item(y)
    return y * n

def select_by_mask(x, edge_mask):
    return x[:, edge_mask]

def record_step(t, trace):  # torchdeq's update_state: appends to a list of a dict it is handed
    trace["abs"].append(t.norm())
    return t * 2

class OwnCall(nn.Module):  # a module with its own __call__ (PyTorch Geometric's Aggregation)
    def __call__(self, x):
        n = int(x.abs().max()) + 1
        return super().__call__(x) * n
    def forward(self, x):
        return x * 2

class LayerDrop(nn.Module):  # x-transformers' layer dropout, built in eval mode
    def forward(self, x):
        if self.training and random.random() < 0.5:
            return x
        return x * 2

OWN_CALL, LAYER_DROP = OwnCall(), LayerDrop().eval()

class BreakLayer(nn.Module):  # a layer with a break between two ops
    def __init__(self, width):
        super().__init__()
        self.lin = nn.Linear(width, width)
    def forward(self, x):
        y = self.lin(x)
        n = y.sum().item()
        return y * n

LAYERS = nn.ModuleList([BreakLayer(8) for _ in range(3)]).eval()
SEQUENTIAL = nn.Sequential(*[BreakLayer(8) for _ in range(3)]).eval()

def resample(x, verbose=False):  # timm's resample_abs_pos_embed: a log call behind a default-off flag
    y = x * 2
    if verbose:
        log.info("resampled to %s", y.shape)
    return y + 1

class Flagged(nn.Module):  # a break behind a constructor flag that is off by default
    def __init__(self, dynamic_size=False):
        super().__init__()
        self.dynamic_size = dynamic_size
    def forward(self, x):
        y = x * 2
        if self.dynamic_size:
            y = resample(y, verbose=True)
        return y + 1

FLAGGED = Flagged().eval()


class Initted(nn.Module):  # vector-quantize-pytorch's codebook: a registered buffer as a flag
    def __init__(self):
        super().__init__()
        self.register_buffer("initted", torch.tensor(False))

    def forward(self, x):
        if self.initted:
            return x
        return x * 2


INITTED = Initted()

class Fielded(nn.Module):  # e2cnn's batch norm and pooling: index buffers registered under formatted names
    def __init__(self):
        super().__init__()
        for s in (2, 4):
            self.register_buffer(f"indices_{s}", torch.LongTensor([0, s]))
        self.register_buffer("bounds", torch.LongTensor([1, 3]))
    def forward(self, x):
        y = x * 2
        for s in (2, 4):
            indices = getattr(self, f"indices_{s}")
            y = y + x[:, indices[0]:indices[1]].sum()
        return y

FIELDED = Fielded()

@contextlib.contextmanager
def matmul_precision(p):  # jet-pytorch's precision(): a context manager that reads a setting first
    prev = torch.get_float32_matmul_precision()
    try:
        torch.set_float32_matmul_precision(p)
        yield
    finally:
        torch.set_float32_matmul_precision(prev)

@contextlib.contextmanager
def printing_context():  # a context manager whose setup prints
    print("enter")
    yield

@contextlib.contextmanager
def plain_context():  # a context manager with no break
    yield

class ProdBackward(torch.autograd.Function):  # a backward flattening its gradient by np.prod of its size
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g.reshape(int(np.prod(g.size()))).view_as(g) * 2

class Ranked:  # tntorch's Tensor.ranks_tt: a property building a tensor of Python ints
    @property
    def ranks(self):
        return torch.tensor([2] + [3, 4])

RANKED = Ranked()
class Tagger(nn.Module):  # TorchBench tts_angular, Tacotron2's encoder
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)
    def forward(self, x):
        y = x * 2
        y = y + 1
        self.lstm.flatten_parameters()
        out, _ = self.lstm(y.unsqueeze(1))
        return out * 3

class Sizer(nn.Module):  # reads an attribute of its LSTM before calling it
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)
    def forward(self, x):
        y = x * 2
        y = y + 1
        h = y.new_zeros(1, 1, self.lstm.hidden_size)
        out, _ = self.lstm(y.unsqueeze(1), (h, h))
        return out * 3

class Checked(nn.Module):  # PyG's JumpingKnowledge: asserts its optional LSTM is there, then calls it
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)
    def forward(self, x):
        y = x * 2
        assert self.lstm is not None
        y = y + 1
        out, _ = self.lstm(y.unsqueeze(1))
        return out * 3

class Handing(nn.Module):  # sb3-contrib's recurrent policy: hands its LSTM to a static method
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)
    def forward(self, x):
        y = x * 2
        y = y + 1
        out = lstm_given_unannotated(y, self.lstm)
        return out * 3

class SizeOnly(nn.Module):  # reads an attribute of its LSTM, calls it elsewhere
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)
    def forward(self, x):
        y = x * 2
        y = y + 1
        h = y.new_zeros(1, 1, self.lstm.hidden_size)
        return y * 3 + h.sum()

class Shared(nn.Module):  # stable-baselines3's ActorCriticPolicy: a print in the else of a flag on by default
    def __init__(self, shared: bool = True):
        super().__init__()
        self.shared = shared
    def forward(self, x):
        y = x * 2
        if self.shared:
            return y + 1
        else:
            print("not shared")
        return y

TAGGER, SIZER, CHECKED = Tagger().eval(), Sizer().eval(), Checked().eval()
HANDING, SIZE_ONLY = Handing().eval(), SizeOnly().eval()
class Fused(nn.Module):  # Swin's block: `if not self.fused_window_process: ... else:` the CUDA extension
    def __init__(self, fused: bool = False):
        super().__init__()
        self.fused = fused
    def forward(self, x):
        y = x * 2
        if not self.fused:
            y = y + 1
        else:
            print("fused")
        return y * 3

class ChannelsLast(nn.Module):  # MiDaS's small net: `if self.channels_last==True: print(...)`
    def __init__(self, channels_last: bool = False):
        super().__init__()
        self.channels_last = channels_last
    def forward(self, x):
        y = x * 2
        if self.channels_last == True:  # noqa: E712 (as written)
            print("channels last")
        return y * 3

SHARED, UNSHARED = Shared().eval(), Shared(False).eval()
UNFUSED, FUSED = Fused().eval(), Fused(True).eval()
PLAIN_LAYOUT = ChannelsLast().eval()

# custom operators (torch.library), as libraries register theirs (torchvision's nms)
@torch.library.custom_op("nmc::keep", mutates_args=())
def keep(x: torch.Tensor) -> torch.Tensor:
    return (x > 0).nonzero()[:, 0]

@keep.register_fake
def _(x):  # the size of the result is known only when the op has run (torchvision's meta_nms)
    return x.new_empty(torch.library.get_ctx().new_dynamic_size(), dtype=torch.long)

@torch.library.custom_op("nmc::twice", mutates_args=())
def twice(x: torch.Tensor) -> torch.Tensor:
    return x * 2

@twice.register_fake
def _(x):
    return torch.empty_like(x)

@torch.library.custom_op("nmc::nofake", mutates_args=())
def nofake(x: torch.Tensor) -> torch.Tensor:
    return x * 2

try:
    from tqdm import tqdm  # a progress bar over the sampling loop (denoising-diffusion-pytorch)
except ImportError:
    tqdm = None
LOADER = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(4, 8)), batch_size=2)
PARAM = torch.nn.Parameter(torch.ones(8))
PARAM.grad = torch.ones(8)
LINEAR = nn.Linear(8, 8)
OPT = torch.optim.SGD([PARAM], lr=0.1)
# an optimizer built on one module's parameters has one parameter group; with a second of other
# shapes, a helper its step's group loop calls sees two (torch-optimi's step calls its update per group)
ONE_GROUP = torch.optim.SGD([torch.ones(8), torch.ones(3, 8)], lr=0.1)
TWO_GROUPS = torch.optim.SGD([{"params": [torch.ones(8)]}, {"params": [torch.ones(3, 8)]}], lr=0.1)
OPT2, OPT3 = torch.optim.SGD([PARAM], lr=0.1), torch.optim.SGD([PARAM], lr=0.1)  # SAC.train's three optimizers

@torch.jit.script
def scripted_branches(x: torch.Tensor):  # geoopt's artan_k: data-dependent ifs in a scripted helper
    if torch.all(x > 100):
        return x * 2
    y = x + 1
    if torch.all(y > 100):
        return y * 3
    return y * 4

def unscripted_helper(t: torch.Tensor):  # torch-nl's strict_nl: no decorator, called by a TorchScript function
    return (t * 2).relu() + t.sin()

@torch.jit.script
def scripted_calling(x: torch.Tensor):  # torch-nl's compute_neighborlist: a data-dependent shape, then a plain helper
    n = torch.bincount((x.abs() * 3).long().flatten())
    return unscripted_helper(x) + n.sum()

class ZeroingSGD(torch.optim.SGD):  # an optimizer subclass whose own method calls self.zero_grad()
    def zeroing(self, x):
        y = x * 2
        self.zero_grad()
        return y + 1

ZEROING = ZeroingSGD([PARAM], lr=0.1)
SOLVER = torch.optim.SGD([PARAM], lr=0.1)  # a torch.optim optimizer whose name does not say so

class Counter:  # a project object with a step(), named like an optimizer (an EMA, a step counter)
    def __init__(self):
        self.n = 0

    def step(self, x):
        self.n += 1
        return x * 0.5

COUNTER = Counter()

def closure():  # an optimizer step's closure, as its contract says: the loss, its gradients
    loss = (PARAM * 2).sum()
    loss.backward()
    return loss

def zeroing_closure():  # torch's documented closure (ncg-optimizer's examples): clear, recompute, backward
    SOLVER.zero_grad()
    loss = (PARAM * 2).sum()
    loss.backward()
    return loss

def grad_closure():  # the same, gradients enabled inside (the measured call runs under no_grad)
    with torch.enable_grad():
        return zeroing_closure()

def armijo(func, x, n):  # ncg-optimizer's Armijo: the closure handed in, called in a loop
    for _ in range(n):
        f_prev = float(func())
        f_new = float(func())
        if not f_new <= f_prev:
            x = x * 0.5
        else:
            break
    return x

def wolfe(func, x):  # ncg-optimizer's Strong_Wolfe: the closure handed in, called outside a loop
    f_prev = float(func())
    x = x * 2
    f_new = float(func())
    return x * f_new + f_prev
NUMS = [5, 2]
FLOATS = [1.5, 0.5]  # pyniftireg's losses of its affine starts
FREEZE = nn.Linear(8, 8)  # a module whose parameters a case freezes and thaws again (pynsm's pre_iteration)
LOCK = threading.Lock()  # torchlanc's weight cache guards its dict with one

def resize_helper(t, like):  # torchsparsegradutils' _linear_cg_updates: its storage resized where it is an argument
    t.resize_as_(like).copy_(like)
    return t

def breaking_weights(t, n):  # pyniftireg's bspline.weight_matrix: an element of a comprehension that breaks
    return t * t.sum().item() * n
class Exponential(torch.optim.lr_scheduler._LRScheduler):  # torch-lr-finder's ExponentialLR
    def __init__(self, optimizer, end_lr, last_epoch=-1):
        self.end_lr = end_lr
        super(Exponential, self).__init__(optimizer, last_epoch)
    def get_lr(self):
        return [base_lr * self.end_lr for base_lr in self.base_lrs]
class Drawing:  # kron-torch's Kron: a random.Random instance kept on the object, built in __init__
    def __init__(self):
        self.rng = random.Random(42)
DRAWING = Drawing()
class Sized:  # psgd-torch's LRA: the parameters' sizes and their cumulative sums (a tensor) kept on the object
    def __init__(self):
        self.params = [torch.zeros(3), torch.zeros(5)]
        self.sizes = [torch.numel(p) for p in self.params]
        self.cumsizes = torch.cumsum(torch.tensor(self.sizes), 0)
SIZES = Sized()
STEP_OPT = torch.optim.SGD([nn.Parameter(torch.ones(3))], lr=0.1)


class OwnStepOpt(torch.optim.Optimizer):  # langevin-sampling's pSGLD: a project's Optimizer with its own step
    def __init__(self, params):
        super().__init__(params, {"lr": 0.1})

    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                p.data.add_(p.grad, alpha=-group["lr"])


LANGEVIN_X = torch.ones(8, requires_grad=True)
LANGEVIN_OPT = OwnStepOpt([LANGEVIN_X])


class ResumeSampler(object):  # resume_frames(): a plain object's method taking only self
    def __init__(self):
        self.x = torch.zeros(2, requires_grad=True)
        self.optim = torch.optim.SGD([self.x], lr=0.1)

    def sample(self):
        self.optim.zero_grad()
        loss = (self.x * self.x).sum()
        loss.backward()
        return copy.deepcopy(self.x.data), loss.item()

    def sample_given(self, t):
        self.optim.zero_grad()
        loss = (self.x * self.x).sum() * t
        loss.backward()
        return loss.item()

    def sample_named(self):
        self.optim.zero_grad()
        loss = (self.x * self.x).sum()
        loss.backward()
        return torch.zeros(1), loss.item()

    def warned(self):
        warnings.warn("slow")
        y = self.x * 2
        return y.sum().item()


import abc


class AbstractSampler(ResumeSampler, abc.ABC):  # resume_frames(): the same methods, of a class deriving from
    pass                                         # abc.ABC (torch-numopt's ObjectiveFunction)


STEPPED = torch.optim.lr_scheduler.StepLR(STEP_OPT, 3)  # an LR scheduler built outside, stepped in the case
STEP_T = torch.tensor(0.0)  # an optimizer's step count, kept as a tensor (torch.optim's state["step"])
PAIRS = [(1, 2), (3, 4)]
TENSORS = [torch.ones(2), torch.ones(3)]
PACKED = nn.utils.rnn.pack_padded_sequence(torch.randn(1, 4, 8), [4], batch_first=True)

def graph_conv(adj, z):  # pytorch/examples gcn's GraphConv.forward, given a sparse adjacency
    y = z * 2
    w = y + 1
    return torch.spmm(adj, w) * 2

def to_sparse_helper(z):  # PyG's to_torch_csr_tensor: makes a sparse tensor and returns it
    y = z * 2
    w = y + 1
    a = w.to_sparse()
    return a

class AverageMeter:  # pytorch/examples imagenet's meter
    def __init__(self):
        self.sum, self.count, self.avg = 0.0, 0, 0.0
    def update(self, val, n=1):
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count

METER = AverageMeter()

def as_flag(s):  # brevitas's max_int: a flag given as a bool or a tensor, read only from a tensor
    return bool(s.item()) if isinstance(s, torch.Tensor) else s

def scale_by(t, clip):  # kornia's equalize_clahe: a number or a tensor, told apart by isinstance
    if isinstance(clip, torch.Tensor):
        return t * clip.clamp(min=0)
    elif clip > 0.0:
        return t * clip
    return t

def power(t, p):  # PyG's PowerMeanAggregation: `p != 1` is read only when p is a number
    if not isinstance(p, (int, float)) or p != 1:
        t = t * p
    return t

def as_tensor(t, sigma):  # kornia's gaussian: float() only where isinstance says a number
    if isinstance(sigma, (int, float)):
        sigma = torch.tensor(float(sigma))
    return t * sigma

def is_compiling():  # kornia's and PyG's wrapper of torch.compiler.is_compiling
    return bool(torch.compiler.is_compiling())

def checked(t):
    if not is_compiling():
        assert bool((t > -100).all())
    return t * 2

class Similarity(nn.Module):  # x-clip: a flag parameter rebound to a tensor further down
    def forward(self, t, to_image=True):
        y = t * 2 if to_image else t
        to_image = y.sum(0)
        return y + to_image

SIMILARITY = Similarity()

class PairIdentity(nn.Module):
    def forward(self, t):
        return t, None

class RNN2dBase(nn.Module):  # timm's sequencer: the base holds a placeholder, a subclass the LSTM
    def __init__(self):
        super().__init__()
        self.rnn = PairIdentity()
    def forward(self, t):
        y = t * 2
        y = y + 1
        out, _ = self.rnn(y.unsqueeze(1))
        return out * 3

class LSTM2d(RNN2dBase):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(8, 8)

LSTM_2D = LSTM2d().eval()

def select_rows(t, mask=None):  # kornia's homography refinement: a mask known boolean by its dtype
    if mask is not None and mask.dtype == torch.bool:
        t = t[mask[0]]
    return t * 2

def safe_one_hot(indexes, max_length):  # st-moe-pytorch
    max_index = indexes.max() + 1
    classes = max(max_index + 1, max_length)
    return F.one_hot(indexes, classes)[..., :max_length]

class Stepper:  # a solver class that a factory picks by name (torchsde's methods.select)
    def step(self, x):
        return x * x.sum().item()

def pick(name):
    if name == "stepper":
        return Stepper
    raise ValueError(name)

class Update:  # a strategy whose base method calls an abstract one (pytorch-minimize's HessianUpdateStrategy)
    def update(self, s):
        return self._update(s) + 1
    def _update(self, s):
        raise NotImplementedError

class ItemUpdate(Update):
    def _update(self, s):
        return s * s.sum().item()

class Objective:  # an objective wrapper whose bound methods a solver calls (pytorch-minimize's ScalarFunction)
    def __init__(self, scale):
        self.scale = scale
    def closure(self, x):
        return x * self.scale, x.sum().item()

class Fitted:  # an alternative constructor that builds with cls() and fits (torchvine's Bicop.from_data)
    def __init__(self, scale=2.0):
        self.scale = scale
    def fit(self, x):
        self.scale = x.sum().item()
    @classmethod
    def from_data(cls, x):
        c = cls()
        c.fit(x)
        return c

class Adapted:  # what a held object's method returns, by its annotation (iteryne's Learner)
    def __init__(self, scale):
        self.scale = scale
    def adapt(self, x):
        return x * self.scale * x.sum().item()

class Wrapper2:  # held by another object, handed to its __init__ annotated (iteryne's MAML)
    def __init__(self, scale):
        self.scale = scale
    def clone(self) -> Adapted:
        return Adapted(self.scale)

class MetaStep:  # keeps the wrapper handed in; its step builds an Adapted through it (iteryne's MetaTrainer)
    def __init__(self, maml: Wrapper2):
        self.maml = maml
    def step(self, x):
        y = x * 2
        learner = self.maml.clone()
        return learner.adapt(y) + 1
    def loop(self, x):
        for r in range(2):
            learner = self.maml.clone()
            x = learner.adapt(x)
        print(x.shape)
        return x + 1

META = MetaStep(Wrapper2(2.0))

import dataclasses

@dataclasses.dataclass
class Store:  # a dataclass holding a tensor, whose method runs backward (cooper's LagrangianStore)
    value: typing.Optional[torch.Tensor] = None
    def backward(self) -> None:
        if self.value is not None:
            self.value.backward()

class State:  # what a problem's method returns; its method builds the store (cooper's CMPState)
    def __init__(self, loss):
        self.loss = loss
    def lagrangian(self) -> Store:
        return Store(value=self.loss * 2)

class Problem:  # cooper's ConstrainedMinimizationProblem
    def state(self, x) -> State:
        return State((x * PARAM).sum())

PROBLEM = Problem()

class OwnOptimizer:  # a project's optimizer wrapper (cooper's CooperOptimizer), not a torch.optim optimizer
    def __init__(self, opt):
        self.opt = opt
    def zero_grad(self):
        self.opt.zero_grad(set_to_none=True)

class OwnRoller(OwnOptimizer):
    def roll(self, x):
        y = x * 2
        self.zero_grad()
        return y + 1

OWN_ROLLER = OwnRoller(torch.optim.SGD([PARAM], lr=0.1))

class Scaled(nn.Module):  # a property whose getter reads a tensor's value (pomegranate's device, dtype)
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(8))
    @property
    def scale(self):
        return self.w.sum().item()
    @property
    def doubled(self):
        return self.w * 2
    def forward(self, x):
        return x * self.scale
    def plain(self, x):
        return x * self.doubled

SCALED = Scaled()

def grad_of(t):  # captum's compute_gradients: a module-level function that an attribute holds
    with torch.enable_grad():
        l = (t * PARAM).sum()
        g, = torch.autograd.grad(l, PARAM)
    return g

class Attribution:  # captum's GradientAttribution: its __init__ keeps module-level functions
    def __init__(self, scale, read_func=helper_item):
        self.scale = scale
        self.gradient_func = grad_of
        self.read_func = read_func

class Attribute(Attribution):  # calls them through self, as captum's Saliency.attribute does
    def attribute(self, x):
        y = x * self.scale
        return y + self.gradient_func(y)
    def read(self, x):
        y = x * self.scale
        return y * self.read_func(y)

ATTRIBUTION = Attribute(2.0)

def line_search(fun, x):  # a helper handed a bound method, which it calls
    y, n = fun(x * 2)
    return y * n

def calls_handed(fn, x):  # a helper handed a function, which it calls (torchgw's _gw_loop and its sinkhorn_fn)
    return fn(x * 2) + 1

def calls_handed_loop(fn, x):  # ... in a loop
    for _ in range(2):
        x = x * fn(x)
    return x

ROUTINES = {"item": {"plain": helper_item, "double": functools.partial(helper_item)}}  # geomloss's routines

def default(val, d):  # lucidrains' helper: calls d when it is callable (ema-pytorch's default)
    return val if val is not None else (d() if callable(d) else d)

class Decayed:  # ema-pytorch's EMA: current_decay = default(current_decay, self.get_current_decay)
    def __init__(self):
        self.step = torch.tensor(3.0)
    def get_current_decay(self):
        return (self.step * 0.5).clamp(max=0.9).item()
    def update(self, x, current_decay=None):
        current_decay = default(current_decay, self.get_current_decay)
        return x * (1.0 - current_decay)

DECAYED = Decayed()

class MatOp:  # torch-cgd's Operator: a class that is only an operator
    def __init__(self, s):
        self.s = s
    def __matmul__(self, v):
        return v * self.s.sum().item()

def solve_like(A, b):  # torch-cgd's conjugate-gradient solver: A handed in, A @ x
    return b - A @ b

def get_method(methods, name):  # xitorch's get_method: the function a name picks from a table handed in
    return methods[name.lower()]

class Sized(nn.Module):  # a property getter reading a tensor's value (torchflows' PartialCoupling.source_event_size)
    def __init__(self):
        super().__init__()
        self.register_buffer("mask", torch.ones(8, dtype=torch.bool))

    @property
    def size(self):
        return int(torch.sum(self.mask))

    @property
    def shape(self):
        return (self.size,)

    def forward(self, x):
        return x * self.shape[0]

SIZED = Sized()

class Options:  # a plain object (copy.copy of one)
    def __init__(self):
        self.n = 2.0

OPTIONS = Options()

class Interval:  # an object built in traced code (torchsde's BrownianInterval): its __init__ is traced
    def __init__(self, t0, t1):
        self.t0, self.t1 = t0, t1
        self.n = int((t1 - t0).sum().item())

def memoize(method=None, name=None):  # gpytorch's and linear-operator's @cached(name=...)
    if method is None:
        return functools.partial(memoize, name=name)
    @functools.wraps(method)
    def g(self, *args, **kwargs):
        key = pickle.dumps(kwargs)
        return method(self, *args, **kwargs)
    return g

class Memoized:
    @memoize(name="double")
    def double(self, x):
        return x * 2

MEMOIZED = Memoized()
GENERATOR = torch.Generator().manual_seed(0)

def draw_given(shape, generator: torch.Generator):  # torchtransform's Uniform.sample: a generator its caller hands in
    return torch.rand(shape, generator=generator)

def draw_maybe(shape, generator: typing.Optional[torch.Generator] = None):  # the same, None by default
    return torch.rand(shape, generator=generator)

class Drawer:  # torchtransform's Context: a generator built in __init__, drawn from by a method
    def __init__(self, seed):
        self.generator = torch.Generator().manual_seed(seed)
    def rand(self, *shape):
        return torch.rand(shape, generator=self.generator)

DRAWER = Drawer(0)

def seeded_noise(shape, seed=None):  # skerch's uniform_noise: a generator built, seeded when a seed is given
    rng = torch.Generator()
    if seed is not None:
        rng.manual_seed(seed)
    return torch.rand(shape, generator=rng)

class NoiseBlocks:  # skerch's ByBlockLinOp.get_blocks: a generator method whose blocks a subclass draws
    def get_block(self, i, shape):
        return seeded_noise(shape, i)
    def get_blocks(self, shape, n):
        for i in range(n):
            yield self.get_block(i, shape), i

class NoiseDispatcher:  # skerch's SketchedAlgorithmDispatcher: a class handed as a parameter's default
    @staticmethod
    def mop(kind):
        if kind == "blocks":
            m = NoiseBlocks()
        else:
            raise ValueError(kind)
        return m

def sketch(x, n=2, dispatcher=NoiseDispatcher):  # skerch's ssvd: the measurement blocks of the default class
    y = x * 2
    mop = dispatcher.mop("blocks")
    for block, i in mop.get_blocks(y.shape, n):
        y = y + block
    return y + 1

class Message(typing.TypedDict, total=False):  # pyro's effect-handler messages
    name: str
    value: typing.Optional[torch.Tensor]

class Site(typing.TypedDict):
    name: str
    value: typing.Optional[torch.Tensor]

class Wrapper(nn.Module):  # an nn.Module without parameters built in traced code (torchsde's ForwardSDE)
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

def zeros_grad(t):  # PyG's EquilibriumAggregation.init_output
    return torch.zeros(t.shape[0], 8, requires_grad=True).float()

class LossBase(nn.Module):  # pytorch-metric-learning's BaseMetricLossFunction: forward calls a placeholder
    def forward(self, t):
        return self.compute_loss(t * 2) + 1
    def compute_loss(self, t):
        raise NotImplementedError

class PairLoss(LossBase):  # ... that a subclass without a forward of its own overrides
    def compute_loss(self, t):
        a, p = torch.where(t > 0)
        return t[a, p].sum()

PAIR_LOSS = PairLoss()

def safe_divide(num, denom, zero_division=0.0):  # torchmetrics' _safe_divide
    if zero_division == "warn" and torch.any(denom == 0):
        print("zero division")
    zero_division = 0.0 if zero_division == "warn" else zero_division
    return torch.where(denom != 0, num / denom, zero_division)

class Embedder(nn.Module):  # pytorch-tabnet's EmbeddingGenerator: a bool tensor attribute, iterated
    def __init__(self):
        super().__init__()
        self.continuous = torch.ones(8, dtype=torch.bool)
        self.continuous[2] = False
    def forward(self, t):
        cols = []
        for i, keep in enumerate(self.continuous):
            if keep:
                cols.append(t[:, i] * 2)
            else:
                cols.append(t[:, i] + 1)
        return torch.stack(cols, dim=1)

EMBEDDER = Embedder()

class Rows(nn.Module):  # a module iterating a parameter's rows (a tensor per step), a shape test
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3, 8))
    def forward(self, t):
        for row in self.w:
            if row.shape[0] == 8:
                t = t + row
        return t

ROWS = Rows()

def objective(t):  # pytorch-minimize's ScalarFunction.closure: value and gradient of an objective
    t = t.detach().requires_grad_(True)
    with torch.enable_grad():
        f = (t * t).sum()
        g = torch.autograd.grad(f, t)[0]
    return f.detach(), g

def set_potentials(t):  # torch-struct's _get_dimension: the argument made a leaf that requires grad
    t.requires_grad_(True)
    return t.shape

def conformal_value(scores, alpha):  # torchcp's calculate_conformal_value, ``alpha (float)`` in its docstring
    '''
    Args:
        scores (torch.Tensor): Non-conformity scores.
        alpha (float): Significance level.
    '''
    if alpha >= 1 or alpha <= 0:
        raise ValueError("alpha")
    n = scores.shape[0]
    return torch.kthvalue(scores, math.ceil((n + 1) * (1 - alpha)), dim=0).values


def auc(fpr, max_fpr=None):  # torchmetrics' _binary_auroc_compute
    if max_fpr is None or fpr.sum() == 0:
        return fpr * 2
    return fpr * max_fpr

class Rotation(torch.Tensor):  # a tensor subclass that overrides __torch_function__ (pypose's LieTensor)
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})
    def tensor(self):  # pypose's LieTensor.tensor
        return torch.Tensor.as_subclass(self, torch.Tensor)
    def as_tensor(self):  # diffusers' GGUFParameter.as_tensor
        return torch.Tensor._make_subclass(torch.Tensor, self, self.requires_grad)

class Tagged(torch.Tensor):  # ... that names the function it is handed (hasattr on it)
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        out = super().__torch_function__(func, types, args, kwargs or {})
        if hasattr(func, "__name__") and func.__name__ == "add":
            return out
        return out

class Plain(torch.Tensor):  # a tensor subclass without a __torch_function__ of its own
    def tensor(self):
        return self.as_subclass(torch.Tensor)

ROTATION = torch.ones(4, 8).as_subclass(Rotation)
TAGGED = torch.ones(4, 8).as_subclass(Tagged)
PLAIN = torch.ones(4, 8).as_subclass(Plain)

class Hyper(torch.Tensor):  # torch-hd's MAPTensor: a subclass with torch's own __torch_function__, a method testing a tensor
    def similarity(self, other, eps=1e-8):
        m = (self * other).sum(-1)
        if torch.isclose(m, torch.zeros_like(m)).any():
            warnings.warn("nearly zero")
        return m / eps

def similarity_of(a, b, **kwargs):  # torch-hd's functional.cosine_similarity
    a = a.as_subclass(Hyper)
    b = b.as_subclass(Hyper)
    return a.similarity(b, **kwargs)

def similarity_given(a, b):
    return a.similarity(b)

HYPER = torch.ones(4, 8).as_subclass(Hyper)
SLICES = {"f": (1, 3), "g": (3, 6)}  # deepctr-torch's feature index: name -> (start, end)
JACARGS = {"vectorize": True, "strategy": "reverse-mode"}  # pypose's System.jacargs

# a small MLP's loss recorded before the compiled call (backpack's curvature products are handed one)
MLP = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 3))
MLP_LOSS = (MLP(torch.randn(8, 8)) ** 2).mean()

def grad_of_outside_loss(x):  # the loss's history was recorded before the call
    y = x * 2
    g = torch.autograd.grad(MLP_LOSS, list(MLP.parameters()), retain_graph=True)
    return y + g[0].sum()

def grad_of_a_gradient(x):  # a double backward: the first gradient's graph is recorded eagerly
    y = x * 2
    with torch.enable_grad():
        loss = (MLP(y) ** 2).mean()
        g = torch.autograd.grad(loss, list(MLP.parameters()), create_graph=True)
        h = torch.autograd.grad(g, list(MLP.parameters()), grad_outputs=[torch.ones_like(t) for t in g])
    return y + h[0].sum()

def grad_of_a_loss_made_here(x):  # the loss's forward is captured: its backward with it
    y = x * 2
    with torch.enable_grad():
        loss = (MLP(y) ** 2).mean()
        g = torch.autograd.grad(loss, list(MLP.parameters()))
    return y + g[0].sum()

MATRIX = torch.nn.Parameter(torch.ones(3, 3))
MATRIX.grad = torch.ones(3, 3)

def lookup(t, index, name):  # deepctr-torch's maxlen_lookup: a feature's columns by a NumPy pair
    idx = np.array(index[name])
    return t[:, idx[0]:idx[1]].long()

def refresh(t, again=True):  # nnAudio's inverse_stft: `refresh_win == True`, a flag compared with True
    if hasattr(t, "w_sum") == False or again == True:
        return t + 1
    return t

class WindowSum(nn.Module):  # nnAudio's inverse_stft: a boolean mask cached on self, then indexing
    def forward(self, t):
        self.w_sum = t.abs().sum(0) + 0.5
        self.nonzero = self.w_sum > 1.0
        t = t.clone()
        t[:, self.nonzero] = t[:, self.nonzero].div(self.w_sum[self.nonzero])
        return t * 2

WINDOW_SUM = WindowSum()

def bool_of(t):  # electra's get_mask_subset_with_prob: a boolean mask a helper returns
    return t > 0

try:  # kmeans-pytorch: a progress bar built in traced code (tqdm from the calibration's dependencies)
    from tqdm import tqdm
except ImportError:
    pass

def grad_targets(params):  # higher's DifferentiableOptimizer.step: a frozen parameter's placeholder
    return [p if p.requires_grad else torch.tensor([], requires_grad=True) for p in params]

try:  # a pydantic model built in traced code (torchsurv's SurvivalInputs): its validators run on construction
    import pydantic

    def no_nan(v):  # a helper of a validator
        c = v.float()
        if torch.any(torch.isnan(c)):
            raise ValueError("NaN")
        return c

    class Checked(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(arbitrary_types_allowed=True)
        t: torch.Tensor

        @pydantic.field_validator("t", mode="before")
        @classmethod
        def coerce(cls, v):
            c = no_nan(v)
            if torch.any(c < 0.0):
                raise ValueError("negative")
            return c

        @pydantic.model_validator(mode="after")
        def sizes(self):
            if len(self.t) != 4:
                raise ValueError("size")
            return self

    class Unchecked(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(arbitrary_types_allowed=True)
        t: torch.Tensor
except ImportError:
    pass
# issue 14, eleventh round: what held_out_10's rules missed (fvcore, pytorch-nlp, pytorch-beam-search, pfrl, torcheval)
alog: logging.Logger = logging.getLogger("constructs.annotated")  # fvcore's precise_bn: an annotated module logger
HOOKED = nn.Linear(8, 8)  # fvcore's update_bn_stats: hooks registered on a module in traced code
BN = nn.BatchNorm1d(8)  # ... and its momentum set there

def pre_hook(module, inputs):
    return None

HEALTH_OPT = torch.optim.SGD(nn.Linear(2, 2).parameters(), lr=0.1)  # an optimizer whose own method is called
DROPPED = nn.Linear(8, 8)  # pytorch-nlp's WeightDrop: the weight parameter replaced by a tensor each call
_raw = DROPPED.weight
del DROPPED._parameters["weight"]
DROPPED.register_parameter("weight_raw", nn.Parameter(_raw.detach().clone()))
DROPPED.weight = DROPPED.weight_raw.detach().clone()

# issue 14, twelfth round: what held_out_11's rules missed (Torch-Pruning, fast-bss-eval, openunmix, gated-state-spaces)
import collections
import scipy.fft, scipy.fftpack, scipy.signal, scipy.special, scipy.stats
try:  # PyWavelets 1.9.0 (held_out_17's and _19's dependency), when on PYTHONPATH
    import pywt
    WAVELET = pywt.Wavelet("haar")
except ImportError:
    pywt = WAVELET = None

# issue 14, round 36: SciPy objects built outside the compiled code, a method of theirs called in it (torchrbf's
# KD-tree, built in RBFInterpolator.__init__ and queried in _find_neighbors; torch-sla's sparse matrix)
import scipy.interpolate, scipy.sparse, scipy.spatial
KDTREE = scipy.spatial.KDTree(np.random.RandomState(0).rand(16, 8))
CKDTREE = scipy.spatial.cKDTree(np.random.RandomState(0).rand(16, 8))
COO = scipy.sparse.coo_matrix(np.eye(8))
CSR = scipy.sparse.csr_matrix(np.eye(8))
INTERP = scipy.interpolate.interp1d(np.arange(8.0), np.arange(8.0))


class StackChecked:  # mrphy's Pulse and SpinArray: a __setattr__ that looks for deepcopy on the call stack
    def __init__(self, v):
        self.v = v

    def __setattr__(self, k, v):
        if "deepcopy" in (f.function for f in inspect.stack()):
            object.__setattr__(self, k, v)
            return
        object.__setattr__(self, k, v)


STACKED = StackChecked(1.0)


class Slotted:  # mrphy's Pulse: __slots__ and a plain __init__
    __slots__ = ("v", "w")

    def __init__(self, v):
        self.v = v
        self.w = v * 2


class SlottedSet(Slotted):  # ... and object.__setattr__ in __init__
    __slots__ = ("u",)

    def __init__(self, v):
        object.__setattr__(self, "u", v)
        super().__init__(v)


def out_of_bounds(x, low, upp) -> torch.BoolTensor:  # torchist's helper, annotated as a boolean tensor
    return torch.logical_or(x < low, x > upp)

class OldStyleWrapper(nn.Module):  # Torch-Pruning's op wrappers: super(Cls, self).__init__(), built in traced code
    def __init__(self, scale):
        super(OldStyleWrapper, self).__init__()
        self.scale = scale

class GradFnWrapper(nn.Module):  # ... holding the grad_fn it wraps
    def __init__(self, grad_fn):
        super().__init__()
        self.grad_fn = grad_fn

class Counter:  # a class attribute set in traced code
    count = 0

    @classmethod
    def bump(cls, n):
        cls.count = n
        return n

class Item(collections.namedtuple("_Item", ["a", "b"])):  # Torch-Pruning's GroupItem: cls.attr set in __new__
    def __new__(cls, a, b):
        cls.root = None
        return super(Item, cls).__new__(cls, a, b)

DATASET = torch.utils.data.TensorDataset(torch.randn(4, 8))  # a dataset made outside the compiled code
GRAD_OUT = LINEAR(torch.randn(4, 8))  # a tensor with a grad_fn, made outside the compiled code

def grad_fn_of(t):  # Torch-Pruning's forward hook: reads the grad_fn of a tensor it is given
    return t.grad_fn

def build_in_skipped_frame(t):  # a frame Dynamo skips (the print in the loop) builds objects
    for i in range(2):
        print(i)
        w = Wrapper(2.0)
    return t * w.scale

def item_in_skipped_frame(t):
    for i in range(2):
        print(i)
        it = Item(1, 2)
    return t * it.b

class Plainnew:  # the same in a plain class's __new__
    def __new__(cls, a):
        cls.root = None
        o = super().__new__(cls)
        o.a = a
        return o


class Quantizers(nn.Module):  # descript-audio-codec's residual quantizer: a count made a tensor only in training
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(8, 8) for _ in range(3)])
    def forward(self, z, n_quantizers: int = None):
        if n_quantizers is None:
            n_quantizers = len(self.stages)
        if self.training:
            n_quantizers = torch.ones((z.shape[0],)) * len(self.stages) + 1
        out = 0
        for i, stage in enumerate(self.stages):
            if self.training is False and i >= n_quantizers:
                break
            out = out + stage(z)
        return out

QUANTIZERS = Quantizers()

class Small(nn.Module):  # detorch's policy: a project's module built inside the compiled call
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
    def forward(self, t):
        return self.lin(t)

def make_module(cls):  # detorch's make_policy: the class handed in
    assert issubclass(cls, nn.Module)
    return cls()

POPULATION = np.array([Small(), Small(), Small()])  # detorch's population: an ndarray of modules
LAYER_TYPES = [nn.Conv2d, nn.Linear]
STATE = {"n": 0, "hook": None}  # lsuv's module-level state

def count_layer(m):  # lsuv's count_conv_fc_layers, handed to Module.apply
    if any([isinstance(m, l) for l in LAYER_TYPES]):
        STATE["n"] += 1

def store_output(m, i, o):
    STATE["out"] = o.detach()

def hook_layer(m):  # lsuv's add_current_hook, handed to Module.apply
    if isinstance(m, nn.Linear) and STATE["hook"] is None:
        STATE["hook"] = m.register_forward_hook(store_output)

HOOK_STATE = {"hook": nn.Linear(2, 2).register_forward_hook(store_output)}  # a handle kept in a global dict

def iterate(t, n, progress_bar=False):  # jrmpc's loop: a progress bar only when asked for
    iterable = tqdm(range(n)) if progress_bar else range(n)
    for i in iterable:
        t = t + i
    return t

ABC_ARRAY = np.array(list("abcdefghij"))  # pyqtorch's einsum letters: a module-level ndarray of strings
NUMS_ARRAY = np.array([1.0, 2.0, 3.0])
RNNS = [nn.GRU(8, 8, batch_first=True), nn.GRU(8, 8, batch_first=True)]  # dnc's controllers: a list of RNNs

class Controllers(nn.Module):  # dnc's DNC: a plain list of RNNs, each also set as an attribute, called by index
    def __init__(self):
        super().__init__()
        self.rnns = []
        for i in range(2):
            self.rnns.append(nn.GRU(8, 8, batch_first=True))
            setattr(self, f"gru_layer_{i}", self.rnns[i])
    def layer(self, t, i):
        out, _ = self.rnns[i](t.unsqueeze(1))
        return out.squeeze(1)
    def forward(self, t):
        outs = [t * 2, t + 1]
        for step in range(2):
            for i in range(2):
                outs[step] = self.layer(outs[step], i)
        outs = [o.sum(0) for o in outs]
        return torch.stack(outs)

CONTROLLERS = Controllers()

class ZeroScale(nn.Module):  # rosa's neural value scale: a 0-d buffer read with .item() in an if's test
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.register_buffer("scale", torch.tensor(0.0))
    def _attach(self, v):
        if not torch.is_grad_enabled():
            return v
        z = v.new_zeros(())
        for p in self.proj.parameters():
            z = z + p.reshape(-1)[:0].sum()
        return v + z
    def forward(self, t, resumed=False):
        y = t * 2
        if resumed:  # rosa's forward: the test comes after a break the frame resumed from
            print(y)
        if self.scale.item() == 0.0:
            y = self._attach(
                y
            )
        else:
            y = y + self.scale * self.proj(y)
        return y + 1

ZERO_SCALE = ZeroScale()

class Energies:  # torchmd's Forces: the terms a force field computes, held as a list
    def __init__(self):
        self.energies = [e.lower() for e in ("Bonds", "Angles")]

ENERGIES = Energies()

class DotDict(dict):  # nes-torch's dataclass_config.dotdict: attribute access by a builtin, not a function
    __getattr__ = dict.get

class AttrDict(dict):  # the same by a method
    def __getattr__(self, name):
        return self[name]

DOTTED = DotDict(sigma=0.5)

def near_zero(v, eps=1e-6):  # pytorch-mr's NearZero: a helper returning a comparison, unannotated
    return torch.abs(v) < eps

def masked_by_helper(v):  # pytorch-mr's AxisAng3: the helper's result inverted, indexing
    nonzero = ~near_zero(v.sum(-1))
    out = torch.zeros_like(v)
    out[nonzero] = v[nonzero] * 2
    return out

def sparse_solve(A: torch.sparse.Tensor, b, M: torch.sparse.Tensor | None = None):  # dbini-torch's CG solver
    r = b * 2
    if M is None:
        M = A
    z = M @ r
    for _ in range(2):
        if torch.linalg.norm(z) <= 1e-9:
            return z
        z = A @ z + r
    return z

def sparse_maker(v):  # dbini-torch's generate_dx_dy: returns a sparse matrix made from v
    return torch.sparse_csr_tensor(torch.arange(v.shape[0] + 1), torch.arange(v.shape[0]), v.flatten(),
                                   size=(v.shape[0], v.shape[0]))

ATTRS = AttrDict(sigma=0.5)

def twice_tested(phase):  # rapidphase's wrapped_laplacian: a mask's any() tested twice, called by a solver
    has = torch.isnan(phase).any()
    if has:
        clean = phase.clone()
    else:
        clean = phase
    z = clean * 2
    if has:
        # a comment
        w = torch.nn.functional.pad(
            z.unsqueeze(0),
            (1, 1),
            value=1.0,
        ).squeeze(0)
        z = w[:, 1:-1]
    return z + 1

class ExtensionOp(torch.autograd.Function):  # pytorch3d's ops: a Function whose forward calls the project's _C
    @staticmethod
    def forward(ctx, t):
        gc.is_tracked(t)  # stand-in: a C function of a module Dynamo does not know, as a pybind11 one is
        return t * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2

def clean_up_memory():  # torchfsm's _utils.clean_up_memory: no tensor in the frame, the global torch named
    gc.collect()
    torch.cuda.empty_cache()

class FieldBase(nn.Module):  # torchoptics' OpticsModule: the class that calls nn.Module.__init__
    def __init__(self):
        super().__init__()
        self._configs = {}

class Grid(FieldBase):  # torchoptics' PlanarGrid: its __init__ validates a tensor on the host
    def __init__(self, data):
        super().__init__()
        if not torch.all(data.abs() >= 0):
            raise ValueError("bad")
        self.data = data

class Grid2(FieldBase):  # the same, its __init__ breaking nowhere
    def __init__(self, data):
        super().__init__()
        self.data = data * 1

class FieldLike(Grid):  # torchoptics' Field: a subclass of it
    def __init__(self, data):
        n = data.shape[-1]
        super().__init__(data)
        self.n = n

def leaked_leaf(t):  # pytorchfire's _initialize_accumulator
    return (t.clone() * 1.0).requires_grad_(True)

class Accumulating(nn.Module):
    def reset(self, t):
        self.acc = leaked_leaf(t)
        return t + 1
ACCUMULATING = Accumulating()
class LinOp(nn.Module):  # torch-linops' LinearOperator: an nn.Module whose __matmul__ applies it
    def __init__(self, m):
        super().__init__()
        self._m = m
    def __matmul__(self, b):
        return self._m @ b
    @property
    def T(self):
        return LinOp(self._m.T)
LINOP = LinOp(torch.eye(8))

class PlainLinOp:  # the same, not an nn.Module
    def __init__(self, m):
        self._m = m
    def __matmul__(self, b):
        return self._m @ b
PLAIN_LINOP = PlainLinOp(torch.eye(8))

def op_matrix_product(a, m):  # torch-linops' operator_matrix_product
    assert a._m.shape[1] == m.shape[0]
    return a @ m

@contextlib.contextmanager
def frozen(module):  # ebmkit's frozen_params
    states = [(p, p.requires_grad) for p in module.parameters()]
    for p, _ in states:
        p.requires_grad_(False)
    try:
        yield
    finally:
        for p, s in states:
            p.requires_grad_(s)

@contextlib.contextmanager
def quiet():  # a generator context manager that breaks nowhere
    yield

def forked_draw(t):  # torch-incremental-pca's _svd_fn_lowrank: its frame skipped at the fork_rng
    with torch.random.fork_rng():
        torch.manual_seed(0)
        return t * 2 + torch.randn(4, 8)

def clean_helper(x):
    return x * 3

class Holder:  # torch-diffsim's DifferentiableSimulator: a plain object holding the state
    vertices = torch.randn(4, 8)
    weight = torch.randn(4, 8, requires_grad=True)
HOLDER = Holder()

class NoGradStepOpt(torch.optim.Optimizer):  # casmo's CASMO, swarmtorch's GWO: a package's optimizer, its own step
    def __init__(self, params):
        super().__init__(params, {"lr": 0.1})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                p.add_(p.grad, alpha=-group["lr"])

class InheritedStepOpt(torch.optim.SGD):  # a subclass of torch's SGD without a step of its own
    pass

OWN_X = torch.ones(8, requires_grad=True)
OWN_OPT = NoGradStepOpt([OWN_X])

class SpinCount:  # torchspin's SpinSystem.nStates: the Hilbert space's size from the spins
    spins = [1.0, 0.5]

    @property
    def n_states(self):
        return math.prod(int(round(2 * s + 1)) for s in self.spins)

SPIN_COUNT = SpinCount()
STRIDED = torch.nn.ModuleList([torch.nn.Conv1d(1, 1, 1, stride=2) for _ in range(3)])

def axis_fft(f, d=-1):  # expsolve's cfft: -1, the default, for every axis
    if d == -1:
        return torch.fft.fftn(f)
    return torch.fft.fft(f, dim=d + 1)

def opt_of(make, params):  # held_out_38's torch-numopt steps: a factory building the optimizer by a lambda it is handed
    return make(params)

HANDED_X = torch.ones(8, requires_grad=True)
HANDED_OPT = opt_of(lambda params: NoGradStepOpt(params), [HANDED_X])
HANDED_SGD_X = torch.ones(8, requires_grad=True)
HANDED_SGD = opt_of(lambda params: torch.optim.SGD(params, lr=0.1), [HANDED_SGD_X])
INHERITED_X = torch.ones(8, requires_grad=True)
INHERITED_OPT = InheritedStepOpt([INHERITED_X], lr=0.1)

class ResultWithPlan:  # polystep's SinkhornResult: a transport plan computed lazily
    def __init__(self, f):
        self.f = f

    @functools.cached_property
    def matrix(self):
        return self.f * 2

class Field:  # a property whose setter validates the value (oflibpytorch's Flow.vecs)
    def __init__(self, v):
        self.vecs = v
    @property
    def vecs(self):
        return self._vecs
    @vecs.setter
    def vecs(self, v):
        if not torch.isfinite(v).all():
            raise ValueError("not finite")
        self._vecs = v
class Hurst(nn.Module):  # torchfbm's NeuralFSDE: a property computing a tensor from a buffer
    def __init__(self):
        super().__init__()
        self.register_buffer("raw_h", torch.tensor(0.7).logit())
    @property
    def H(self):
        return torch.sigmoid(self.raw_h) * 0.98 + 0.01
HURST = Hurst()

def split_labels(t, labels, k):  # pt-kmeans' split_cluster: a label looked up in a tensor of labels
    if k not in labels:
        raise ValueError("no such label")
    y = t * 2
    m = labels == k
    return y[m].sum() + labels.max().item()

def labels_of(t):
    return (t[:, 0] > 0).long()

class PackedOrPlain(nn.Module):  # nhsmm's DefaultEncoder: its LSTM called under a mask, or in the else on the tensor
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8, batch_first=True)
    def forward(self, x, mask=None):
        y = x * 2
        y = y + 1
        if mask is not None:
            out, _ = self.lstm(y.unsqueeze(1) * mask)
        else:
            out, _ = self.lstm(y.unsqueeze(1))
        return out * 3
PACKED_OR_PLAIN = PackedOrPlain().eval()
class LockHolding:  # nhsmm's Convergence: a monitor that builds a lock of its own in __init__
    def __init__(self, t):
        self.v = t
        self._lock = threading.Lock()
class RecurrentHolder(nn.Module):  # nhsmm's encoder, whose state_dict() the fit snapshots
    def __init__(self):
        super().__init__()
        self.conv = nn.Linear(8, 8)
        self.lstm = nn.LSTM(8, 8)
LSTM_HOLDER, LINEAR_HOLDER = RecurrentHolder(), nn.Sequential(nn.Linear(8, 8), nn.ReLU())
class FitLike(nn.Module):  # nhsmm's HSMM.fit: after a break in a loop, parameters gathered by name, an Adam built
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(8, 8), nn.Linear(8, 8)
    def fit(self, x, first=False):
        y = x * 2
        if first:  # a break before the loop: Dynamo resumes in a new frame, the one it then skips
            lock = threading.Lock()
        y = y + 1
        for i in range(1):  # its first break, .item(), skips the frame: what follows runs eagerly
            y = y + y.sum().item()
            params = [p for name in ["a", "b"] for p in getattr(self, name).parameters() if p.requires_grad]
            opt = torch.optim.Adam(params, lr=0.1)
        return y
    def modules_by_name(self, x):
        for i in range(1):
            y = x + x.sum().item()
            found = [getattr(self, name) for name in ["a", "b"]]
        return y, found
    def applied_by_number(self, x):
        for i in range(1):
            y = x + x.sum().item()
            outs = [self.a(y) * n for n in [1, 2]]
        return outs
    def parameters_flat(self, x):
        for i in range(1):
            y = x + x.sum().item()
            params = [p for p in self.a.parameters() if p.requires_grad]
        return y, params
FIT_LIKE = FitLike()
class Monitor:  # nhsmm's Convergence: update(score: float | Tensor) hands it on to _record, which reads it if a tensor
    def update(self, score: float | torch.Tensor):
        return self._record(score)
    def _record(self, score):
        return score.item() if torch.is_tensor(score) else float(score)
MONITOR = Monitor()
class SizedWindows(nn.Module):  # df0-pitch's DSWIPE: buffers named by the elements of a tensor attribute, read back
    def __init__(self):
        super().__init__()
        self.sizes = 2 ** torch.arange(2, 4)
        for n in self.sizes:
            self.register_buffer(f"window_{n}", torch.ones(8) * n, persistent=False)
    def forward(self, x):
        y = x * 2
        for i, n in enumerate(self.sizes):
            y = y + getattr(self, f"window_{n}")
        return y
    def once(self, x):
        y = x * 2
        n = self.sizes[0]
        return y + getattr(self, f"window_{n}")
SIZED_WINDOWS = SizedWindows()
"""

# name, condition, body of f(x) (x: float tensor of shape (4, 8)), dynamo config overrides
CASES: list[tuple[str, str, dict]] = [
    ("item", "n = x.sum().item()\nreturn x * n", {}),
    ("item, capture_scalar_outputs", "n = x.sum().item()\nreturn x * n", {"capture_scalar_outputs": True}),
    ("item used as size", "n = int(x.abs().sum().item()) % 3 + 1\nreturn x.new_zeros(n)", {}),
    ("tolist", "v = x[0].tolist()\nreturn x + v[0]", {}),
    ("int(tensor)", "n = int(x.sum())\nreturn x * n", {}),
    ("float(tensor)", "n = float(x.sum())\nreturn x * n", {}),
    ("bool(tensor)", "b = bool(x.sum() > 0)\nreturn x * b", {}),
    ("print(tensor)", "print(x.shape)\nprint(x)\nreturn x + 1", {}),
    ("print(str)", 'print("step")\nreturn x + 1', {}),
    ("str(tensor) / f-string", 's = f"{x}"\nreturn x + len(s)', {}),
    ("if tensor > 0", "if x.sum() > 0:\n    x = x + 1\nreturn x * 2", {}),
    ("if tensor.any()", "if x.any():\n    x = x + 1\nreturn x * 2", {}),
    ("if shape", "if x.shape[0] > 2:\n    x = x + 1\nreturn x * 2", {}),
    ("while on tensor", "while x.sum() > 0:\n    x = x - 1\nreturn x", {}),
    ("assert on tensor", "assert (x > -100).all()\nreturn x + 1", {}),
    ("assert on tensor, message built by format", "assert (x > -100).all(), 'bad {}'.format(x.shape[0])\nreturn x + 1", {}),
    ("assert on tensor, f-string message", "n = 4\nassert (x > -100).all(), f'bad {n}'\nreturn x + 1", {}),
    ("assert on tensor, constant message", "assert (x > -100).all(), 'bad'\nreturn x + 1", {}),
    ("assert on tensor, message reading the tensor", "assert (x > -100).all(), f'bad {x.tolist()}'\nreturn x + 1", {}),
    # TripoSR's chunk_batch: the result's type tested by isinstance, the last branch printing and exiting
    ("print in a branch ending in exit(), after isinstance tests",
     "def pack(out):\n    if isinstance(out, torch.Tensor):\n        out = {0: out}\n    elif isinstance(out, dict):\n"
     "        pass\n    else:\n        print(f'bad {type(out)}')\n        exit(1)\n    return out\n"
     "return pack(x * 2)[0] + 1", {}),
    ("print in a branch ending in raise, after isinstance tests",
     "def pack(out):\n    if isinstance(out, torch.Tensor):\n        return {0: out}\n    print(f'bad {type(out)}')\n"
     "    raise TypeError('bad')\nreturn pack(x * 2)[0] + 1", {}),
    ("print in an except handler that re-raises, nothing raised",
     "try:\n    y = x * 2\nexcept RuntimeError as e:\n    print(e)\n    raise\nreturn y + 1", {}),
    ("print in a branch ending in exit(), the branch taken on a tensor test",
     "if (x > 100).any():\n    print('large')\n    exit(1)\nreturn x + 1", {}),
    ("assert on a dict entry holding a tensor, f-string message",
     "group = {'lr': 0.1}\ngroup['G'] = (x * 2).sum()\nassert group['G'] > 0, f\"bad {group['G']}\"\nreturn x * group['lr']", {}),
    ("assert not of a tensor, constant message (fswlib's safety checks)",
     "y = x * 2\nassert not torch.isnan(x).any(), 'x has NaNs'\nreturn y + 1", {}),
    ("assert not of a tensor, no message", "y = x * 2\nassert not torch.isnan(x).any()\nreturn y + 1", {}),
    ("assert of a tensor's negation, constant message", "y = x * 2\nassert (~torch.isnan(x)).all(), 'NaNs'\n"
     "return y + 1", {}),
    ("assert not of a Python bool, constant message", "y = x * 2\nassert not x.is_sparse, 'dense'\nreturn y + 1", {}),
    ("assert on tensors joined by and", "assert (x > -100).all() and (x < 100).all()\nreturn x + 1", {}),
    ("assert on shape", "assert x.shape[1] == 8\nreturn x + 1", {}),
    ("print under a shape test the next assert negates", "if x.shape[1] != 8:\n    print(x.shape)\nassert x.shape[1] == 8\nreturn x + 1", {}),
    ("print under a shape test, no assert after", "if x.shape[1] != 4:\n    print(x.shape)\nreturn x + 1", {}),
    ("torch._assert on tensor", "torch._assert((x > -100).all(), 'bad')\nreturn x + 1", {}),
    (".numpy()", "a = x.numpy()\nreturn x + float(a.sum())", {}),
    ("np function on tensor", "a = np.sin(x)\nreturn x + a", {}),
    ("np on python numbers", "s = np.sqrt(16.0)\nreturn x * s", {}),
    ("np.array creation", "a = torch.from_numpy(np.ones(8, dtype=np.float32))\nreturn x + a", {}),
    (".cpu()", "y = x.cpu()\nreturn y + 1", {}),
    (".detach().cpu().numpy()", "a = x.detach().cpu().numpy()\nreturn x + 1", {}),
    ("x.data_ptr()", "p = x.data_ptr()\nreturn x + (p % 2)", {}),
    # bayesian-changepoint's setup(): a cache key holding the storage's address, compared with the last one
    ("x.data_ptr() kept, not used", "p = x.data_ptr()\nreturn x + 1", {}),
    ("x.data_ptr() compared", "p = x.data_ptr()\nif p == 0:\n    return x - 1\nreturn x + 1", {}),
    ("a key tuple holding x.data_ptr() compared", "key = (x.data_ptr(), tuple(x.shape), x.dtype)\n"
     "if key == (0, (2, 8), torch.float32):\n    return x - 1\nreturn x + 1", {}),
    ("a key holding x.data_ptr() made by a helper, compared", "def key_of(t):\n    return (t.data_ptr(), t.dtype)\n"
     "if key_of(x) == (0, torch.float32):\n    return x - 1\nreturn x + 1", {}),
    ("x.data_ptr() in a set", "seen = {x.data_ptr()}\nif x.data_ptr() in seen:\n    return x - 1\nreturn x + 1", {}),
    ("x.data_ptr() compared with its own", "if x.data_ptr() != x.data_ptr():\n    return x - 1\nreturn x + 1", {}),
    ("x.data_ptr() plus one", "p = x.data_ptr() + 1\nreturn x + 1", {}),
    ("x.data_ptr() compared, ops before", "y = x * 2\np = x.data_ptr()\nif p == 0:\n    return y - 1\nreturn y + 1", {}),
    ("nonzero", "i = x.nonzero()\nreturn i.sum()", {}),
    ("nonzero, capture_dynamic_output_shape_ops", "i = x.nonzero()\nreturn i.sum()",
     {"capture_dynamic_output_shape_ops": True}),
    ("x[bool mask]", "y = x[x > 0]\nreturn y.sum()", {}),
    ("x[bool mask] = v (setitem)", "x = x.clone()\nx[x > 0] = 0.0\nreturn x + 1", {}),
    ("masked_select", "y = torch.masked_select(x, x > 0)\nreturn y.sum()", {}),
    # torchstain's colour conversion: a masked_select read scattered back into the tensor in one statement
    ("masked_scatter_ of a masked_select", "y = x * 2\nm = y > 0\ny.masked_scatter_(m, torch.masked_select(y, m) * 3)\nreturn y + 1", {}),
    ("masked_scatter_ of a tensor", "y = x * 2\nm = y > 0\ny.masked_scatter_(m, y * 3)\nreturn y + 1", {}),
    ("masked_fill", "y = x.masked_fill(x > 0, 0.0)\nreturn y.sum()", {}),
    ("unique", "y = torch.unique(x)\nreturn y.sum()", {}),
    ("torch.where(cond)", "i, j = torch.where(x > 0)\nreturn i.sum()", {}),
    ("torch.where(cond, a, b)", "y = torch.where(x > 0, x, 0.0)\nreturn y.sum()", {}),
    ("repeat_interleave(tensor)", "r = (x[0] > 0).long() + 1\ny = x[0].repeat_interleave(r)\nreturn y.sum()", {}),
    ("repeat_interleave(int)", "y = x.repeat_interleave(2, dim=0)\nreturn y.sum()", {}),
    # torchtsetlin's sample_forget_events (functional.py:485-486): repeats indexed out of a tensor by an index tensor
    ("repeat_interleave by a tensor indexed with an arange", "k = (x[0].abs() * 3).ceil().long()\ntodo = torch.arange(k.numel())\n"
     "kk = k[todo]\ny = torch.repeat_interleave(torch.arange(todo.numel()), kk)\nreturn y.sum()", {}),
    ("repeat_interleave by an element of a tensor", "k = (x[0].abs() * 3).ceil().long()\nkk = k[0]\n"
     "y = torch.repeat_interleave(x[0], kk)\nreturn y.sum()", {}),
    ("repeat_interleave by a tensor indexed with an arange, in a while loop",
     "k = (x[0].abs() * 3).ceil().long()\ntodo = torch.arange(k.numel())\nparts = []\nwhile todo.numel():\n"
     "    kk = k[todo]\n    parts.append(torch.repeat_interleave(torch.arange(todo.numel()), kk))\n    todo = todo[:0]\n"
     "return torch.cat(parts).sum()", {}),
    ("bincount", "y = torch.bincount((x[0] > 0).long())\nreturn y.sum()", {}),
    ("argwhere", "y = torch.argwhere(x)\nreturn y.sum()", {}),
    ("F.one_hot (no num_classes)", "y = F.one_hot((x[0] > 0).long())\nreturn y.sum()", {}),
    ("F.one_hot (num_classes)", "y = F.one_hot((x[0] > 0).long(), 2)\nreturn y.sum()", {}),
    ("topk / sort", "v, i = x.topk(2)\nreturn v.sum() + x.sort().values.sum()", {}),
    ("torch.compiler.disable call", "y = disabled(x)\nreturn y * 2", {}),
    ("@torch.no_grad helper", "y = no_grad_helper(x)\nreturn y + 1", {}),
    ("with torch.no_grad()", "with torch.no_grad():\n    y = x * 2\nreturn y + 1", {}),
    ("with torch.autocast", "with torch.autocast('cpu', dtype=torch.bfloat16):\n    y = x @ x.T\nreturn y + 1", {}),
    ("with user context manager", "with Ctx():\n    y = x * 2\nreturn y + 1", {}),
    ("with contextlib.nullcontext", "with contextlib.nullcontext():\n    y = x * 2\nreturn y + 1", {}),
    ("try/except", "try:\n    y = x * 2\nexcept ValueError:\n    y = x\nreturn y + 1", {}),
    ("try/except around break", "try:\n    n = x.sum().item()\nexcept ValueError:\n    n = 0\nreturn x * n", {}),
    # Wav2Lip's decoder loop: the handler prints the shapes and raises again, only after an error
    ("print in an except handler that re-raises, in a loop",
     "for i in range(2):\n    x = x * 2\n    try:\n        x = torch.cat((x, x), dim=0)\n    except Exception as e:\n"
     "        print(x.size())\n        raise e\nreturn x + 1", {}),
    # ... after two ops: Dynamo compiles up to the `try` and runs the rest of the frame eagerly
    ("try/except around break, after two ops", "y = x * 2\nz = y + 1\ntry:\n    n = z.sum().item()\n"
     "except ValueError:\n    n = 0\nw = z * n\nreturn w.relu()", {}),
    ("raise", "if x.shape[0] > 100:\n    raise ValueError('big')\nreturn x + 1", {}),
    ("generator expression", "s = sum(t.sum() for t in x.unbind(0))\nreturn x + s", {}),
    ("list comprehension", "ys = [t * 2 for t in x.unbind(0)]\nreturn torch.stack(ys)", {}),
    # a host read inside a generator expression (torchskradon's crop slices, issue 14 round 25): Dynamo inlines the
    # generator and cannot break inside it, so it skips the frame it compiles, not only the statement
    ("item in a generator expression", "y = x * 2\nz = y + 1\nk = tuple(int(t.item()) for t in y[:2, 0])\nw = z * k[0]\nreturn w + 1", {}),
    ("item in a generator expression after a resumed break", "y = x * 2\nif y.sum() > 0:\n    y = y + 1\nz = y * 3\n"
     "k = tuple(int(t.item()) for t in y[:2, 0])\nw = z * k[0]\nreturn w + 1", {}),
    ("item in a list comprehension", "y = x * 2\nz = y + 1\nk = [int(t.item()) for t in y[:2, 0]]\nw = z * k[0]\nreturn w + 1", {}),
    ("id()", "k = id(x)\nreturn x + (k % 2)", {}),
    ("dict iteration", "s = 0.0\nfor k, v in TABLE.items():\n    s = s + v\nreturn x * s", {}),
    ("logging.info", 'log.info("value %s", x.shape)\nreturn x + 1', {}),
    ("logger.info(tensor)", 'log.info("value %s", x)\nreturn x + 1', {}),
    ("warnings.warn", 'warnings.warn("careful")\nreturn x + 1', {}),
    ("custom autograd Function", "y = Double.apply(x)\nreturn y + 1", {}),
    ("a C extension's function (stand-in: gc.is_tracked) called in traced code", "y = x * 2\ngc.is_tracked(y)\nreturn y + 1", {}),
    ("a C extension's function called in a custom autograd Function's forward", "y = ExtensionOp.apply(x)\nreturn y + 1", {}),
    ("a count bound to a tensor only when training, compared after `self.training is False and`, eval",
     "QUANTIZERS.eval()\nreturn QUANTIZERS(x)", {}),
    ("a count bound to a tensor only when training, compared after `self.training is False and`, training",
     "QUANTIZERS.train()\nreturn QUANTIZERS(x)", {}),
    ("custom autograd Function, .item() below its forward", "y = ScaleByMax.apply(x)\nreturn y + 1", {}),
    ("custom autograd Function, torch.autograd.grad in its backward", "y = GradCheckpoint.apply(LAYER, 1, x, *LAYER.parameters())\nreturn y + 1", {}),
    ("custom autograd Function, torch.autograd.grad in its backward, with gradients (training)", "y = GradCheckpoint.apply(LAYER, 1, x, *LAYER.parameters())\nreturn y + 1", {"grad": True}),
    ("custom autograd Function applied to a module's bound method, its parameters() handed over", "y = CHECKPOINTED(x)\nreturn y + 1", {}),
    ("custom autograd Function applied to a module's bound method, ..., with gradients (training)", "y = CHECKPOINTED(x)\nreturn y + 1", {"grad": True}),
    ("a module's parameters() passed to a helper that iterates them", "y = take_params(x, LAYER.parameters())\nreturn y + 1", {}),
    ("a module's parameters() iterated in place", "n = len(tuple(LAYER.parameters()))\nreturn x * n", {}),
    ("isinstance/len/range/zip", "s = 0\nfor i, r in zip(range(len(x)), x):\n    s = s + r\nreturn s if isinstance(x, torch.Tensor) else x", {}),
    ("math on python numbers", "return x * math.sqrt(x.shape[1])", {}),
    ("math on tensor value", "return x * math.sqrt(x.sum())", {}),
    ("random.random()", "return x * random.random()", {}),
    ("time.time()", "t = time.time()\nreturn x + 1", {}),
    ("lru_cache helper", "return x * cached(3)", {}),
    ("global mutation", "Counter.n += 1\nreturn x + 1", {}),
    ("tensor.register_hook", "y = x * 2\ny.requires_grad_(True)\ny.register_hook(lambda g: g)\nreturn y", {}),
    ("torch.manual_seed", "torch.manual_seed(0)\nreturn x + torch.rand_like(x)", {}),
    ("print in loop", "for i in range(2):\n    print(x)\n    x = x + 1\nreturn x", {}),
    ("item in loop", "s = 0.0\nfor r in x:\n    s += r.sum().item()\nreturn x * s", {}),
    ("break in called helper", "n = helper_item(x)\nreturn x * n", {}),
    ("getattr/hasattr", "return x * 2 if hasattr(x, 'shape') else x", {}),
    ("type(x).__name__", "return x + len(type(x).__name__)", {}),
    ("x.numel()/x.size(0) to range", "s = x[0]\nfor i in range(x.size(0)):\n    s = s + x[i]\nreturn s", {}),
    ("torch.tensor(python list)", "return x + torch.tensor([1.0] * 8)", {}),
    ("helper with break, called in loop", "for i in range(2):\n    x = x * helper_item(x)\nreturn x", {}),
    ("break inside with torch.no_grad()", "with torch.no_grad():\n    n = x.sum().item()\nreturn x * n", {}),
    ("break inside with user context", "with Ctx():\n    n = x.sum().item()\nreturn x * n", {}),
    ("break inside with autocast", "with torch.autocast('cpu'):\n    n = x.sum().item()\nreturn x * n", {}),
    ("if tensor inside loop", "for i in range(2):\n    if x.sum() > 0:\n        x = x - 1\nreturn x", {}),
    ("print helper called", "y = print_helper(x)\nreturn y + 1", {}),
    ("torch._dynamo.graph_break()", "y = x * 2\ntorch._dynamo.graph_break()\nreturn y + 1", {}),
    ("tolist of int tensor", "v = (x[0] > 0).long().tolist()\nreturn x + v[0]", {}),
    ("list(x.shape)", "s = list(x.shape)\nreturn x.reshape(s[0] * s[1])", {}),
    ("os.environ.get", "import os\nflag = os.environ.get('FLAG')\nreturn x + 1 if flag else x", {}),
    ("np.random.rand", "return x + float(np.random.rand())", {}),
    ("torch.distributed.is_initialized", "return x + 1 if torch.distributed.is_initialized() else x", {}),
    ("torch.utils.checkpoint", "import torch.utils.checkpoint as cp\nreturn cp.checkpoint(torch.sin, x, use_reentrant=False)", {}),
    ("str.format of tensor", "s = '{}'.format(x)\nreturn x + len(s)", {}),
    ("tensor in set/dict key", "d = {x: 1}\nreturn x + d[x]", {}),
    ("nn.LSTM call after two ops", "y = x * 2\ny = y + 1\nout, _ = LSTM(y.unsqueeze(1))\nreturn out * 3", {}),
    ("nn.LSTM call after one op", "y = x * 2\nout, _ = LSTM(y.unsqueeze(1))\nreturn out * 3", {}),
    ("nn.GRU call after two ops", "y = x * 2\ny = y + 1\nout, _ = GRU(y.unsqueeze(1))\nreturn out * 3", {}),
    ("nn.RNN call after two ops", "y = x * 2\ny = y + 1\nout, _ = RNN(y.unsqueeze(1))\nreturn out * 3", {}),
    ("nn.LSTM call in loop", "y = x.unsqueeze(1) * 2\nfor i in range(2):\n    y, _ = LSTM(y)\nreturn y * 3", {}),
    ("nn.LSTM, helper called after it", "y = x * 2\ny = y + 1\nout, _ = LSTM(y.unsqueeze(1))\nreturn no_grad_helper(out) + 1", {}),
    ("nn.LSTMCell call", "h, c = LSTM_CELL(x)\nreturn h * 2", {}),
    ("nn.TransformerEncoder(mask=)", "y = x * 2\nz = ENCODER(y.unsqueeze(1), mask=CAUSAL)\nreturn z * 2", {}),
    ("nn.TransformerEncoder(mask=, is_causal=True)", "y = x * 2\nz = ENCODER(y.unsqueeze(1), mask=CAUSAL, is_causal=True)\nreturn z * 2", {}),
    ("nn.TransformerEncoder(src_key_padding_mask=)", "y = x * 2\nz = ENCODER(y.unsqueeze(1), src_key_padding_mask=PADDING)\nreturn z * 2", {}),
    ("nn.TransformerEncoder, no mask", "y = x * 2\nz = ENCODER(y.unsqueeze(1))\nreturn z * 2", {}),
    ("nn.TransformerEncoderLayer(src_mask=)", "y = x * 2\nz = ENCODER_LAYER(y.unsqueeze(1), src_mask=CAUSAL)\nreturn z * 2", {}),
    ("nn.TransformerDecoder(tgt_mask=)", "y = x.unsqueeze(1)\nz = DECODER(y, y, tgt_mask=CAUSAL)\nreturn z * 2", {}),
    ("nn.Transformer(src, tgt, src_mask)", "y = x.unsqueeze(1)\nz = TRANSFORMER(y, y, CAUSAL)\nreturn z * 2", {}),
    ("nn.Transformer(tgt_mask=, tgt_is_causal=True)", "y = x.unsqueeze(1)\nz = TRANSFORMER(y, y, tgt_mask=CAUSAL, tgt_is_causal=True)\nreturn z * 2", {}),
    ("nn.MultiheadAttention(attn_mask=)", "y = x.unsqueeze(1)\nz, w = MHA(y, y, y, attn_mask=CAUSAL)\nreturn z * 2", {}),
    ("torch.spmm(sparse, dense)", "y = x * 2\nz = y + 1\nw = torch.spmm(SPARSE, z)\nreturn w * 2", {}),
    ("x.to_sparse()", "y = x * 2\nz = y + 1\nw = z.to_sparse()\nreturn w.to_dense() * 2", {}),
    ("torch.is_grad_enabled/jit.is_scripting", "if torch.jit.is_scripting() or not torch.is_grad_enabled():\n    return x + 1\nreturn x", {}),
    # a CUDA branch of traced code on another device (stylegan2's `impl == 'cuda' and x.device.type == 'cuda' and _init()`)
    ("print under x.device.type == 'cuda'", "y = x * 2\nif y.device.type == 'cuda' and print_helper(y) is None:\n    print(y)\nreturn y + 1", {}),
    ("print under x.is_cuda", "y = x * 2\nif y.is_cuda:\n    print(y)\nreturn y + 1", {}),
    ("print under torch.cuda.is_available()", "y = x * 2\nif torch.cuda.is_available():\n    print(y)\nreturn y + 1", {}),
    # break kinds seen on real models (issue 14), one construct each
    ("zip over map() of a tensor", "y = x * 2\nys = [a + b for a, b in zip(map(torch.relu, y), y)]\nreturn ys[0] * 2", {}),
    ("generator consumed by next()", "y = x * 2\ng = (r * 2 for r in y)\nfirst = next(g)\nreturn first + y[1]", {}),
    ("nn.Module built in traced code", "y = x * 2\nlin = nn.Linear(8, 8)\nreturn lin(y)", {}),
    ("setattr requires_grad", "y = x * 2\ny.requires_grad = True\nreturn y * 2", {}),
    ("with warnings.catch_warnings()", "y = x * 2\nwith warnings.catch_warnings():\n    z = y + 1\nreturn z * 2", {}),
    ("with contextlib.suppress", "y = x * 2\nwith contextlib.suppress(ValueError):\n    z = y + 1\nreturn z * 2", {}),
    ("with open()", "y = x * 2\nwith open(__file__) as fh:\n    pass\nreturn y * 2", {}),
    ("property getter reads a tensor's value", "y = x * 2\nreturn SIZED(y) * 2", {}),
    ("copy.copy(dict)", "y = x * 2\nd = copy.copy(TABLE)\nreturn y * d['a']", {}),
    ("copy.copy(list)", "y = x * 2\nd = copy.copy([1.0, 2.0])\nreturn y * d[0]", {}),
    ("copy.copy(tensor)", "y = x * 2\nz = copy.copy(y)\nreturn z * 2", {}),
    ("copy.copy(object)", "y = x * 2\nz = copy.copy(OPTIONS)\nreturn y * z.n", {}),
    ("dict(d) and d.copy()", "y = x * 2\nd = dict(TABLE)\ne = TABLE.copy()\nreturn y * d['a'] * e['b']", {}),
    ("copy.deepcopy(tensor)", "y = x * 2\nz = copy.deepcopy(y)\nreturn z * 2", {}),
    ("copy.deepcopy(module)", "y = x * 2\nm = copy.deepcopy(LINEAR)\nreturn m(y) * 2", {}),
    ("copy.deepcopy(dict)", "y = x * 2\nd = copy.deepcopy(TABLE)\nreturn y * d['a']", {}),
    ("torch.autograd.grad", "y = x * 2\nwith torch.enable_grad():\n    l = (y * PARAM).sum()\n    g, = torch.autograd.grad(l, PARAM)\nreturn y + g", {}),
    ("inspect.signature", "y = x * 2\nn = len(inspect.signature(helper_item).parameters)\nreturn y * n", {}),
    ("torch.typename", "y = x * 2\ns = torch.typename(y)\nreturn y * len(s)", {}),
    ("np.nonzero on tensor", "y = x * 2\ni = np.nonzero(y.numpy() > 0)[0]\nreturn y * len(i)", {}),
    ("np.mean of tensor to float", "y = x * 2\nm = float(np.mean(y.numpy()))\nreturn y * m", {}),
    ("torch.equal", "y = x * 2\nif torch.equal(y, x):\n    y = y + 1\nreturn y * 2", {}),
    ("x.tolist() in loop helper", "y = x * 2\nreturn y * len([v for v in y[0].tolist() if v > 0])", {}),
    ("iter() on tensor", "y = x * 2\nit = iter(y)\nreturn next(it) * 2", {}),
    # seen on issue 14's break-rich calibration set (PyTorch Geometric, vit-pytorch, x-transformers)
    ("unique in a list comprehension", "y = x * 2\nz = y + 1\nu = [torch.unique(r) for r in z]\nreturn z * len(u)", {}),
    ("x[:, mask] in a helper, mask argument", "y = x * 2\nz = select_by_mask(y, y[0] > 0)\nreturn z * 2", {}),
    ("x[mask] = v then x[mask] += v", "y = x * 2\nlabels = x[:, 0].round()\ny[labels == -1] = 0.0\ny[labels == 0] += x[0]\nreturn y * 2", {}),
    ("item, then item in a later loop", "y = x * 2\nz = y + 1\nn = z.sum().item()\nw = z * n\nv = w + 1\ns = 0.0\nfor r in v:\n    s += r.sum().item()\nreturn v * s", {}),
    ("break in a helper of a helper, ops around each call", "y = x * 2\nz = helper_of_helper(y)\nreturn z * 2", {}),
    ("module with its own __call__", "y = x * 2\nz = OWN_CALL(y)\nreturn z * 2", {}),
    ("self.training and random() in eval mode", "y = x * 2\nreturn LAYER_DROP(y) * 2", {}),
    # layers held in containers (issue 14, third round)
    ("ModuleList of 3 breaking layers, for loop", "y = x * 2\nfor layer in LAYERS:\n    y = layer(y)\nreturn y * 2", {}),
    ("ModuleList of 3 breaking layers, indexed", "y = x * 2\nfor i in range(3):\n    y = LAYERS[i](y)\nreturn y * 2", {}),
    ("Sequential of 3 breaking layers", "y = x * 2\ny = SEQUENTIAL(y)\nreturn y * 2", {}),
    ("one breaking layer, called once", "y = x * 2\ny = LAYERS[0](y)\nreturn y * 2", {}),
    # branches that do not run by default (issue 14, fourth round)
    ("log call behind a default-off parameter", "y = resample(x)\nreturn y * 2", {}),
    ("if on a registered buffer", "y = x * 2\nreturn INITTED(y) * 2", {}),
    ("break behind a default-off constructor flag", "y = x * 2\nreturn FLAGGED(y) * 2", {}),
    # issue 14, fourth round: the calibration_4 / held_out_4 misses, as constructs
    ("LSTM: flatten_parameters() before the call", "y = x * 2\nreturn TAGGER(y) + 1", {}),
    ("LSTM: an attribute read before the call", "y = x * 2\nreturn SIZER(y) + 1", {}),
    ("custom op, fake with a data-dependent size", "y = x * 2\ni = torch.ops.nmc.keep(y[0])\nreturn y[:, :2] * i.numel()", {}),
    ("custom op, fake of fixed shape", "y = x * 2\nz = torch.ops.nmc.twice(y)\nreturn z + 1", {}),
    ("custom op without a fake", "y = x * 2\nz = torch.ops.nmc.nofake(y)\nreturn z + 1", {}),
    ("torch.autograd.Variable", "y = x * 2\nv = torch.autograd.Variable(y)\nreturn v + 1", {}),
    ("torch.autograd.Variable twice", "y = x * 2\nv = torch.autograd.Variable(y)\nw = v + 1\nu = torch.autograd.Variable(w)\nreturn u + 1", {}),
    ("pack_padded_sequence", "y = x * 2\np = nn.utils.rnn.pack_padded_sequence(y.unsqueeze(0), [1], batch_first=True)\nreturn y + 1", {}),
    ("pack_padded_sequence, lengths as a tensor", "y = x * 2\np = nn.utils.rnn.pack_padded_sequence(y.unsqueeze(0), torch.tensor([1]), batch_first=True)\nreturn y + 1", {}),
    ("pad_packed_sequence", "y = x * 2\np = nn.utils.rnn.pad_packed_sequence(PACKED, batch_first=True)[0]\nreturn y + p.sum()", {}),
    ("pad_sequence", "y = x * 2\np = nn.utils.rnn.pad_sequence([y, y[:2]])\nreturn p + 1", {}),
    ("for over a DataLoader", "s = x * 2\nfor (b,) in LOADER:\n    s = s + b.sum()\nreturn s", {}),
    ("for over tqdm(range)", "s = x * 2\nfor i in tqdm(range(2)):\n    s = s + i\nreturn s", {}),
    ("optimizer.step()", "y = x * 2\nOPT.step()\nreturn y + 1", {}),
    ("optimizer.step() after a skipping break", "for r in x:\n    print(r)\nOPT.step()\nreturn x + 1", {}),
    ("three optimizers' step() after a skipping break", "for r in x:\n    print(r)\nOPT.step()\ny = x * 2\nOPT2.step()\n"
     "y = y + 1\nOPT3.step()\nreturn y", {}),
    ("callee's break in a loop, then .item() in the caller", "for r in range(2):\n    x = print_helper(x)\n"
     "y = x.sum().item()\nreturn y", {}),
    ("callee's break outside a loop, then .item() in the caller", "x = print_helper(x)\ny = x * 2\n"
     "z = y.sum().item()\nreturn z", {}),
    ("module handed to __init__, called in a traced forward", "return HELD(x)", {}),
    ("module handed to __init__, called from a frame Dynamo skips", "return HELD.eager_step(x)", {}),
    ("callee's break in a loop, then print and a torch function in the caller", "for r in range(2):\n"
     "    x = print_helper(x)\nprint(x)\nreturn torch.nn.functional.dropout(x, 0.5) + torch.nonzero(x).sum()", {}),
    ("optimizer.zero_grad() after a skipping break", "for r in x:\n    print(r)\nOPT.zero_grad()\nreturn x + 1", {}),
    ("optimizer.zero_grad()", "y = x * 2\nOPT.zero_grad()\nreturn y + 1", {}),
    ("torch.optim optimizer named otherwise: solver.step()", "y = x * 2\nSOLVER.step()\nreturn y + 1", {}),
    ("step() of a project object that is not an optimizer", "y = x * 2\noptimizer = COUNTER\n"
     "y = optimizer.step(y)\nreturn y + 1", {}),
    # a comprehension is a function of its own on Python 3.11: in a frame that runs eagerly it is a
    # frame Dynamo starts at, given an iterator it cannot step ("Missing tp_iternext")
    ("enumerate in a list comprehension, frame skipped", "u = [torch.full((n,), i) for i, n in enumerate(NUMS)]\nfor r in x:\n    print(r)\nreturn torch.cat(u)", {}),
    ("list in a list comprehension, frame skipped", "u = [x[0] * n for n in NUMS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("range in a list comprehension, frame skipped", "u = [x[0] * n for n in range(3)]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("ModuleList in a list comprehension, frame skipped", "u = [layer(x) for layer in LAYERS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("list comprehension after the skipping break", "for r in x:\n    print(r)\nu = [x[0] * n for n in NUMS]\nreturn u", {}),
    ("list comprehension after an LSTM call", "y = x * 2\ny = y + 1\nout, _ = LSTM(y.unsqueeze(1))\nu = [out * n for n in NUMS]\nreturn u", {}),
    ("LR scheduler subclass built in traced code", "y = x * 2\nfor g in SOLVER.param_groups:\n    g.pop('initial_lr', None)\n"
     "s = Exponential(SOLVER, 10.0)\nreturn y + 1", {}),
    ("torch LR scheduler built in traced code", "y = x * 2\nfor g in SOLVER.param_groups:\n    g.pop('initial_lr', None)\n"
     "s = torch.optim.lr_scheduler.StepLR(SOLVER, 3)\nreturn y + 1", {}),
    ("an optimizer group's params in a list comprehension, frame skipped", "for group in SOLVER.param_groups:\n"
     "    u = [torch.clone(p).detach() for p in group['params']]\nfor r in x:\n    print(r)\nreturn x + u[0].sum()", {}),
    ("list of tensors in a list comprehension, frame skipped", "u = [t * 2 for t in TENSORS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("list of tuples in a list comprehension, frame skipped", "u = [x[0] * a * b for a, b in PAIRS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("tensor rows in a list comprehension, frame skipped", "u = [r * 2 for r in x]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("zip in a list comprehension, frame skipped", "u = [a * n for a, n in zip(x, NUMS)]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("generator expression, frame skipped", "u = sum(x[0] * n for n in NUMS)\nfor r in x:\n    print(r)\nreturn u", {}),
    # a call to a breaking helper in a loop, after a break Dynamo resumed from: it skips the resumed frame only
    # (torchnmf's fit: a tolerance test, a host read, then its update loop inside a progress bar's `with`)
    ("helper breaking in a loop, after a resumed break", "y = x * 2\nn = y.sum().item()\nz = torch.relu(y) * n\n"
     "for r in range(3):\n    z = z + helper_item(z)\nreturn z", {}),
    ("list comprehension after a resumed break", "y = x * 2\nn = y.sum().item()\nu = [y[0] * k for k in NUMS]\nreturn u", {}),
    ("enumerate in a list comprehension, traced", "u = [torch.full((n,), i) for i, n in enumerate(NUMS)]\nreturn torch.cat(u) + 1", {}),
    # a frame Dynamo compiles on its own (its caller is skipped) is compiled again, once, with dynamic
    # shapes, when a later call brings other shapes (issue 14, fifth round: the detectors' helpers)
    ("helper of a skipped frame, two shapes", "for r in x:\n    print(r)\na = relu_helper(x)\nb = relu_helper(x[:3])\nreturn a.sum() + b.sum()", {}),
    ("helper of a skipped frame, one shape twice", "for r in x:\n    print(r)\na = relu_helper(x)\nb = relu_helper(x + 1)\nreturn a.sum() + b.sum()", {}),
    ("helper of a skipped frame, loop over three shapes", "for r in x:\n    print(r)\ns = 0\nfor k in (2, 3, 4):\n    s = s + relu_helper(x[:k]).sum()\nreturn s", {}),
    ("helper in a skipped frame's loop over one parameter group", "for r in x:\n    print(r)\ns = 0\nfor group in ONE_GROUP.param_groups:\n    s = s + relu_helper(group[\"params\"][1]).sum()\nreturn s", {}),
    # a loop handing a helper the same tensors at each step (a search's ``dE = delta(Q, x)``, x changed in place)
    ("helper in a skipped frame's loop, its arguments unchanged", "for r in x:\n    print(r)\ns = 0\nfor i in range(3):\n"
     "    y = relu_helper(x)\n    s = s + y.sum()\n    x[0] = x[0] * 0.5\nreturn s", {}),
    ("helper in a skipped frame's loop over two parameter groups", "for r in x:\n    print(r)\ns = 0\nfor group in TWO_GROUPS.param_groups:\n    s = s + relu_helper(group[\"params\"][0]).sum()\nreturn s", {}),
    # a parameter group's entry is a Python number: updating it runs no ATen call, the stretch no graph
    ("a parameter group's entry updated between two breaks", "y = x * 2\nprint(y)\nfor group in OPT.param_groups:\n"
     "    group[\"lr\"] += 0.0\nprint(y)\nreturn y", {}),
    ("helper of a skipped frame returning an inlined helper's result", "for r in x:\n    print(r)\nreturn wrapper_helper(x)", {}),
    ("helper of a skipped frame whose ops are in an inlined helper", "for r in x:\n    print(r)\nout = gather_helper(x, [])\nreturn out[0].sum()", {}),
    ("helper after a break that skips the resumed frame", "y = x * 2\nn = y.sum().item()\nfor r in x:\n    print(r)\nreturn relu_helper(y) * n", {}),
    # what the eager code of a skipped frame calls: a user module's forward and a plain function are
    # frames Dynamo compiles on their own; a torch.nn layer and a TorchScript function run eagerly
    ("user submodule of a skipped frame", "for r in x:\n    print(r)\nreturn INNER(x)", {}),
    ("torch.nn layer of a skipped frame", "for r in x:\n    print(r)\nreturn LINEAR(x)", {}),
    ("torch.jit.script helper of a skipped frame", "for r in x:\n    print(r)\nreturn scripted_helper(x)", {}),
    # einops' functions are no torch code: eager code calling them starts a frame Dynamo compiles (a
    # graph per pattern, one for a loop on one shape); compiled code traces them as ops of its graph
    ("einops.rearrange in a skipped frame, two patterns", "for r in x:\n    print(r)\ny = rearrange(x, 'a b -> b a')\n"
     "z = rearrange(x, 'a (b c) -> a b c', c=2)\nreturn y.sum() + z.sum()", {}),
    ("einops.rearrange in a loop of a skipped frame, one shape", "for r in x:\n    print(r)\ns = 0\nfor i in range(3):\n"
     "    s = s + rearrange(x, 'a b -> b a').sum()\nreturn s", {}),
    ("einops.rearrange in compiled code", "y = rearrange(x, 'a b -> b a')\nreturn y * 2", {}),
    ("callable argument of a skipped frame", "def run(fn, t):\n    for r in t:\n        print(r)\n    return fn(t)\nreturn run(relu_helper, x)", {}),
    # functorch's transforms of a callable handed in (levmarq-torch's fits): what they return is a frame of its own
    ("a vmapped callable handed in, called from a skipped frame", "def run(fn, t):\n    fv = torch.vmap(lambda r: fn(r))\n"
     "    for r in t:\n        print(r)\n    return fv(t)\nreturn run(relu_helper, x)", {}),
    ("a vmapped jacrev of a callable handed in, called from a skipped frame", "def run(fn, t):\n"
     "    jac = torch.vmap(lambda r: torch.func.jacrev(fn)(r))\n    for r in t:\n        print(r)\n    return jac(t)\n"
     "return run(relu_helper, x)", {}),
    ("functorch.vmap of a callable handed in, called from a skipped frame", "import functorch\ndef run(fn, t):\n"
     "    fv = functorch.vmap(lambda r: fn(r))\n    for r in t:\n        print(r)\n    return fv(t)\n"
     "return run(relu_helper, x)", {}),
    ("callable argument after a break that skips the resumed frame", "def run(fn, t):\n    y = t * 2\n    n = y.sum().item()\n"
     "    for r in t:\n        print(r)\n    return fn(y) * n\nreturn run(relu_helper, x)", {}),
    ("helper in a loop after a break that skips the resumed frame", "y = x * 2\nn = y.sum().item()\ns = 0\nfor k in (2, 3):\n    print(k)\n    s = s + relu_helper(y[:k]).sum()\nreturn s * n", {}),
    # a frame of its own entered in a loop of a skipped frame with the loop's index: Dynamo
    # specialises an int argument, so each new value is a recompile, up to recompile_limit (8)
    ("helper in a loop of a skipped frame, loop index as an int argument, 6 steps", "for r in x:\n    print(r)\ns = 0\nfor i in range(6):\n    s = s + scale_helper(x, i).sum()\nreturn s", {}),
    ("helper in a loop of a skipped frame, loop index as a subscript, 4 steps", "for r in x:\n    print(r)\ns = 0\nfor i in range(4):\n    s = s + index_helper(x, i).sum()\nreturn s", {}),
    ("helper in a loop of a skipped frame, loop index in a tuple subscript, 6 steps", "for r in x:\n    print(r)\nbuf = torch.zeros(2, 6, 8)\nfor i in range(6):\n    buf = store_helper(buf, (slice(None), i), x[:2])\nreturn buf", {}),
    ("helper in a loop of a skipped frame, loop index in a tuple subscript, 12 steps", "for r in x:\n    print(r)\nbuf = torch.zeros(2, 12, 8)\nfor i in range(12):\n    buf = store_helper(buf, (slice(None), i), x[:2])\nreturn buf", {}),
    # ... and a number the loop changes that the helper turns into a tensor (torch.as_tensor) or a math result:
    # Dynamo guards the value there, a compile per value up to recompile_limit (torch-linode's adaptive steps)
    ("helper turning a float argument into a tensor, 12 steps", "for r in x:\n    print(r)\ns, t = 0, 0.0\n"
     "for i in range(12):\n    s = s + as_tensor_helper(x, t).sum()\n    t += 0.1\nreturn s", {}),
    ("helper turning a float argument into a tensor, 3 steps", "for r in x:\n    print(r)\ns, t = 0, 0.0\n"
     "for i in range(3):\n    s = s + as_tensor_helper(x, t).sum()\n    t += 0.1\nreturn s", {}),
    ("helper turning a float argument into a math result, 12 steps", "for r in x:\n    print(r)\ns, t = 0, 0.0\n"
     "for i in range(12):\n    s = s + math_helper(x, t).sum()\n    t += 0.1\nreturn s", {}),
    ("helper turning a float argument into a tensor with torch.tensor, 12 steps", "for r in x:\n    print(r)\n"
     "s, t = 0, 0.0\nfor i in range(12):\n    s = s + tensor_helper(x, t).sum()\n    t += 0.1\nreturn s", {}),
    ("helper turning the loop index into a tensor, 12 steps", "for r in x:\n    print(r)\ns = 0\n"
     "for i in range(12):\n    s = s + as_tensor_helper(x, i).sum()\nreturn s", {}),
    # a while loop's steps (an iterative solver's) hand the helper the state it updates: one shape, one graph
    ("helper in a while loop of a skipped frame, 6 steps", "for r in x:\n    print(r)\ni, s = 0, x\n"
     "while i < 6:\n    s = relu_helper(s) * 0.5\n    i += 1\nreturn s", {}),
    # a while loop tested on a tensor's value after the frame's first ops (cpd-pytorch's EM loop, `while it < n and
    # bool(active.any()):`): the ops before the loop are a graph, the loop runs eagerly, its callees are frames
    ("ops, then a while loop tested on a tensor's value, a helper in its body, 6 steps", "y = x * 2\ni = 0\n"
     "while i < 6 and bool((y > -100).any()):\n    y = relu_helper(y) - 0.1\n    i += 1\nreturn y", {}),
    ("ops, then a while loop tested on a tensor's value, a method naming no torch steps it, 6 steps",
     "return EM_LOOP.run(x)", {"entry": "em_loop_run"}),
    ("helper in a while loop of a skipped frame, a float argument, 6 steps", "for r in x:\n    print(r)\ni, s, t = 0, x, 0.5\n"
     "while i < 6:\n    s = scale_helper(s, t)\n    t += 0.1\n    i += 1\nreturn s", {}),
    ("helper in a loop of a skipped frame, loop index in a tuple subscript it reads, 12 steps over 6 values", "for r in x:\n    print(r)\n"
     "s = 0\nfor i in range(12):\n    s = s + tuple_index_helper(x, i % 6).sum()\nreturn s", {}),
    ("helper in a loop of a skipped frame, loop index in a tuple subscript it reads, 3 steps", "for r in x:\n    print(r)\n"
     "s = 0\nfor i in range(3):\n    s = s + tuple_index_helper(x, i).sum()\nreturn s", {}),
    # a host read of an indexed tensor: the indexing is an op of the graph before the break
    ("item of an indexed tensor, then ops", "n = x[0, 1].item()\nreturn x * n", {}),
    ("int of an indexed tensor, then ops", "n = int(x[0, 1])\nreturn x * n", {}),
    ("three ints of indexed tensors, then ops", "a = int(x[0, 1])\nb = int(x[1, 0])\nc = int(x[1, 1])\n"
     "return x * (a + b + c)", {}),
    ("item of a name, then ops", "y = x[0, 1]\nn = y.item()\nreturn x * n", {}),
    ("size of an indexed tensor, then a breaking helper", "n = x[0].size(0)\ny = print_helper(x)\nreturn y * n", {}),
    ("a number, then a breaking helper", "n = 3\ny = print_helper(x)\nreturn y * n", {}),
    ("helper in a skipped frame's for _ in range loop, its state handed on, 6 steps", "for r in x:\n    print(r)\n"
     "s = x\nfor _ in range(6):\n    s = relu_helper(s) * 0.5\nreturn s", {}),
    # ... a method, its tensors rebound, a tensor's requires_grad or data set at each step (torchattacks' PGD,
    # glm-saga's proximal step ``weight.data = group_threshold(weight, lr * lam * alpha)``)
    ("method in a skipped frame's for _ in range loop, its state handed on, 6 steps", "for r in x:\n    print(r)\n"
     "s = x\nfor _ in range(6):\n    s = STEPPER.advance(s) * 0.5\nreturn s", {}),
    ("method in a skipped frame's for _ in range loop, requires_grad set at each step", "for r in x:\n    print(r)\n"
     "s = x.clone()\nfor _ in range(6):\n    s.requires_grad = True\n    y = STEPPER.advance(s)\n    s = (s + y).detach()\n"
     "return s", {}),
    ("method in a skipped frame's for _ in range loop, .data set, a number's arithmetic", "for r in x:\n    print(r)\n"
     "w = x.clone()\nfor _ in range(6):\n    w.data = STEPPER.advance(w, RATE * 2)\nreturn w", {}),
    ("method in a skipped frame's loop over a list of tensors of two shapes", "for r in x:\n    print(r)\ns = 0\n"
     "for t in (x, x[:3]):\n    s = s + STEPPER.advance(t).sum()\nreturn s", {}),
    ("helper in a loop of a skipped frame, no index, 6 steps", "for r in x:\n    print(r)\ns = 0\nfor i in range(6):\n    s = s + relu_helper(x).sum()\nreturn s", {}),
    ("torch.cat grown in a loop", "y = x[:1]\nfor i in range(3):\n    y = torch.cat((y, x[i:i + 1]), 0)\nreturn y * 2", {}),
    # standard-library calls in a compiled training step (pytorch/examples' mnist_hogwild, imagenet)
    ("os.getpid()", "import os\npid = os.getpid()\nreturn x + (pid % 2)", {}),
    ("os.getcwd()", "import os\nd = os.getcwd()\nreturn x + len(d)", {}),
    ("os.path.join", "import os\np = os.path.join('a', 'b')\nreturn x + len(p)", {}),
    ("os.path.exists", "import os\nreturn x + 1 if os.path.exists('/') else x", {}),
    ("os.getenv", "import os\nflag = os.getenv('FLAG')\nreturn x + 1 if flag else x", {}),
    ("sys.stdout.write", "import sys\nsys.stdout.write('step')\nreturn x + 1", {}),
    ("sys.stdout.flush", "import sys\nsys.stdout.flush()\nreturn x + 1", {}),
    ("sys.stderr.write", "import sys\nsys.stderr.write('')\nreturn x + 1", {}),
    ("time.strftime", "s = time.strftime('%H')\nreturn x + len(s)", {}),
    ("datetime.now", "import datetime\nt = datetime.datetime.now()\nreturn x + 1", {}),
    ("socket.gethostname", "import socket\nh = socket.gethostname()\nreturn x + len(h)", {}),
    ("random.randint", "return x * random.randint(1, 3)", {}),
    ("random.uniform", "return x * random.uniform(1, 3)", {}),
    ("random.choice", "return x * random.choice(NUMS)", {}),
    ("random.randrange", "return x * random.randrange(1, 3)", {}),
    ("random.gauss", "return x * random.gauss(0.0, 1.0)", {}),
    ("random.shuffle", "v = list(NUMS)\nrandom.shuffle(v)\nreturn x * v[0]", {}),
    ("random.Random(seed)", "r = random.Random(0)\nreturn x * r.random()", {}),
    # a value Dynamo draws from `random` is an unspecialised number (a graph input): branching on it breaks
    ("if on a random.Random instance's draw", "if DRAWING.rng.random() < 0.5:\n    return x + 1\nreturn x - 1", {}),
    ("a random.Random instance's draw in an and, the other side a tensor (kron-torch's balance)",
     "do = x.sum() > 0\nb = DRAWING.rng.random() < 0.01 and do\nreturn x * 2, b", {}),
    ("if on random.Random(seed)'s draw, built in traced code", "r = random.Random(0)\nif r.uniform(0, 1) < 0.5:\n    return x + 1\nreturn x - 1", {}),
    ("if on random.randint", "if random.randint(0, 3) == 1:\n    return x + 1\nreturn x - 1", {}),
    ("if on random.randrange, bare", "if random.randrange(2):\n    return x + 1\nreturn x - 1", {}),
    ("a random.Random instance's draw as a number", "return x * DRAWING.rng.uniform(0, 1)", {}),
    ("slice bounds from a tensor attribute's elements, zipped, in a list comprehension (psgd-torch's delta[j - i:j])",
     "d = x.flatten()\n[p.sub_(d[j - i:j]) for (p, i, j) in zip(SIZES.params, SIZES.sizes, SIZES.cumsizes)]\nreturn x + 1", {}),
    ("slice bounds from a tensor attribute's elements, zipped, in a for loop",
     "d = x.flatten()\nfor (p, i, j) in zip(SIZES.params, SIZES.sizes, SIZES.cumsizes):\n    p.sub_(d[j - i:j])\nreturn x + 1", {}),
    ("a tensor test before slice bounds from a tensor attribute's elements in a list comprehension (psgd-torch's step)",
     "y = x * 2\nif torch.rand([]) < 0.5:\n    y = y + 1\nd = x.flatten()\n[p.sub_(d[j - i:j]) for (p, i, j) in zip(SIZES.params, SIZES.sizes, SIZES.cumsizes)]\nreturn y", {}),
    ("a tensor attribute's elements, zipped, used as numbers",
     "d = x.flatten()\n[p.sub_(j) for (p, j) in zip(SIZES.params, SIZES.cumsizes)]\nreturn d + 1", {}),
    ("a test of torch.optim's _get_value of a step tensor (torch-adopt's if step == 0:)",
     "from torch.optim.optimizer import _get_value\nstep = _get_value(STEP_T)\nif step == 0:\n    return x + 1\nreturn x - 1", {}),
    ("torch.optim's _get_value of a step tensor used as a number",
     "from torch.optim.optimizer import _get_value\nstep = _get_value(STEP_T)\nreturn x * (1 - 0.9 ** step)", {}),
    ("a random.Random instance's draw as an and's last operand", "b = x.dim() > 1 and DRAWING.rng.random() < 0.5\nreturn x * 2, b", {}),
    ("os.environ[key]", "import os\nv = os.environ['HOME']\nreturn x + len(v)", {}),
    ("os.cpu_count()", "import os\nreturn x * os.cpu_count()", {}),
    ("sys.getsizeof", "import sys\nreturn x * sys.getsizeof(1)", {}),
    ("random.sample", "return x * random.sample(NUMS, 1)[0]", {}),
    ("random.seed", "random.seed(0)\nreturn x + 1", {}),
    ("os.path.isfile", "import os\nreturn x + 1 if os.path.isfile('/') else x", {}),
    ("os.path.isdir", "import os\nreturn x + 1 if os.path.isdir('/') else x", {}),
    ("os.listdir", "import os\nreturn x + len(os.listdir('/'))", {}),
    ("len(DataLoader)", "y = x * 2\nn = len(LOADER)\nreturn y * n", {}),
    ("len(DataLoader.dataset)", "y = x * 2\nn = len(LOADER.dataset)\nreturn y * n", {}),
    ("logger.isEnabledFor", "y = x * 2\nif log.isEnabledFor(logging.DEBUG):\n    y = y + 1\nreturn y * 2", {}),
    ("logging.getLogger in traced code", "y = x * 2\nlg = logging.getLogger('constructs')\nreturn y * 2", {}),
    ("meter object updated with a float", "y = x * 2\nMETER.update(3.0, 2)\nreturn y * METER.avg", {}),
    # iterating what Dynamo cannot step
    ("zip over a generator", "y = x * 2\ns = y[0]\nfor a, b in zip((r * 2 for r in y), range(4)):\n    s = s + a * b\nreturn s", {}),
    ("map over a generator", "y = x * 2\ns = sum(map(torch.relu, (r * 2 for r in y)))\nreturn y + s", {}),
    ("filter over a list", "y = x * 2\nys = list(filter(lambda t: t is not None, [y, None, y]))\nreturn ys[0] + ys[1]", {}),
    ("zip over a list of tensors", "y = x * 2\ns = y[0]\nfor a, b in zip(TENSORS, NUMS):\n    s = s + a.sum() * b\nreturn y * s", {}),
    ("iter() of a generator in zip", "y = x * 2\ng = iter(r for r in y)\nu = [a + b for a, b in zip(g, y)]\nreturn u[0]", {}),
    # sparse tensors handed between functions (pytorch/examples gcn, PyG ASAPooling)
    ("sparse argument passed on", "y = x * 2\nz = y + 1\nreturn graph_conv(SPARSE, z) + 1", {}),
    ("sparse tensor made, then read", "y = x * 2\nz = y + 1\nw = z.to_sparse()\nv = w * 3\nreturn v.to_dense()", {}),
    ("sparse tensor returned by a helper", "y = x * 2\nz = y + 1\na = to_sparse_helper(z)\nreturn a.to_dense() + 1", {}),
    # a value Dynamo decides while tracing
    ("`None is not None and tensor`", "y = x * 2\neos = None\nif eos is not None and (y == eos).all():\n    return y\nreturn y + 1", {}),
    ("LSTM set by a subclass, called in the base's forward", "y = x * 2\nreturn LSTM_2D(y) + 1", {}),
    ("x[mask[0]] under mask.dtype == torch.bool", "y = x * 2\nreturn select_rows(y, (y > 0).unsqueeze(0)).sum()", {}),
    ("max(tensor, int)", "y = x * 2\nn = max(y.max(), 2)\nreturn y * n", {}),
    ("F.one_hot, num_classes max(tensor, int)", "i = (x[0] > 0).long()\nreturn safe_one_hot(i, 3).sum() + x", {}),
    ("F.one_hot, num_classes a tensor", "i = (x[0] > 0).long()\nn = i.max() + 2\nreturn F.one_hot(i, n).sum() + x", {}),
    ("isinstance: a number in the other branch", "y = x * 2\nreturn scale_by(y, 0.5) + scale_by(y, y.sum())", {}),
    ("isinstance: a number after `not isinstance(...) or`", "y = x * 2\nreturn power(y, 1.0) + power(y, y.sum())", {}),
    ("isinstance: float() in the number branch", "y = x * 2\nreturn as_tensor(y, 0.5) + as_tensor(y, y[0])", {}),
    ("a library's is_compiling() wrapper", "y = x * 2\nreturn checked(y) + 1", {}),
    ("flag parameter rebound to a tensor after its test", "y = x * 2\nreturn SIMILARITY(y) * 2", {}),
    ("isinstance-guarded .item(), a bool passed", "y = x * 2\nreturn y + 1 if as_flag(True) else y", {}),
    ("isinstance-guarded .item(), a tensor passed", "y = x * 2\nreturn y + 1 if as_flag(y[0, 0] > 0) else y", {}),
    ("isinstance-decided tensor branch", "y = x * 2\nt = 0.5\nif isinstance(t, torch.Tensor) and t.sum() > 0:\n    y = y + 1\nreturn y * 2", {}),
    # calls the static side follows only through a local name (issue 14, seventh round: torchsde, torchcde)
    ("method of the class a factory picks", "y = x * 2\ncls = pick('stepper')\nsolver = cls()\nreturn solver.step(y) + 1", {}),
    # issue 14, ninth round: methods reached through a local instance (pytorch-minimize's BFGS loop)
    ("state machine of step functions", "state = {'x': x * 2}\nstep = state_step1\nwhile step is not None:\n    step = step(state)\nreturn state['x'] + 1", {}),
    ("method of a module-level instance", "y = x * 2\nz = SCORER.score(y)\nreturn z + 1", {}),
    ("method of a local instance, inherited, calls an abstract method", "y = x * 2\nh = ItemUpdate()\nreturn h.update(y) + 1", {}),
    ("bound method of a local instance, called through a name", "y = x * 2\nsf = Objective(2.0)\nf = sf.closure\nz, n = f(y)\nreturn z * n", {}),
    ("local instance, then a print in the frame", "y = x * 2\nsf = Objective(2.0)\nprint(1)\nreturn y * sf.scale", {}),
    ("local instance, break in a helper, instance not used after", "sf = Objective(2.0)\ny = x * sf.scale\nn = helper_item(y)\nreturn y * n", {}),
    ("local instance's method breaks, instance not used after", "y = x * 2\nz, n = Objective(2.0).closure(y)\nreturn z * n", {}),
    ("local instance's method breaks, a print between its construction and the call", "y = x * 2\n"
     "sf = Objective(2.0)\nprint(1)\nz, n = sf.closure(y)\nreturn z * n", {}),
    ("local instance's method breaks, a print before its construction", "y = x * 2\nprint(1)\n"
     "sf = Objective(2.0)\nz, n = sf.closure(y)\nreturn z * n", {}),
    ("instance built by cls() in a classmethod, its method breaks", "y = x * 2\nf = Fitted.from_data(y)\nreturn y * f.scale", {}),
    # issue 14, round 38: an instance holding a tensor the frame made (torch-sla's SparseTensor in a user's step)
    ("local instance built from a tensor the frame made, its method breaks", "w = x.exp()\n"
     "sf = Objective(w * 2)\nz, n = sf.closure(x)\nreturn z * n", {}),
    ("... built from a number after an op, its method breaks", "w = x.exp()\nsf = Objective(2.0)\n"
     "z, n = sf.closure(x)\nreturn z * n", {}),
    ("local instance's method breaks in a loop", "sf = Objective(2.0)\ny = x * 2\nfor r in range(2):\n"
     "    y, n = sf.closure(y)\nreturn y * n", {}),
    ("module built in the frame, its method breaks", "y = x * 2\nlayer = BreakLayer(8)\nz = layer.forward(y)\nreturn z + 1", {}),
    ("local instance's method breaks, then again", "y = x * 2\nsf = Objective(2.0)\nz, n = sf.closure(y)\n"
     "z, m = sf.closure(z)\nreturn z * n * m", {}),
    ("bound method of a local instance, handed to a helper", "y = x * 2\nsf = Objective(2.0)\nreturn line_search(sf.closure, y) + 1", {}),
    ("method of a held object returns an instance whose method breaks", "return META.step(x)", {}),
    ("... in a loop, then a print", "return META.loop(x)", {}),
    # issue 14, sixteenth round: an instance a method returns, whose method breaks (cooper-optim's roll)
    ("store returned by a returned instance's method, its backward() method, then a print", "y = x * 2\n"
     "state = PROBLEM.state(y)\nstore = state.lagrangian()\nstore.backward()\nprint(1)\nreturn y + 1", {"grad": True}),
    ("... the store used after", "y = x * 2\nstate = PROBLEM.state(y)\nstore = state.lagrangian()\n"
     "store.backward()\nprint(1)\nreturn y + store.value", {"grad": True}),
    ("... a helper called after it, with a print", "y = x * 2\nstate = PROBLEM.state(y)\n"
     "store = state.lagrangian()\nstore.backward()\nreturn print_helper(y) + 1", {"grad": True}),
    ("self.zero_grad() that the class's own base defines (an optimizer wrapper)", "return OWN_ROLLER.roll(x)", {}),
    ("a property read in traced code, .item() in its getter", "y = x * 2\nreturn SCALED(y) + 1", {}),
    ("a property read in traced code, tensor ops in its getter", "y = x * 2\nreturn SCALED.plain(y) + 1", {}),
    # issue 14, fifteenth round: a module-level function held in an attribute (captum's gradient_func)
    ("function held in an attribute the base's __init__ sets, autograd.grad in it", "return ATTRIBUTION.attribute(x)", {}),
    ("function held in an attribute from an __init__ parameter's default, .item() in it", "return ATTRIBUTION.read(x)", {}),
    # issue 14, seventeenth round: a function handed to a helper that calls it (torchgw's solvers)
    ("function handed to a helper that calls it, .item() in it", "y = x * 2\nreturn calls_handed(helper_item, y) * 2", {}),
    ("... a closure of the frame", "def inner(t):\n    return helper_item(t) + 1\ny = x * 2\n"
     "return calls_handed(inner, y) * 2", {}),
    ("... called in the helper's loop", "y = x * 2\nreturn calls_handed_loop(helper_item, y) * 2", {}),
    # issue 14, nineteenth round: a bound method of self handed to a helper that calls it (ema-pytorch)
    ("bound method of self handed to a helper that calls it, .item() in it", "y = x * 2\nreturn DECAYED.update(y) + 1", {}),
    # issue 14, twenty-first round: a branch on a parameter another file sets (piqa's assert_type), and
    # PyG's knn_graph warning, which runs only when the tensors are on two devices
    ("`assert lo <= t.min(), f'...'` under `if lo is not None`, lo given", "def check(t, lo=None):\n"
     "    if lo is not None:\n        assert lo <= t.min(), f'got {t.min().item()}'\n    return t\n"
     "y = check(x * 2, lo=-100.0)\nreturn y + 1", {}),
    ("warnings.warn under `b is not None and x.device != b.device`, b given on the same device",
     "def knn(t, b=None):\n    if b is not None and t.device != b.device:\n        warnings.warn('devices')\n"
     "        b = b.to(t.device)\n    return t + b\ny = knn(x * 2, x)\nreturn y + 1", {}),
    # issue 14, twentieth round: an operator of a class of the file (torch-cgd's Operator.__matmul__)
    ("a @ b on a local instance of a class with __matmul__, .item() in it", "y = x * 2\nA = MatOp(y)\nreturn (A @ y) * 2", {}),
    ("instance of an operator-only class handed to a helper that applies @, .item() in __matmul__",
     "y = x * 2\nA = MatOp(y)\nreturn solve_like(A, y) * 2", {}),
    ("lambda bound to a name, called, .item() in the helper it calls", "y = x * 2\n"
     "f = lambda t: helper_item(t)\nreturn f(y) * 2", {}),
    ("lambda bound to a name, handed to a helper that calls it, .item() in the function it calls", "y = x * 2\n"
     "f = lambda t: helper_item(t)\nreturn calls_handed(f, y) * 2", {}),
    ("function from a module-level table of functions", "y = x * 2\nreturn ROUTINES['item']['plain'](y) * 2", {}),
    ("function picked from a local table of functions", "y = x * 2\nmethods = {'plain': helper_item, 'twice': calls_handed}\n"
     "fn = methods['plain']\nreturn fn(y) * 2", {}),
    ("... by a helper handed the table", "y = x * 2\nmethods = {'sum': ROUTINES['item'], 'any': ROUTINES}['sum']\n"
     "fn = get_method(methods, 'PLAIN')\nreturn fn(y) * 2", {}),
    ("object built in traced code, break in its __init__", "y = x * 2\ni = Interval(y[0], y[1])\nreturn y * i.n", {}),
    ("nn.Module without parameters built in traced code", "y = x * 2\nw = Wrapper(2.0)\nreturn y * w.scale", {}),
    ("memoized method: pickle.dumps in the decorator's wrapper", "return MEMOIZED.double(x) + 1", {}),
    ("a tensor rebound to a Python number", "t = x.abs().sum()\nt = float(t)\nreturn x * math.sqrt(t + 1.0)", {}),
    ("torch.Generator built in traced code", "g = torch.Generator('cpu').manual_seed(3)\n"
     "return x + torch.randn(x.shape, generator=g)", {}),
    ("torch.Generator passed in", "return x + torch.randn(x.shape, generator=GENERATOR)", {}),
    ("a generator method iterated, each item drawn with a torch.Generator built below (skerch's get_blocks)",
     "y = x * 2\nfor block, i in NoiseBlocks().get_blocks(y.shape, 2):\n    y = y + block\nreturn y + 1", {}),
    ("the same, the instance from a default class's static method (skerch's ssvd)", "return sketch(x)", {}),
    ("a default class's static method building an object, no break below",
     "y = x * 2\nm = NoiseDispatcher.mop('blocks')\nreturn y + 1", {}),
    ("a torch.Generator parameter drawn from (torchtransform's Uniform.sample)",
     "y = x * 2\nr = draw_given((4, 8), GENERATOR)\nreturn y + r", {}),
    ("a torch.Generator parameter drawn from, None given", "y = x * 2\nr = draw_maybe((4, 8))\nreturn y + r", {}),
    ("a torch.Generator attribute built in __init__, drawn from by a method (torchtransform's Context.rand)",
     "y = x * 2\nr = DRAWER.rand(4, 8)\nreturn y + r", {}),
    ("np.random.randint", "n = np.random.randint(0, 10)\nreturn x * n", {}),
    ("np.random.normal", "n = np.random.normal(0.0, 1.0)\nreturn x * n", {}),
    ("np.random.choice", "n = np.random.choice([1, 2, 3])\nreturn x * n", {}),
    ("np.random.uniform with a size", "n = np.random.uniform(0, 1, size=(4, 8))\nreturn x * torch.from_numpy(n)", {}),
    ("np.random.permutation", "p = np.random.permutation(4)\nreturn x[p]", {}),
    ("np.random.shuffle", "a = [1, 2, 3]\nnp.random.shuffle(a)\nreturn x * a[0]", {}),
    ("np.random.seed", "np.random.seed(0)\nreturn x * 2", {}),
    ("np.random.SeedSequence", "s = np.random.SeedSequence(entropy=3, pool_size=4)\na, b = s.generate_state(2)\n"
     "return x * 2", {}),
    ("np.random.RandomState", "r = np.random.RandomState(0)\nreturn x * r.rand()", {}),
    ("np.random.default_rng", "r = np.random.default_rng(0)\nreturn x * r.random()", {}),
    ("TypedDict with optional keys", "m = Message(name='a', value=x)\nreturn m['value'] * 2", {}),
    ("TypedDict, every key required", "m = Site(name='a', value=x)\nreturn m['value'] * 2", {}),
    ("importlib.import_module", "m = importlib.import_module('math')\nreturn x + m.pi", {}),
    ("sys._getframe", "f = sys._getframe(0)\nreturn x + 1", {}),
    # issue 14, eighth round: a forward inherited from another file's base; tests a default folds
    ("LSTM: `is not None` before the call", "y = x * 2\nreturn CHECKED(y) + 1", {}),
    ("tensor made with requires_grad=True", "y = x * 2\nt = torch.zeros(4, 8, requires_grad=True)\nreturn (y + t) * 3", {}),
    ("torch.tensor(0., requires_grad=True)", "y = x * 2\nt = torch.tensor(0., requires_grad=True)\nreturn (y + t) * 3", {}),
    ("tensor made with requires_grad=False", "y = x * 2\nt = torch.zeros(4, 8, requires_grad=False)\nreturn (y + t) * 3", {}),
    ("requires_grad=True in a helper", "y = x * 2\nreturn (y + zeros_grad(y)) * 3", {}),
    ("inherited forward calls the subclass's override", "y = x * 2\nreturn PAIR_LOSS(y) * 3", {}),
    ("== on a parameter's constant default, and tensor", "y = x * 2\nreturn safe_divide(y, x + 1) * 3", {}),
    ("== on a parameter's default, the compared value passed", 'y = x * 2\nreturn safe_divide(y, x + 1, "warn") * 3', {}),
    ("is None on a default None, or tensor", "y = x * 2\nreturn auc(y) * 3", {}),
    ("is None on a default None, or tensor, a value passed", "y = x * 2\nreturn auc(y, 0.5) * 3", {}),
    # issue 14, ninth round: autograd inside traced code; data-dependent control (held_out_8)
    # the eager call runs first on the same input: the last line gives it back unchanged
    ("requires_grad_() on the input", "y = x * 2\nx.requires_grad_(True)\nz = (x * 3).sum()\nx.requires_grad_(False)\nreturn y * z", {}),
    ("requires_grad_() in a helper, on the input", "y = x * 2\ns = set_potentials(x)\nz = (x * 3).sum()\nx.requires_grad_(False)\nreturn y * z * s[0]", {}),
    ("requires_grad_() on an intermediate, returned", "y = x * 2\ny.requires_grad_(True)\nreturn y", {}),
    ("requires_grad_() on an intermediate, used", "y = x * 2\nz = y.detach().requires_grad_(True)\nw = z * 3\nreturn (w + y).sum(0)", {}),
    ("requires_grad_() in a helper, on its argument", "y = x * 2\ns = set_potentials(y)\nreturn y * s[0]", {}),
    # a parameter its docstring types float, handed a 0-d tensor (torchcp's class-conditional predictor), or a float
    ("number documented float, handed a tensor", "y = x * 2\nq = conformal_value(y[:, 0], torch.tensor(0.5))\nreturn y * q", {}),
    ("number documented float, handed a float", "y = x * 2\nq = conformal_value(y[:, 0], 0.5)\nreturn y * q", {}),
    ("requires_grad_(False) on an intermediate", "y = x * 2\ny.requires_grad_(False)\nreturn y * 3", {}),
    ("setattr requires_grad False", "y = x * 2\ny.requires_grad = False\nreturn y * 2", {}),
    ("torch.autograd.grad under set_grad_enabled(True)", "y = x * 2\nwith torch.set_grad_enabled(True):\n    l = (y * PARAM).sum()\n    g, = torch.autograd.grad(l, PARAM)\nreturn y + g", {}),
    ("torch.autograd.backward", "y = x * 2\nwith torch.enable_grad():\n    l = (y * PARAM).sum()\n    torch.autograd.backward(l)\nreturn y + 1", {}),
    ("loss.backward()", "y = x * 2\nwith torch.enable_grad():\n    l = (y * PARAM).sum()\n    l.backward()\nreturn y + 1", {}),
    # whose backward a gradient runs: one recorded before the call, or eagerly by an earlier gradient, runs
    # eagerly (lost); one recorded in a graph of the call is captured with it (AOT autograd)
    ("torch.autograd.grad of a loss recorded before the call", "return x", {"entry": "grad_of_outside_loss"}),
    ("torch.autograd.grad of a gradient (double backward)", "return x", {"entry": "grad_of_a_gradient", "grad": True}),
    ("torch.autograd.grad of a loss made in the call", "return x", {"entry": "grad_of_a_loss_made_here", "grad": True}),
    ("requires_grad_() and autograd.grad in a helper", "y = x * 2\nf, g = objective(y)\nreturn y * f + g", {}),
    ("for over a bool tensor attribute, if on the element", "y = x * 2\nreturn EMBEDDER(y) * 3", {}),
    ("for over a parameter's rows, if on the row's shape", "y = x * 2\nreturn ROWS(y) * 3", {}),
    ("not on tensor.all() in an if", "y = x * 2\nif not (y[:, 0] > -100).all():\n    raise ValueError('bad')\nreturn y * 3", {}),
    # issue 14, tenth round: what a call weighs (coverage), and a parameter's subclass in a compiled step
    ("helper called in range(4), after an item", "y = x * 2\nn = y.sum().item()\nfor i in range(4):\n    y = relu_helper(y)\nreturn y * n", {}),
    ("helper called once, after an item", "y = x * 2\nn = y.sum().item()\ny = relu_helper(y)\nreturn y * n", {}),
    ("optimizer step: isinstance(p, tensor subclass)", "return TAG_STEP.step(x)[0]", {}),
    ("function through a local alias, a if c else b", "y = x * 2\nf = helper_item if y.shape[0] > 2 else relu_helper\nreturn y * f(y)", {}),
    # issue 14, tenth round: held_out_9's kinds (tensor subclasses, jacobian, NumPy slices, in-place views)
    ("tensor subclass: as_subclass in traced code", "y = x * 2\nr = y.as_subclass(Rotation)\nreturn r * 3", {}),
    ("tensor subclass: Tensor.as_subclass(t, cls)", "y = x * 2\nr = torch.Tensor.as_subclass(y, Rotation)\nreturn r * 3", {}),
    ("tensor subclass: as_subclass back to Tensor", "y = ROTATION * 2\nt = torch.Tensor.as_subclass(y, torch.Tensor)\nreturn t + x", {}),
    ("tensor subclass: back to Tensor in its own method", "y = ROTATION.tensor()\nreturn y + x", {}),
    ("tensor subclass without __torch_function__: back to Tensor in its own method", "y = PLAIN.tensor()\nreturn y + x", {}),
    ("tensor subclass made in traced code, then back to Tensor", "y = x * 2\nr = y.as_subclass(Plain)\nt = torch.Tensor.as_subclass(r, torch.Tensor)\nreturn t * 3", {}),
    ("tensor subclass: _make_subclass back to Tensor in its own method", "y = ROTATION.as_tensor()\nreturn y + x", {}),
    ("tensor subclass: _make_subclass", "y = x * 2\nr = torch.Tensor._make_subclass(Rotation, y)\nreturn r * 3", {}),
    ("tensor subclass: ops on an instance passed in", "y = ROTATION * x\nreturn y.sum(0) + 1", {}),
    ("tensor subclass: hasattr(func) in __torch_function__", "y = TAGGED * x\nreturn y + 1", {}),
    ("tensor subclass: its method that breaks, called on an as_subclass made in traced code (torch-hd's cosine_similarity)", "y = x * 2\nreturn similarity_of(y, x) * 2", {}),
    ("tensor subclass: its method that breaks, called on an instance passed in", "y = x * 2\nreturn similarity_given(HYPER, y) * 2", {}),
    ("tensor subclass: its method that breaks, called in the compiled function itself", "y = (x * 2).as_subclass(Hyper)\nreturn y.similarity(x) * 2", {}),
    ("tensor subclass: a number minus its instance (torch-hd's 1.0 - logit.gather(...))", "y = x * 2\nz = 1.0 - HYPER\nreturn y + z", {}),
    ("tensor subclass: a number divided by its instance", "y = x * 2\nz = 1.0 / HYPER\nreturn y + z", {}),
    ("tensor subclass: a number plus its instance; its instance minus a number", "y = x * 2\nz = (1.0 + HYPER) + (HYPER - 1.0)\nreturn y + z", {}),
    ("tensor subclass without __torch_function__: as_subclass", "y = x * 2\nr = y.as_subclass(Plain)\nreturn r * 3", {}),
    ("jacobian with **kwargs", "y = x * 2\nj = torch.autograd.functional.jacobian(lambda t: t * 3, y[0], **JACARGS)\nreturn y + j.sum()", {}),
    ("jacobian, default arguments", "y = x * 2\nj = torch.autograd.functional.jacobian(lambda t: t * 3, y[0])\nreturn y + j.sum()", {}),
    ("np.array of a dict's pair slices a tensor", "a = np.array(SLICES['f'])\nreturn x[:, a[0]:a[1]] * 2", {}),
    ("np.array of a pair slices a tensor in a loop", "out = []\nfor k in SLICES:\n    a = np.array(SLICES[k])\n    out.append(x[:, a[0]:a[1]])\nreturn torch.cat(out, 1) * 2", {}),
    ("np.array indexes a tensor", "a = np.array([0, 2])\nreturn x[:, a] * 2", {}),
    ("tuple of a dict's pair slices a tensor", "a = SLICES['f']\nreturn x[:, a[0]:a[1]] * 2", {}),
    ("transpose_ on the input", "y = x * 2\nx.transpose_(0, 1)\nz = x.sum()\nx.transpose_(0, 1)\nreturn y * z", {}),
    ("transpose_ on an intermediate", "y = x * 2\ny = y.transpose_(0, 1).contiguous()\nreturn y * 3", {}),
    ("transpose_ on a parameter's grad", "y = x * 2\ng = PARAM.grad.view(2, 4)\ng = g.transpose_(0, 1).contiguous()\nPARAM.grad = g.transpose(0, 1).reshape(8)\nreturn y * 3", {}),
    ("transpose_ on a parameter's grad, in a loop", "y = x * 2\nfor p in [MATRIX]:\n    g = p.grad\n    for d in range(2):\n        g = g.transpose_(0, d).contiguous()\n        y = y + g.sum()\nreturn y * 3", {}),
    ("t_ on the input", "y = x * 2\nx.t_()\nz = x.sum()\nx.t_()\nreturn y * z", {}),
    ("unsqueeze_ on the input", "y = x * 2\nx.unsqueeze_(0)\nz = x.sum()\nx.squeeze_(0)\nreturn y * z", {}),
    ("mul_ on the input", "y = x * 2\nx.mul_(1.0)\nreturn y * 3", {}),
    ("np.array of a pair in a helper, slice on the next line", "return lookup(x, SLICES, 'f') * 2", {}),
    ("if flag == True on a bool parameter", "return refresh(x) * 2", {}),
    ("x[self.mask], the mask made in the method", "y = x * 2\nreturn WINDOW_SUM(y) + 1", {}),
    ("requires_grad=True only where a tensor does not require grad", "y = x * 2\nts = grad_targets([PARAM])\nreturn y * ts[0]", {}),
    # issue 14, tenth round: what held_out_9's static side did not reach
    ("break in a torch.jit.script helper", "y = x * 2\nz = scripted_branches(y)\nreturn z + 1", {}),
    # issue 14, fourteenth round: a TorchScript function handed to torch.compile itself (kuat's
    # rotations): config "entry" names the module-level callable compiled instead of the case
    ("torch.jit.script function as the compiled entry", "return x", {"entry": "scripted_helper"}),
    ("torch.jit.script function as the compiled entry, a break in it", "return x", {"entry": "scripted_branches"}),
    ("torch.jit.script function as the compiled entry, a break in it, a plain helper it calls", "return x",
     {"entry": "scripted_calling"}),
    ("self.zero_grad() in an optimizer subclass's method", "return ZEROING.zeroing(x)", {}),
    ("an optimizer step's closure() under enable_grad", "y = x * 2\nwith torch.enable_grad():\n    loss = closure()\nreturn y + loss.detach()", {}),
    # issue 14, twenty-second round: what held_out_21's static side did not find (ncg-optimizer)
    ("an optimizer step's zeroing closure() under enable_grad", "y = x * 2\nwith torch.enable_grad():\n    loss = zeroing_closure()\nreturn y + loss.detach()", {}),
    ("an optimizer step's zeroing closure() called plainly, enable_grad inside", "y = x * 2\nloss = grad_closure()\nreturn y + loss.detach()", {}),
    ("a zeroing closure handed to a line search calling it in a loop", "y = x * 2\nt = armijo(grad_closure, y, 3)\nreturn y + t", {}),
    ("a zeroing closure handed to a line search calling it outside a loop", "y = x * 2\nt = wolfe(grad_closure, y)\nreturn y + t", {}),
    # issue 14, eleventh round: what held_out_10's static side did not reach
    ("pydantic model built in traced code, its validators test tensor values", "y = x * 2\ni = Checked(t=y.abs())\nreturn i.t * 3", {}),
    ("pydantic model without validators built in traced code", "y = x * 2\ni = Unchecked(t=y)\nreturn i.t * 3", {}),
    # issue 14, eleventh round: what held_out_10's rules missed
    ("annotated module logger: logger.info", "y = x * 2\nalog.info(f'n {len(NUMS)}')\nreturn y * 2", {}),
    ("logging.warning (the module's function)", "y = x * 2\nlogging.warning('careful')\nreturn y * 2", {}),
    ("logging.info (the module's function)", "y = x * 2\nlogging.info('step')\nreturn y * 2", {}),
    ("module.register_forward_pre_hook in traced code", "y = x * 2\nh = HOOKED.register_forward_pre_hook(pre_hook)\nz = HOOKED(y)\nh.remove()\nreturn z + 1", {}),
    ("module.register_forward_hook in traced code", "y = x * 2\nh = HOOKED.register_forward_hook(lambda m, i, o: None)\nz = HOOKED(y)\nh.remove()\nreturn z + 1", {}),
    ("hooks registered in a comprehension over modules", "y = x * 2\nhs = [m.register_forward_pre_hook(pre_hook) for m in [HOOKED]]\nz = HOOKED(y)\nfor h in hs:\n    h.remove()\nreturn z + 1", {}),
    ("module's float attribute set (bn.momentum = 1.0)", "y = x * 2\nm = BN.momentum\nBN.momentum = 1.0\nz = BN(y)\nBN.momentum = m\nreturn z + 1", {}),
    ("setattr(module, 'momentum', float)", "y = x * 2\nm = BN.momentum\nsetattr(BN, 'momentum', 1.0)\nz = BN(y)\nsetattr(BN, 'momentum', m)\nreturn z + 1", {}),
    ("setattr(module, name, tensor) of a removed parameter", "y = x * 2\nw = F.dropout(DROPPED.weight_raw, p=0.5, training=True)\nsetattr(DROPPED, 'weight', w)\nreturn DROPPED(y) + 1", {}),
    ("setattr(module, name, tensor), name from a list", "y = x * 2\nfor n in ['weight']:\n    w = F.dropout(getattr(DROPPED, n + '_raw'), p=0.5, training=True)\n    setattr(DROPPED, n, w)\nreturn DROPPED(y) + 1", {}),
    ("nn.Transformer.forward(tgt_mask=) called by name", "y = x.unsqueeze(1)\nz = TRANSFORMER.forward(src=y, tgt=y, tgt_mask=CAUSAL)\nreturn z * 2", {}),
    ("x[F.pad(mask)]", "y = x * 2\nm = F.pad(y[:, 1:] > 0, [0, 1], value=1.0)\nreturn y[m] + 1", {}),
    # issue 14, round 20: held_out_20's misses (mpc's LQRStepFn, torch-adopt's ADOPT.step)
    ("class statement in traced code", "y = x * 2\nclass Local:\n    scale = 3\nreturn y * Local.scale", {}),
    ("autograd.Function class statement in traced code", "y = x * 2\nclass Fn(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, t):\n        return t * 3\nreturn Fn.apply(y) + 1", {}),
    ("Optimizer._cuda_graph_capture_health_check() in traced code", "y = x * 2\nHEALTH_OPT._cuda_graph_capture_health_check()\nreturn y * 3", {}),
    ("default_collate in traced code", "y = x * 2\nb = torch.utils.data.default_collate([y[0], y[1]])\nreturn b * 2", {}),
    ("nn.Transformer.forward(tgt_mask=, tgt_is_causal=True) called by name", "y = x.unsqueeze(1)\nz = TRANSFORMER.forward(src=y, tgt=y, tgt_mask=CAUSAL, tgt_is_causal=True)\nreturn z * 2", {}),
    ("nn.LSTM.forward called by name", "y = x * 2\nz, _ = LSTM.forward(y)\nreturn z * 3", {}),
    ("tensor indexed by an element of another tensor", "y = x * 2\norder = torch.argsort(x[:, 1])\nreturn y[order[1]] * 3", {}),
    ("tensor indexed by a slice of another tensor", "y = x * 2\norder = torch.argsort(x[:, 1])\nreturn y[order[1:3]] * 3", {}),
    ("tensor indexed by a row of a 2-d index tensor", "y = x * 2\norder = torch.argsort(x, dim=1)\nreturn y[:, order[1]] * 3", {}),
    ("torch.utils.data.TensorDataset built in traced code", "y = x * 2\nd = torch.utils.data.TensorDataset(y)\nreturn y * 3 + len(d)", {}),
    # issue 14, eleventh round: graphs of a statement that breaks more than once (held_out_10's giou_loss)
    ("one x[mask] read in a statement", "y = x * 2\nm = y > 0\nz = y[m] * 2\nreturn z.sum() + 1", {}),
    ("two x[mask] reads in one statement", "y = x * 2\nm = y > 0\nz = (y[m] - x[m]) * 2\nreturn z.sum() + 1", {}),
    ("four x[mask] reads in one statement", "y = x * 2\nm = y > 0\nw = torch.zeros_like(y)\nw[m] = (y[m] - x[m]) * (x[m] - y[m])\nreturn w.sum() + 1", {}),
    ("two x[mask] reads in one tuple", "y = (x * 2).flatten()\nr = (x + 1).flatten()\nm = y != r\ny, r = y[m], r[m]\nreturn (y - r).sum() + 1", {}),
    ("two .item() of ops in one statement", "y = x * 2\nn = y.sum().item() + x.max().item()\nreturn y * n", {}),
    ("two nonzero() in one statement", "y = x * 2\na = torch.cat([y.nonzero(), x.nonzero()])\nreturn a.sum() + 1", {}),
    ("x[:, m], y[:, m] in one statement", "y = x * 2\nm = y[0] > 0\na, b = y[:, m], x[:, m]\nreturn (a - b).sum() + 1", {}),
    ("x[:, m] = x[:, m].div(w[m])", "y = x * 2\nm = y[0] > 0\nw = x[0] + 1\ny[:, m] = y[:, m].div(w[m])\nreturn y.sum() + 1", {}),
    # issue 14, round 28: a test of two tensor operands (held_out_27's torch-contour range check)
    ("two tensor tests joined by or", "y = x * 2\nif y.min() < -100 or y.max() > 100:\n    y = y * 0\nreturn y + 1", {}),
    ("two tensor tests joined by and", "y = x * 2\nif y.min() > -100 and y.max() < 100:\n    y = y + 2\nreturn y + 1", {}),
    # issue 14, twelfth round: what held_out_11's rules missed
    ("grad_fn of an op's result read", "y = LINEAR(x)\ng = y.grad_fn\nreturn y * 2 if g is not None else y", {}),
    ("grad_fn of the input read (no grad)", "y = x * 2\ng = x.grad_fn\nreturn y * 2 if g is None else y", {}),
    ("grad_fn of an op's result as a dict key", "y = LINEAR(x)\nd = {y.grad_fn: 1}\nreturn y * len(d)", {}),
    ("grad_fn read under no_grad", "with torch.no_grad():\n    y = LINEAR(x)\n    g = y.grad_fn\nreturn y * 2 if g is None else y", {}),
    ("grad_fn of an op's result read, with grad", "with torch.enable_grad():\n    y = LINEAR(x)\n    g = y.grad_fn\nreturn y * 2 if g is not None else y * 3", {}),
    ("grad_fn.next_functions of an op's result, with grad", "with torch.enable_grad():\n    y = LINEAR(x) * 2\n    g = y.grad_fn\n    n = len(g.next_functions) if g is not None else 0\nreturn y * (n + 1)", {}),
    ("grad_fn of a global tensor with a grad_fn", "y = x * 2\ng = GRAD_OUT.grad_fn\nreturn y * 2 if g is not None else y * 3", {}),
    ("grad_fn read in a helper, of a global tensor with a grad_fn", "y = x * 2\ng = grad_fn_of(GRAD_OUT)\nreturn y * 2 if g is not None else y * 3", {}),
    ("grad_fn read in a helper, of an op's result, with grad", "with torch.enable_grad():\n    y = LINEAR(x)\n    g = grad_fn_of(y)\nreturn y * 2 if g is not None else y * 3", {}),
    ("nn.Module built in a frame Dynamo skips", "y = x * 2\nreturn build_in_skipped_frame(y) + 1", {}),
    ("cls.attr set in __new__, in a frame Dynamo skips", "y = x * 2\nreturn item_in_skipped_frame(y) + 1", {}),
    ("for over np.ndenumerate", "y = x * 2\nfor m, v in np.ndenumerate(np.zeros((2, 2))):\n    y = y + v\nreturn y", {}),
    # ptwt's _as_wavelet: pywt.Wavelet(name), a class of PyWavelets' Cython extension (pywt on PYTHONPATH)
    ("pywt.Wavelet built in traced code", "y = x * 2\nw = pywt.Wavelet('haar')\nreturn y * 3", {}),
    ("pywt.ContinuousWavelet built in traced code", "y = x * 2\nw = pywt.ContinuousWavelet('mexh')\nreturn y * 3", {}),
    ("pywt.DiscreteContinuousWavelet built in traced code", "y = x * 2\nw = pywt.DiscreteContinuousWavelet('db2')\nreturn y * 3", {}),
    ("pywt.wavelist called in traced code", "y = x * 2\nn = pywt.wavelist(kind='discrete')\nreturn y * len(n)", {}),
    ("pywt.families called in traced code", "y = x * 2\nn = pywt.families()\nreturn y * len(n)", {}),
    ("pywt.dwt_max_level called in traced code", "y = x * 2\nn = pywt.dwt_max_level(64, 4)\nreturn y * n", {}),
    ("pywt.threshold of a tensor", "y = x * 2\nreturn pywt.threshold(y, 0.5) + 1", {}),
    ("a pywt.Wavelet built outside, its attribute read", "y = x * 2\nreturn y * WAVELET.dec_len", {}),
    ("x[~f(x)], f annotated -> BoolTensor", "y = x * 2\nm = ~out_of_bounds(y, -1.0, 1.0)\nreturn y[m] + 1", {}),
    ("scipy.signal.get_window", "y = x * 2\nw = scipy.signal.get_window('hann', 8)\nreturn y * torch.from_numpy(w).float()", {}),
    ("scipy.special.comb of Python ints", "y = x * 2\nc = scipy.special.comb(5, 2, exact=True)\nreturn y * c", {}),
    ("scipy.stats.norm.ppf of a Python float", "y = x * 2\nc = scipy.stats.norm.ppf(0.9)\nreturn y * float(c)", {}),
    ("nn.Module built with super(Cls, self).__init__()", "y = x * 2\nw = OldStyleWrapper(2.0)\nreturn y * w.scale", {}),
    ("nn.Module built in traced code, holding a grad_fn", "y = LINEAR(x)\nw = GradFnWrapper(y.grad_fn)\nreturn y * 2", {}),
    ("class attribute set in traced code (Cls.attr = v)", "y = x * 2\nCounter.count = 3\nreturn y * Counter.count", {}),
    ("cls.attr set in a classmethod", "y = x * 2\nn = Counter.bump(3)\nreturn y * n", {}),
    ("cls.attr set in a namedtuple subclass's __new__", "y = x * 2\ni = Item(1, 2)\nreturn y * i.b", {}),
    ("cls.attr set in a plain class's __new__", "y = x * 2\ni = Plainnew(2)\nreturn y * i.a", {}),
    ("try/except around a call that raises TypeError", "y = x * 2\ntry:\n    z = LINEAR(*y)\nexcept:\n    z = LINEAR(y)\nreturn z + 1", {}),
    ("raise caught in traced code", "y = x * 2\ntry:\n    raise ValueError('x')\nexcept ValueError:\n    y = y + 1\nreturn y", {}),
    ("for over np.ndindex(shape)", "y = x * 2\nfor m in np.ndindex((2, 2)):\n    y = y + x[m[0], m[1]]\nreturn y", {}),
    ("for over np.ndindex of a tensor's shape", "y = x * 2\nfor m in np.ndindex(x.shape[:1]):\n    y[m] = y[m] * 2\nreturn y", {}),
    ("store through a 0-d element of a cartesian_prod row", "y = x * 2\nw = torch.zeros(4, 2, 2)\nfor index in torch.cartesian_prod(torch.arange(2), torch.arange(2)):\n    w[:, index[0], index[1]] = y[:, index[0]]\nreturn w * 2", {}),
    ("read through a 0-d element of a cartesian_prod row", "y = x * 2\nfor index in torch.cartesian_prod(torch.arange(2), torch.arange(2)):\n    y = y + x[:, index[0]].sum()\nreturn y", {}),
    ("for over torch.arange, the element as an index", "y = x * 2\nfor i in torch.arange(2):\n    y = y + x[i]\nreturn y", {}),
    ("an element of torch.arange as an index", "y = x * 2\nidx = torch.arange(3)\nreturn y[idx[-1]] * 2", {}),
    ("int() of the rows of two tensors zipped", "y = x * 2\nsizes = []\nfor a, b in zip(x[0], x[1]):\n    sizes.append(int(a > b))\nreturn y * len(sizes)", {}),
    ("int() of an element of torch.arange of Python ints", "y = x * 2\nf = torch.arange(0, 3)\nn = int(f[-1]) + 1\nreturn y * n", {}),
    ("scipy.fft.next_fast_len of a Python int", "y = x * 2\nn = scipy.fft.next_fast_len(x.shape[1] + 3)\nreturn torch.fft.rfft(y, n=n).abs()", {}),
    ("scipy.fftpack.next_fast_len of a Python int", "y = x * 2\nn = scipy.fftpack.next_fast_len(x.shape[1] + 3)\nreturn torch.fft.rfft(y, n=n).abs()", {}),
    ("scipy.special.gammaln of a Python float", "y = x * 2\nc = scipy.special.gammaln(3.0)\nreturn y * float(c)", {}),
    ("TensorDataset and DataLoader built in a loop, then iterated", "y = x * 2\nfor i in range(2):\n    d = torch.utils.data.TensorDataset(y)\n    l = torch.utils.data.DataLoader(d, batch_size=2)\n    n = []\n    it = iter(l)\n    for (b,) in it:\n        n.append(b * 2)\n    y = torch.cat(n, 0)\nreturn y", {}),
    ("DataLoader built in traced code", "y = x * 2\nl = torch.utils.data.DataLoader(DATASET, batch_size=2)\nn = []\nreturn y * 3", {}),
    ("TensorDataset built in a loop", "y = x * 2\nfor i in range(2):\n    d = torch.utils.data.TensorDataset(y)\n    n = []\n    y = y * len(d)\nreturn y", {}),
    ("scipy.special.expit of a tensor's values", "y = x * 2\nz = scipy.special.expit(y.detach().numpy())\nreturn y + torch.from_numpy(z)", {}),
    # issue 14, fourteenth round: what held_out_14 showed (pomegranate's fits wrap values as parameters)
    ("torch.nn.Parameter built in traced code", "y = x * 2\nw = torch.nn.Parameter(y, requires_grad=False)\nreturn w * 2", {}),
    ("nn.Parameter built in a helper, then used", "y = x * 2\nw = as_parameter(y)\nreturn y + w", {}),
    # issue 14, thirteenth round: what held_out_12's rules missed (torchkbnufft, kmeans-pytorch, electra, torch-ac, diffwave)
    ("torch.get_num_threads()", "y = x * 2\nn = torch.get_num_threads()\nreturn y * n", {}),
    # torch-sla's sparse matmul: the output dtype by type promotion (sparse_tensor/matmul.py)
    ("torch.result_type of two tensors", "y = x * 2\nz = y.double()\nd = torch.result_type(y, z)\n"
     "return torch.zeros_like(z, dtype=d) + z", {}),
    ("torch.result_type of a tensor and a number", "y = x * 2\nd = torch.result_type(y, 2.0)\n"
     "return torch.zeros_like(y, dtype=d) + y", {}),
    ("torch.promote_types of two dtypes", "y = x * 2\nd = torch.promote_types(y.dtype, torch.float64)\n"
     "return torch.zeros_like(y, dtype=d) + y", {}),
    ("torch.can_cast of two dtypes", "y = x * 2\nok = torch.can_cast(y.dtype, torch.int64)\n"
     "return y * 2 if ok else y", {}),
    ("int(torch.get_num_threads())", "y = x * 2\nn = int(torch.get_num_threads())\nreturn y * n", {}),
    ("torch.get_num_interop_threads()", "y = x * 2\nn = torch.get_num_interop_threads()\nreturn y * n", {}),
    ("torch.initial_seed()", "y = x * 2\nn = torch.initial_seed()\nreturn y * (n % 3)", {}),
    ("torch.get_default_dtype()", "y = x * 2\nd = torch.get_default_dtype()\nreturn y.to(d)", {}),
    ("torch.is_grad_enabled()", "y = x * 2\nreturn y * 2 if torch.is_grad_enabled() else y", {}),
    ("torch.get_float32_matmul_precision()", "y = x * 2\np = torch.get_float32_matmul_precision()\nreturn y * len(p)", {}),
    ("torch.are_deterministic_algorithms_enabled()", "y = x * 2\nreturn y * 2 if torch.are_deterministic_algorithms_enabled() else y", {}),
    ("np.random.choice with a size, replace=False", "y = x * 2\ni = np.random.choice(4, 2, replace=False)\nreturn y[i]", {}),
    ("np.random.choice with a size", "y = x * 2\ni = np.random.choice(4, 2)\nreturn y[i]", {}),
    ("np.random.choice of a list with a size, replace=False", "y = x * 2\ni = np.random.choice([0, 1, 2], 2, replace=False)\nreturn y[i]", {}),
    ("tqdm(desc=...) built in traced code", "y = x * 2\nt = tqdm(desc='run')\nreturn y * 3", {}),
    ("tqdm(desc=...) built, then update()", "y = x * 2\nt = tqdm(desc='run')\nfor i in range(2):\n    y = y + 1\n    t.update(1)\nreturn y * 3", {}),
    ("x[m], m a helper's result, ~m a masked_fill mask", "y = x * 2\nm = bool_of(x)\nz = y.masked_fill(~m, 0.0)\nreturn z[m] * 2", {}),
    ("ndarray of np.arange indexed by a comparison", "y = x * 2\na = np.arange(0, 8, 2)\na = a[(a + 2) % 4 != 0]\nreturn y * len(a)", {}),
    ("ndarray of np.random.permutation indexed by a comparison", "y = x * 2\na = np.random.permutation(np.arange(0, 8, 2))\na = a[(a + 2) % 4 != 0]\nreturn y * len(a)", {}),
    ("if on elements of np.cumprod of a list", "y = x * 2\nc = np.cumprod(1 - np.array([0.1, 0.2, 0.3]))\nn = 0\nfor i in range(2):\n    if c[i + 1] <= c[i]:\n        n += 1\nreturn y * n", {}),
    ("if on np.isposinf of a Python float", "y = x * 2\nreturn y * 2 if np.isposinf(TABLE['a']) else y", {}),
    # pytorch-mvgc's validate_parameters (_validation.py:31): a check that raises, its NumPy test a later operand of `or`
    ("if `or` guarding a raise, np.isfinite of a Python float a later operand",
     "y = x * 2\na = TABLE['a']\nif isinstance(a, bool) or not np.isfinite(a) or a < 0:\n    raise ValueError('bad')\n"
     "return y * a", {}),
    ("if `and` guarding a raise, np.isfinite of a Python float after a false isinstance",
     "y = x * 2\na = TABLE['a']\nif isinstance(a, bool) and not np.isfinite(a):\n    raise ValueError('bad')\n"
     "return y * a", {}),
    ("if `or` not guarding a raise, np.isfinite of a Python float a later operand",
     "y = x * 2\na = TABLE['a']\nif isinstance(a, bool) or not np.isfinite(a):\n    y = y + 1\nreturn y * a", {}),
    ("if on np.isinf of a size", "y = x * 2\nreturn y * 2 if np.isinf(x.shape[0]) else y", {}),
    ("if on np.prod of a shape compared", "y = x * 2\nreturn y * 2 if np.prod(x.shape) > 4 else y", {}),
    ("if on math.isinf of a Python float", "y = x * 2\nreturn y * 2 if math.isinf(TABLE['a']) else y", {}),
    ("if on np.array of a list's element", "y = x * 2\nc = np.array([0.1, 0.2, 0.3])\nreturn y * 2 if c[1] > 0.15 else y", {}),
    # a break in a loop: Dynamo scans the bytecode after it up to the first return; a jump back
    # first (the loop's end, a continue) skips the frame, a return first resumes (torchattacks' CW)
    ("loop of an optimizer step, a return after the breaks", "w = PARAM\nfor i in range(3):\n    y = (w * x).sum()\n"
     "    OPT.zero_grad()\n    y.backward()\n    OPT.step()\n    if y.item() > 1e9:\n        return x\n    p = y.item()\n"
     "return x + 1", {"grad": True}),
    ("loop of an optimizer step, no return", "w = PARAM\nfor i in range(3):\n    y = (w * x).sum()\n    OPT.zero_grad()\n"
     "return x + 1", {"grad": True}),
    ("break in a loop, a return in the else of the loop's last branch", "for i in range(3):\n    y = x * i\n"
     "    if y.sum().item() > 100:\n        x = x + 1\n    else:\n        return x\nreturn x", {}),
    ("break in a loop, a return in the else of a branch, a statement after", "for i in range(3):\n    y = x * i\n"
     "    if y.sum().item() > 100:\n        x = x + 1\n    else:\n        return x\n    x = x * 2\nreturn x", {}),
    ("break in a loop, a continue, then a return", "for i in range(3):\n    n = x.sum().item()\n    if n > 1e9:\n"
     "        continue\n    if n > 1e8:\n        return x\nreturn x", {}),
    # each iteration resumes the break in a graph compiled anew, up to the recompile limit (8)
    ("break resumed in a loop, 3 steps", "for i in range(3):\n    x = x * 2\n    n = x.sum().item()\n"
     "    if n > 1e30:\n        return x\nreturn x", {}),
    ("break resumed in a loop, 6 steps", "for i in range(6):\n    x = x * 2\n    n = x.sum().item()\n"
     "    if n > 1e30:\n        return x\nreturn x", {}),
    ("break resumed in a loop, 12 steps", "for i in range(12):\n    x = x * 2\n    n = x.sum().item()\n"
     "    if n > 1e30:\n        return x\nreturn x", {}),
    ("break resumed in a loop, 24 steps", "for i in range(24):\n    x = x * 2\n    n = x.sum().item()\n"
     "    if n > 1e30:\n        return x\nreturn x", {}),
    ("break resumed in a loop, 24 steps, ops after the loop", "for i in range(24):\n    x = x * 2\n"
     "    n = x.sum().item()\n    if n > 1e30:\n        return x\nx = x.exp()\nx = x.cos()\nreturn x.sin()", {}),
    ("break resumed in a loop, 6 steps, no index, a float carried", "t = 0.\nfor _ in range(6):\n    x = x * 2\n"
     "    n = x.sum().item()\n    if abs(n - t) < -1:\n        return x\n    t = n\nreturn x", {}),
    ("two breaks resumed in a loop, 6 steps", "for i in range(6):\n    x = x * 2\n    n = x.sum().item()\n"
     "    x = x + 1\n    m = x.sum().item()\n    if n > 1e30:\n        return x\nreturn x", {}),
    ("break resumed in a loop, then one after the return that skips the resumed frame, 6 steps", "for i in range(6):\n"
     "    y = (x * 2).sum()\n    if y.item() > 1e9:\n        return x\n    p = y.item()\nreturn x + 1", {}),
    ("a local lambda called in a loop of a skipped frame", "f = lambda t: t.neg().exp()\ns = 0\nfor r in x:\n    print(r)\n    s = s + f(x)\nreturn s", {}),
    ("the same ops inline in a loop of a skipped frame", "s = 0\nfor r in x:\n    print(r)\n    s = s + x.neg().exp()\nreturn s", {}),
    ("print resumed in a loop, 6 steps", "for i in range(6):\n    x = x * 2\n    print(i)\n"
     "    if i > 100:\n        return x\nreturn x", {}),
    ("helper with break, called in a loop, a return after", "for i in range(3):\n    x = x * helper_item(x)\n"
     "    if i > 5:\n        return x\nreturn x", {}),
    ("break in a loop, a nested loop, then a return", "for i in range(3):\n    n = x.sum().item()\n"
     "    for j in range(2):\n        x = x + n\n    if n > 1e8:\n        return x\nreturn x", {}),
    ("break in a nested loop, the return in the outer", "for i in range(3):\n    for j in range(2):\n"
     "        n = x.sum().item()\n    if n > 1e8:\n        return x\nreturn x", {}),
    ("a flag forwarded by name, off by default", "y = x * 2\nreturn forwards_flag(y) + 1", {}),
    ("a flag forwarded by name, set by the caller", "y = x * 2\nreturn forwards_flag(y, 1) + 1", {}),
    ("list indexed by a 0-d tensor", "rows = [x[0], x[1], x[2]]\nn = (x[0, 0] > 0).long()\nreturn rows[n] * 2", {}),
    ("list sliced up to a 0-d tensor", "rows = [x[0], x[1], x[2]]\nn = (x[0, 0] > 0).long() + 1\n"
     "return torch.stack(rows[:n]).sum(0)", {}),
    ("list indexed by an element of a tensor of lengths", "rows = [x[0], x[1], x[2]]\nlens = torch.tensor([1, 2])\n"
     "i = lens[1] - 1\nreturn rows[i] * 2", {}),
    ("tuple indexed by a 0-d tensor", "rows = (x[0], x[1], x[2])\nn = (x[0, 0] > 0).long()\nreturn rows[n] * 2", {}),
    ("list indexed by a Python int", "rows = [x[0], x[1], x[2]]\nn = x.shape[0] - 3\nreturn rows[n] * 2", {}),
    ("torch.optim.Adam built in traced code", "y = x * 2\nopt = torch.optim.Adam([PARAM], lr=0.1)\nreturn y + 1", {}),
    ("torch.optim.SGD built in traced code", "y = x * 2\nopt = torch.optim.SGD([PARAM], lr=0.1)\nreturn y + 1", {}),
    ("lr_scheduler built in traced code", "y = x * 2\ns = torch.optim.lr_scheduler.StepLR(OPT, 2)\nreturn y + 1", {}),
    # issue 14, fifteenth round: held_out_14's misses (spent)
    ("a check under `lo is not None`, a caller passing lo=0", "def check(p, lo=None):\n    if lo is not None:\n"
     "        if (p < lo).sum() > 0:\n            raise ValueError('low')\n    return p\n"
     "y = check(x * 2, lo=-100)\nreturn y + 1", {}),
    ("reshape to np.prod of a tuple", "dims = (2, 4)\ny = x * 2\nreturn y.reshape(-1, np.prod(dims)) + 1", {}),
    ("reshape to np.prod of a shape", "y = x * 2\nreturn y.reshape(-1, np.prod(y.shape[1:])) + 1", {}),
    ("view to int(np.prod of a shape)", "y = x * 2\nreturn y.view(-1, int(np.prod(y.shape[1:]))) + 1", {}),
    ("reshape to math.prod of a shape", "y = x * 2\nreturn y.reshape(-1, math.prod(y.shape[1:])) + 1", {}),
    ("list[torch.Tensor]() called", "y = x * 2\nrows = list[torch.Tensor]()\nrows.append(y)\nreturn rows[0] + 1", {}),
    ("dict[str, torch.Tensor]() called", "y = x * 2\nrows = dict[str, torch.Tensor]()\nrows['a'] = y\n"
     "return rows['a'] + 1", {}),
    ("typing.List[torch.Tensor] in typing.cast", "y = x * 2\nrows = typing.cast(typing.List[torch.Tensor], [y])\n"
     "return rows[0] + 1", {}),
    ("list[torch.Tensor] in typing.cast", "y = x * 2\nrows = typing.cast(list[torch.Tensor], [y])\nreturn rows[0] + 1", {}),
    ("typing.cast to a class", "y = x * 2\nz = typing.cast(torch.Tensor, y)\nreturn z + 1", {}),
    ("nested def annotated tuple[torch.Tensor]", "y = x * 2\ndef f(a: tuple[torch.Tensor]) -> None:\n    return None\n"
     "f((y,))\nreturn y + 1", {}),
    ("nested def annotated torch.Tensor", "y = x * 2\ndef f(a: torch.Tensor) -> None:\n    return None\n"
     "f(y)\nreturn y + 1", {}),
    ("zeros_like leaf requires_grad_(True), then autograd.grad", "y = x * 2\nw = torch.zeros_like(y).requires_grad_(True)\n"
     "z = (y * w).sum()\ng, = torch.autograd.grad(z, w)\nreturn g + 1", {"grad": True}),
    ("zeros_like leaves requires_grad_(True) in a comprehension, then autograd.grad", "y = x * 2\n"
     "ws = [torch.zeros_like(v).requires_grad_(True) for v in (y, y)]\nz = (y * ws[0]).sum()\n"
     "g, = torch.autograd.grad(z, ws[0])\nreturn g + 1", {"grad": True}),
    ("zeros_like leaf requires_grad_(True), returned", "y = x * 2\nw = torch.zeros_like(y).requires_grad_(True)\n"
     "return y + w", {}),
    ("zeros_like leaf requires_grad_(True), returned, with grad", "y = x * 2\n"
     "w = torch.zeros_like(y).requires_grad_(True)\nreturn y + w", {"grad": True}),
    ("reshape to np.prod of a module's tuple attribute", "y = x * 2\nreturn y.reshape(-1, np.prod(SIZED.dims)) + 1", {}),
    ("reshape to np.prod of a list", "y = x * 2\nreturn y.reshape(-1, np.prod([2, 4])) + 1", {}),
    ("zeros_like leaf requires_grad_(True), used only", "y = x * 2\nw = torch.zeros_like(y).requires_grad_(True)\n"
     "return (y * w).detach() + 1", {}),
    ("torch.add with a 0-d tensor as alpha", "y = x * 2\nr = y.sum()\nreturn torch.add(y, x, alpha=r) + 1", {}),
    ("torch.add with a Python float as alpha", "y = x * 2\nreturn torch.add(y, x, alpha=0.5) + 1", {}),
    ("torch.addr with a 0-d tensor as alpha", "y = x[0] * 2\nr = y.sum()\nm = torch.zeros(8, 8)\n"
     "return torch.addr(m, y, y, alpha=-r) + 1", {}),
    ("Tensor.add with a 0-d tensor as alpha", "y = x * 2\nr = y.sum()\nreturn y.add(x, alpha=r) + 1", {}),
    ("torch.addcmul with a 0-d tensor as value", "y = x * 2\nr = y.sum()\nreturn torch.addcmul(y, x, x, value=r) + 1", {}),
    ("Tensor.add_ with a 0-d tensor as alpha", "y = x * 2\nr = y.sum()\nreturn y.add_(x, alpha=-r) + 1", {}),
    ("Tensor.addcmul_ with a 0-d tensor as value", "y = x * 2\nr = y.sum()\nreturn y.addcmul_(x, x, value=r) + 1", {}),
    ("Tensor.addcdiv_ with a 0-d tensor as value", "y = x * 2\nr = y.sum()\nreturn y.addcdiv_(x, x + 1, value=r) + 1",
     {}),
    ("Tensor.sub_ with a 0-d tensor as alpha", "y = x * 2\nr = y.sum()\nreturn y.sub_(x, alpha=r) + 1", {}),
    ("torch.add with a buffer as alpha", "y = x * 2\nreturn torch.add(y, x, alpha=BUFFERED.rtol) + 1", {}),
    ("a loss module built, a break, the module used after", "loss = nn.MSELoss()\ny = x * 2\nprint('b')\n"
     "return loss(y, x) + 1", {}),
    ("a loss module built, a break, the module not used after", "loss = nn.MSELoss()\ny = x * 2\nz = loss(y, x)\n"
     "print('b')\nreturn y + z", {}),
    ("a loss module built, requires_grad set, the module used after", "loss = nn.MSELoss()\ny = x.clone().detach()\n"
     "y.requires_grad = True\nreturn loss(y * 2, x) + 1", {}),
    ("store at the index torch.argmin gives", "y = x * 2\nt = torch.argmin(y.sum(1))\ne = torch.zeros(4)\n"
     "e[t] = 1.0\nreturn y + e[:, None]", {}),
    ("store at the index torch.argmin gives, in a loop", "y = x * 2\nfor _ in range(2):\n    t = torch.argmin(y.sum(1))\n"
     "    e = torch.zeros(4)\n    e[t] = 1.0\n    y = y + e[:, None]\nreturn y", {}),
    ("store at the index torch.argmin(dim) gives", "y = x * 2\nt = torch.argmin(y, dim=1)\ne = torch.zeros(4, 8)\n"
     "e[torch.arange(4), t] = 1.0\nreturn y + e", {}),
    # issue 14, sixteenth round: held_out_15's misses (spent)
    ("slice bounds from elements of a buffer read by getattr of a formatted name", "return FIELDED(x)", {}),
    ("slice bounds from elements of a registered buffer", "y = x * 2\nb = FIELDED.bounds\nreturn y[:, b[0]:b[1]] * 3", {}),
    ("slice bounds from elements of torch.tensor of a list", "y = x * 2\nb = torch.tensor([1, 3])\nreturn y[:, b[0]:b[1]] * 3", {}),
    ("slice bound a 0-d tensor", "y = x * 2\nb = torch.tensor(3)\nreturn y[:, :b] * 3", {}),
    ("int(size / -np.prod of a list with -1)", "y = x * 2\nshape = [2, -1]\nshape[1] = int(y.size(-1) / -np.prod(shape))\nreturn y.view(4, *shape) + 1", {}),
    ("int(np.prod of a tuple)", "y = x * 2\nn = int(np.prod((2, 4)))\nreturn y.view(-1, n) + 1", {}),
    ("int(np.prod of a shape)", "y = x * 2\nn = int(np.prod(y.shape[1:]))\nreturn y.view(-1, n) + 1", {}),
    ("int(np.prod of a size())", "y = x * 2\nn = int(np.prod(y.size()))\nreturn y.view(n) + 1", {}),
    ("float(np.prod of a tuple)", "y = x * 2\nn = float(np.prod((2, 4)))\nreturn y * n", {}),
    ("int(math.prod of a tuple)", "y = x * 2\nn = int(math.prod((2, 4)))\nreturn y.view(-1, n) + 1", {}),
    ("int(np.prod of a size()) in an autograd Function's backward, with gradients", "y = ProdBackward.apply(x)\nreturn y + 1", {"grad": True}),
    ("torch.cov", "y = x * 2\nc = torch.cov(y)\nreturn c + 1", {}),
    ("torch.cov of a transpose", "y = x * 2\nc = torch.cov(y.T)\nreturn c + 1", {}),
    ("torch.corrcoef", "y = x * 2\nc = torch.corrcoef(y)\nreturn c + 1", {}),
    ("Tensor.cov", "y = x * 2\nc = y.cov()\nreturn c + 1", {}),
    ("with a contextmanager reading the matmul precision", "y = x * 2\nwith matmul_precision('highest'):\n    y = y @ y.T\nreturn y + 1", {}),
    ("with a contextmanager that prints", "y = x * 2\nwith printing_context():\n    y = y + 1\nreturn y * 3", {}),
    ("with a contextmanager without a break", "y = x * 2\nwith plain_context():\n    y = y + 1\nreturn y * 3", {}),
    ("torch.ones sized by an element of torch.tensor of a list", "y = x * 2\nr = torch.tensor([2, 3])\nreturn torch.ones(1, r[0]) + y.sum()", {}),
    ("torch.ones sized by an element of a property returning torch.tensor", "y = x * 2\nreturn torch.ones(1, RANKED.ranks[0]) + y.sum()", {}),
    # issue 14, seventeenth round: held_out_16's misses (spent)
    ("torch.is_inference_mode_enabled()", "y = x * 2\nif torch.is_inference_mode_enabled():\n    y = y + 1\nreturn y * 3", {}),
    ("torch.is_inference(t)", "y = x * 2\nif torch.is_inference(y):\n    y = y.clone()\nreturn y * 3", {}),
    ("Tensor.is_inference()", "y = x * 2\nif y.is_inference():\n    y = y.clone()\nreturn y * 3", {}),
    ("torch.backends.mkl.is_available()", "y = x * 2\nif torch.backends.mkl.is_available():\n    y = y + 1\nreturn y * 3", {}),
    ("torch.backends.openmp.is_available()", "y = x * 2\nif torch.backends.openmp.is_available():\n    y = y + 1\nreturn y * 3", {}),
    ("np.prod of a list held in an attribute, times an int", "y = x * 2\np = HOPPED.hop * 2\nreturn y * p", {}),
    ("math.ceil of a length over np.prod of a list held in an attribute", "y = x * 2\np = HOPPED.hop * 2\n"
     "r = math.ceil(y.shape[-1] / p) * p - y.shape[-1]\nreturn y + r", {}),
    ("F.pad by np.prod of a list held in an attribute", "y = x * 2\nreturn F.pad(y, (0, HOPPED.hop)) + 1", {}),
    ("range of np.prod of a list held in an attribute", "y = x * 2\nfor _ in range(HOPPED.hop):\n    y = y + 1\nreturn y", {}),
    ("reshape by np.prod of a list held in an attribute", "y = x * 2\nreturn y.reshape(-1, HOPPED.hop) + 1", {}),
    ("int(np.prod of a list held in an attribute)", "y = x * 2\nn = int(HOPPED.hop)\nreturn y.reshape(-1, n) + 1", {}),
    ("math.ceil then F.pad by np.prod of a list held in an attribute (snac's preprocess)", "y = x * 2\npad_to = HOPPED.hop * 2\n"
     "r = math.ceil(y.shape[-1] / pad_to) * pad_to - y.shape[-1]\nreturn F.pad(y, (0, r)) + 1", {}),
    ("math.ceil of a length over np.prod of a list", "y = x * 2\npad_to = np.prod([2, 2]) * 2\n"
     "r = math.ceil(y.shape[-1] / pad_to)\nreturn y + r", {}),
    ("math.ceil of a length over np.prod of a list, as an int", "y = x * 2\npad_to = int(np.prod([2, 2]))\n"
     "r = math.ceil(y.shape[-1] / pad_to)\nreturn y + r", {}),
    ("math.floor of a length over np.prod of a list", "y = x * 2\nr = math.floor(y.shape[-1] / np.prod([2, 2]))\nreturn y + r", {}),
    ("math.ceil of a length over math.prod of a list", "y = x * 2\nr = math.ceil(y.shape[-1] / math.prod([2, 2]))\nreturn y + r", {}),
    ("math.ceil of a length over an attribute's np.prod read bare", "y = x * 2\n"
     "r = math.ceil(y.shape[-1] / HOPPED.hop)\nreturn y + r", {}),
    # a comprehension's frame (Python 3.11) is started only when its code names a global torch/NumPy
    # module or reads a tensor or module (torch's has_tensor_in_frame); which iterators it cannot step
    ("list of floats, torch in the body, frame skipped", "u = [torch.ones(1) * n for n in NUMS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("list of tensors, torch in the body, frame skipped", "u = [torch.relu(t) for t in TENSORS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("tuple, torch in the body, frame skipped", "u = [torch.ones(1) * n for n in tuple(NUMS)]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("tensor rows, torch in the body, frame skipped", "u = [torch.relu(r) for r in x]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("zip of tuples, torch in the body, frame skipped", "u = [torch.ones(1) * a * b for a, b in zip(tuple(NUMS), tuple(NUMS))]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("enumerate of a tensor, frame skipped", "u = [torch.relu(r) * i for i, r in enumerate(x)]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("dict items in a list comprehension, frame skipped", "u = [x[0] * v for k, v in TABLE.items()]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("parameters() in a list comprehension, frame skipped", "u = [torch.relu(p) for p in LAYER.parameters()]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("name bound to a list display, frame skipped", "ns = [1.0, 2.0]\nu = [x[0] * n for n in ns]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("function imported from torch in the body, frame skipped", "u = [torch_relu(t) for t in TENSORS]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("tensor as dim", "y = x * 2\nd = torch.tensor(1)\nreturn y.sum(dim=d) + 1", {}),
    # issue 14, eighteenth round: held_out_17's refuted lines (spent)
    ("an early return under `if not flag`, off by default", "y = x * 2\nreturn early_return_check(y) + 1", {}),
    ("an early return under `if not flag`, the caller setting it", "y = x * 2\nreturn early_return_check(y, True) + 1", {}),
    ("an int argument compared with a module constant", "y = x * 2\nreturn documented_rate(y, 8000) + 1", {}),
    ("an nn.LSTM handed to a function annotated nn.LSTM", "y = x * 2\nreturn lstm_given(y, LSTM_ARG) + 1", {}),
    ("an nn.LSTM handed to a function, unannotated", "y = x * 2\nreturn lstm_given_unannotated(y, LSTM_ARG) + 1", {}),
    ("LSTM: the submodule handed to a function", "y = x * 2\nreturn HANDING(y) + 1", {}),
    ("LSTM: an attribute read in a forward that does not call it", "y = x * 2\nreturn SIZE_ONLY(y) + 1", {}),
    ("a print in the else of a constructor flag on by default", "y = x * 2\nreturn SHARED(y) + 1", {}),
    ("a print in the else of a constructor flag, the flag set off", "y = x * 2\nreturn UNSHARED(y) + 1", {}),
    ("a print in the else of `if not flag`, the constructor flag off by default", "y = x * 2\nreturn UNFUSED(y) + 1", {}),
    ("a print in the else of `if not flag`, the flag set on", "y = x * 2\nreturn FUSED(y) + 1", {}),
    ("a print under `if self.flag == True`, the constructor flag off by default", "y = x * 2\nreturn PLAIN_LAYOUT(y) + 1", {}),
    ("Tensor.add_(number, tensor), the deprecated overload", "y = x * 2\nz = y.clone()\nz.mul_(0.9).add_(1 - 0.9, y)\nreturn z + 1", {}),
    # qhoptim's QHM.step: d_p = p.grad.data, then d_p.add_(weight_decay, p.data), the number a local
    ("Tensor.add_(local number, tensor) on a local bound to .data, the deprecated overload",
     "y = x * 2\nd_p = y.data\nweight_decay = 1e-4\nd_p.add_(weight_decay, y)\nreturn d_p + 1", {}),
    ("Tensor.add(number, tensor), the deprecated overload", "y = x * 2\nz = y.add(0.5, y)\nreturn z + 1", {}),
    ("Tensor.sub_(number, tensor), the deprecated overload", "y = x * 2\nz = y.clone()\nz.sub_(0.5, y)\nreturn z + 1", {}),
    ("Tensor.addcmul_(number, tensor, tensor), the deprecated overload", "y = x * 2\nz = y.clone()\nz.addcmul_(0.1, y, y)\nreturn z + 1", {}),
    ("Tensor.addcdiv_(number, tensor, tensor), the deprecated overload", "y = x * 2\nz = y.clone()\nz.addcdiv_(0.1, y, y + 3)\nreturn z + 1", {}),
    ("Tensor.add_(tensor, alpha=number)", "y = x * 2\nz = y.clone()\nz.add_(y, alpha=0.1)\nreturn z + 1", {}),
    ("an attribute set on a function object", "y = x * 2\nreturn fn_holder(y) + 1", {}),
    ("an attribute set on a function object, after two ops", "y = x * 2\ny = y + 1\nfn_holder.scale = 3.0\nreturn y * 2", {}),
    ("an attribute of a function object read", "y = x * 2\nreturn fn_reader(y) + 1", {}),
    # fft-conv-pytorch's complex product: c.real, c.imag = real, imag; kernel_fr.imag *= -1
    ("Tensor.real and .imag set", "y = x * 2\nc = torch.zeros(y.shape, dtype=torch.complex64)\n"
     "c.real, c.imag = y, y + 1\nreturn c * 2", {}),
    ("Tensor.imag scaled in place (imag *= -1)", "y = torch.fft.rfft(x * 2)\ny.imag *= -1\nreturn y.abs() + 1", {}),
    ("torch.Generator seeded in a statement of its own", "y = x * 2\nreturn seeded_draw(y) + 1", {}),
    ("torch.Generator seeded in a statement of its own, no seed (None)", "y = x * 2\nreturn seeded_draw(y, None) + 1", {}),
    ("function of the file called through a local lambda", "y = x * 2\nstep = lambda t, k=2: helper_item(t) * k\n"
     "return step(y) * 2", {}),
    ("optimizer: `assert p.is_cuda and ...` under `if capturable:`, capturable=False", "y = x * 2\nCAP_OPT.step()\n"
     "return y + 1", {}),
    ("optimizer: `assert p.is_cuda, msg` under `if capturable:`, capturable=False", "y = x * 2\nCAP_OPT_ONE.step()\n"
     "return y + 1", {}),
    ("assert after `or` on a None default", "y = x * 2\nreturn checked_temp(y) + 1", {}),
    ("conditional expression: `or` on a None default nested in `and`", "y = x * 2\nreturn kept_term(y) + 1", {}),
    ("conditional expression: `or` on a None default nested in `and`, a value passed",
     "y = x * 2\nreturn kept_term(y, ignore=2.0) + 1", {}),
    ("conditional expression: `or` on self.attr None by default nested in `and`", "y = x * 2\nreturn KEPT(y) + 1", {}),
    ("conditional expression: `or` on self.attr None by default nested in `and`, a value set",
     "y = x * 2\nreturn KEPT_IGNORING(y) + 1", {}),
    ("torch.linalg.lstsq(...)[0], the solution only", "y = x * 2\nh = y @ y.T + torch.eye(4)\n"
     "return torch.linalg.lstsq(h, y[:, :1])[0] * 2", {}),
    ("torch.autograd.functional.jacobian(vectorize=True) in a try", "y = x * 2\ntry:\n"
     "    j = torch.autograd.functional.jacobian(relu_helper, y[0], vectorize=True)\nexcept RuntimeError:\n"
     "    j = y\nreturn j * 2", {}),
    ("Tensor.data set", "y = x * 2\nt = y.clone()\nt.data = y + 1\nreturn t * 2", {}),
    ("Tensor.grad set", "y = x * 2\nt = y.clone()\nt.grad = y + 1\nreturn t * 2", {}),
    # issue 14, round 23 (held_out_22's misses)
    ("torch.arange of a 0-d tensor (speculative-decoding's seq_lens.amax())",
     "y = x * 2\nn = (x[:, 0] > 0).sum(dim=0).clamp(min=1)\nm = n.amax()\nr = torch.arange(m)\nreturn y + r.sum()", {}),
    ("torch.arange of a 0-d tensor plus a number", "y = x * 2\nm = (x > 0).sum().clamp(min=1)\n"
     "r = torch.arange(m, dtype=torch.long) + 1\nreturn y + r.sum()", {}),
    ("torch.arange of a shape", "y = x * 2\nr = torch.arange(x.shape[0])\nreturn y + r.sum()", {}),
    ("enumerate over a tensor's elements as slice bounds (ranking-metrics-torch's dcg_at)",
     "y = x * 2\nks = torch.tensor([1, 2, 3])\nout = torch.zeros(4, 3)\nfor i, k in enumerate(ks):\n"
     "    out[:, i] = y[:, :k].sum(dim=1)\nreturn out * 2", {}),
    ("for over a tensor's elements as slice bounds", "y = x * 2\nks = torch.tensor([1, 2, 3])\ns = y[:, 0]\n"
     "for k in ks:\n    s = s + y[:, :k].sum(dim=1)\nreturn s * 2", {}),
    ("torch LR scheduler stepped in traced code (multi-quantization's trainer step)",
     "y = x * 2\nSTEPPED.step()\nreturn y + 1", {}),
    ("torch optimizer stepped then its LR scheduler stepped", "y = x * 2\nSTEP_OPT.step()\nSTEPPED.step()\nreturn y + 1", {}),
    # issue 14, round 24 (held_out_23's misses)
    ("np.random.beta without a size (mixup's mixing ratio)", "y = x * 2\nlam = np.random.beta(1.0, 1.0)\nreturn y * lam", {}),
    ("np.random.beta with a size", "y = x * 2\nlam = np.random.beta(1.0, 1.0, size=(4, 8))\nreturn y * torch.as_tensor(lam)", {}),
    ("np.random.gamma", "y = x * 2\nlam = np.random.gamma(2.0)\nreturn y * lam", {}),
    ("np.random.exponential", "y = x * 2\nlam = np.random.exponential()\nreturn y * lam", {}),
    ("np.random.binomial", "y = x * 2\nlam = np.random.binomial(1, 0.5)\nreturn y * lam", {}),
    ("np.random.poisson", "y = x * 2\nlam = np.random.poisson(3.0)\nreturn y * lam", {}),
    ("np.random.dirichlet", "y = x * 2\nlam = np.random.dirichlet([1.0, 1.0])\nreturn y * float(lam[0])", {}),
    ("np.random.lognormal", "y = x * 2\nlam = np.random.lognormal()\nreturn y * lam", {}),
    ("np.random.get_state", "y = x * 2\ns = np.random.get_state()\nreturn y * 2", {}),
    ("np.random.seed(0)", "y = x * 2\nnp.random.seed(0)\nreturn y * 2", {}),
    ("np.random.standard_normal", "y = x * 2\nlam = np.random.standard_normal()\nreturn y * lam", {}),
    ("np.random.random_integers", "y = x * 2\nlam = np.random.random_integers(3)\nreturn y * lam", {}),
    ("a project's optimizer: zero_grad, backward, step, .item() (langevin-sampling's LangevinDynamics.sample)",
     "LANGEVIN_OPT.zero_grad()\nloss = (LANGEVIN_X * x[0]).sum()\nloss.backward()\nLANGEVIN_OPT.step()\n"
     "return x * 2, loss.item()", {"grad": True}),
    ("a project's optimizer: zero_grad, backward of a loss of the parameter only, step, .item()",
     "LANGEVIN_OPT.zero_grad()\nloss = (LANGEVIN_X * 2).sum()\nloss.backward()\nLANGEVIN_OPT.step()\n"
     "return x * 2, loss.item()", {"grad": True}),
    ("backward of a loss of a global leaf only, then .item()",
     "loss = (LANGEVIN_X * 2).sum()\nloss.backward()\nreturn x * 2, loss.item()", {"grad": True}),
    ("a project's optimizer: backward, step, .item() (no zero_grad)",
     "loss = (LANGEVIN_X * x[0]).sum()\nloss.backward()\nLANGEVIN_OPT.step()\nreturn x * 2, loss.item()", {"grad": True}),
    ("a tensor indexed by an element of torch.randperm (mixup's SaliencyMix donor)",
     "y = x * 2\nperm = torch.randperm(4)\nz = y[perm[0]]\nreturn z * 2", {}),
    ("a tensor indexed by an element of torch.randperm in a loop", "y = x * 2\nperm = torch.randperm(4)\n"
     "rows = []\nfor i in range(4):\n    j = perm[i]\n    rows.append(y[j])\nreturn torch.stack(rows) * 2", {}),
    ("a tensor indexed by a row of torch.randperm (a slice)", "y = x * 2\nperm = torch.randperm(4)\n"
     "z = y[perm[0:2]]\nreturn z * 2", {}),
    ("a tensor indexed by torch.randperm", "y = x * 2\nperm = torch.randperm(4)\nz = y[perm]\nreturn z * 2", {}),
    ("a tensor indexed by an element of torch.arange", "y = x * 2\nr = torch.arange(4)\nz = y[r[1]]\nreturn z * 2", {}),
    ("a tensor indexed by an element of argmax", "y = x * 2\nk = torch.argmax(y[:, 0])\nz = y[k]\nreturn z * 2", {}),
    ("a tensor's column indexed by an element of torch.randperm", "y = x * 2\nperm = torch.randperm(8)\n"
     "z = y[:, perm[0]]\nreturn z * 2", {}),
    ("for over a tqdm bound to a name (pytorch-gmm's train)", "pbar = tqdm(range(2), desc='k=4')\ns = x * 2\n"
     "for i in pbar:\n    s = s + i\nreturn s", {}),
    ("for over a tqdm bound to a name, disable=True", "pbar = tqdm(range(2), disable=True)\ns = x * 2\n"
     "for i in pbar:\n    s = s + i\nreturn s", {}),
    ("requires_grad set on a module's parameters (sliced-wasserstein's set_training)",
     "for p in LINEAR.parameters():\n    p.requires_grad = True\nreturn LINEAR(x) * 2", {}),
    ("requires_grad set on named_parameters()", "for n, p in LINEAR.named_parameters():\n    p.requires_grad = True\n"
     "return LINEAR(x) * 2", {}),
    ("requires_grad_() on a module's parameters", "for p in LINEAR.parameters():\n    p.requires_grad_(True)\n"
     "return LINEAR(x) * 2", {}),
    # held_out_24's misses (issue 14, round 25)
    ("a tensor formatted with % (bicgstab's residual logged)", "y = x * 2\ns = '%8.2e' % y.sum()\nreturn y + 1", {}),
    ("a tensor formatted with %s", "y = x * 2\ns = 'r=%s' % y.sum()\nreturn y + 1", {}),
    ("a tensor comparison bound through `or` (bicgstab's stopping test)",
     "y = x * 2\nfinished = y.sum() <= 1.0 or y.shape[0] >= 3\nreturn y + 1", {}),
    ("resize_as_ on an intermediate", "beta = torch.empty_like(x)\ny = x * 2\nbeta.resize_as_(y).copy_(y)\nreturn beta + 1", {}),
    ("resize_as_ on an argument of a helper", "beta = torch.empty_like(x)\nreturn resize_helper(beta, x * 2) + 1", {}),
    ("requires_grad_(False) on a module's parameters", "y = x * 2\nfor p in FREEZE.parameters():\n"
     "    p.requires_grad_(False)\nz = FREEZE(y)\nfor p in FREEZE.parameters():\n    p.requires_grad_(True)\nreturn z", {}),
    ("requires_grad_(False) on a module's parameter, outside a loop", "y = x * 2\nFREEZE.weight.requires_grad_(False)\n"
     "z = FREEZE(y)\nFREEZE.weight.requires_grad_(True)\nreturn z + 1", {}),
    ("float(np.max of array arithmetic) (pyniftireg's extent)", "e = float(np.max((np.array(x.shape) - 1) * 0.5))\n"
     "return x * e", {}),
    ("int(np.argmin of a list of floats) (pyniftireg's best start)", "b = int(np.argmin(FLOATS))\nreturn x * b", {}),
    ("float(np.mean of a list)", "return x * float(np.mean(FLOATS))", {}),
    ("float(np.linalg.norm of a list)", "return x * float(np.linalg.norm(FLOATS))", {}),
    ("int(np.argmax of a list)", "return x * int(np.argmax(FLOATS))", {}),
    ("itertools.combinations_with_replacement", "c = itertools.combinations_with_replacement(range(3), 2)\nreturn x + 1", {}),
    ("itertools.chain.from_iterable of combinations_with_replacement (torch-tps' PolynomialFeatures)",
     "c = list(itertools.chain.from_iterable(itertools.combinations_with_replacement(range(3), i) for i in range(3)))\n"
     "return x * len(c)", {}),
    ("itertools.combinations, permutations, product, chain", "n = len(list(itertools.combinations(range(3), 2)))\n"
     "n += len(list(itertools.permutations(range(3), 2))) + len(list(itertools.product(range(2), range(2))))\n"
     "n += len(list(itertools.chain.from_iterable([i] for i in range(3))))\nreturn x * n", {}),
    ("np.ma.isMaskedArray (gsw-torch's argument check)", "y = x * 2\nm = np.ma.isMaskedArray(y)\nreturn y + 1", {}),
    ("np.ma.masked_invalid", "y = x * 2\nm = np.ma.masked_invalid(np.ones(3))\nreturn y + 1", {}),
    ("torch.Generator passed in, its device read (tomesd's random partition)",
     "r = torch.randint(4, size=(2,), device=GENERATOR.device, generator=GENERATOR)\nreturn x + r.sum()", {}),
    ("x[~torch.any(x < 0, dim=1)] (torchstain's transparent pixels)", "return x[~torch.any(x < 0, dim=1)] * 2", {}),
    ("a lock entered (torchlanc's weight cache)", "y = x * 2\nwith LOCK:\n    y = y + 1\nreturn y * 3", {}),
    ("zip in a list comprehension whose element breaks", "y = x * 2\n"
     "u = [breaking_weights(y, n) for n, s in zip(NUMS, NUMS, strict=True)]\nz = y + 1\nprint(z)\nreturn z * u[0]", {}),
    ("enumerate(zip) in a list comprehension whose element breaks (pyniftireg's _optimise_level)", "y = x * 2\n"
     "u = [breaking_weights(y, n) for i, (n, s) in enumerate(zip(NUMS, NUMS, strict=True))]\nz = y + 1\nprint(z)\n"
     "return z * u[0]", {}),
    ("list of floats, no tensor or torch in the body, frame skipped (pyniftireg's level spacing)",
     "u = [n / 2 for n in NUMS]\nfor r in x:\n    print(r)\nreturn x + u[0]", {}),
    ("a tensor's bound method called (the Krylov solvers' operator)", "f = x.matmul\ny = x * 2\nreturn f(y.T) + 1", {}),
    ("callable() of a tensor's bound method, then the method called (lsmr's Armat)",
     "f = x.matmul\nif not callable(f):\n    raise RuntimeError\ny = x * 2\nreturn f(y.T) + 1", {}),
    ("a tensor's bound method called after a break (linear_cg's matmul_closure)",
     "f = x.matmul\ny = x * 2\nn = y.sum().item()\nreturn f(y.T) * n", {}),
    # held_out_25's misses (issue 14, round 26)
    ("np.errstate entered (widestats' standardise)", "y = x * 2\nwith np.errstate(invalid='ignore', divide='ignore'):\n"
     "    z = np.ones(3) / np.ones(3)\nreturn y + 1", {}),
    ("a torch.nn module built in traced code", "y = x * 2\nm = nn.Linear(8, 8)\nreturn m(y) + 1", {}),
    ("a project's module built in traced code (detorch's policies)", "y = x * 2\nm = Small()\nreturn m(y) + 1", {}),
    ("a project's module class handed to a helper that builds it (detorch's make_policy)",
     "y = x * 2\nm = make_module(Small)\nreturn m(y) + 1", {}),
    ("Module.apply of a function counting layers in a global dict (lsuv's count_conv_fc_layers)",
     "y = x * 2\nLINEAR.apply(count_layer)\nreturn y + 1", {}),
    ("any of a list comprehension of isinstance, under torch.inference_mode() (lsuv's is_relevant_layer)",
     "y = x * 2\nwith torch.inference_mode():\n    LINEAR.apply(count_layer)\nreturn y + 1", {}),
    ("Module.apply of a function registering a forward hook (lsuv's add_current_hook)",
     "y = x * 2\nSTATE['hook'] = None\nLINEAR.apply(hook_layer)\nreturn y + 1", {}),
    ("a hook handle in a global dict, tested (lsuv's apply_weights_correction)",
     "y = x * 2\nif HOOK_STATE['hook'] is not None:\n    y = y + 1\nreturn y * 2", {}),
    ("len() of a NumPy array of modules (detorch's population)", "y = x * 2\nn = len(POPULATION)\nreturn y * n", {}),
    ("a NumPy array of modules indexed by NumPy's draw (detorch's sample_parameters)",
     "y = x * 2\nm = POPULATION[np.array([0, 2])]\nreturn y + m[0](y)", {}),
    ("np.r_ of arrays (widestats' B-spline knots)", "y = x * 2\nk = torch.tensor(np.r_[np.zeros(2), np.arange(1, 3)])\n"
     "return y + k.sum()", {}),
    ("np.c_ of arrays", "y = x * 2\nk = torch.tensor(np.c_[np.zeros(2), np.ones(2)])\nreturn y + k.sum()", {}),
    ("range() of a tensor's max + 1 (pytorch-tree-lstm's levels)", "y = x * 2\nfor n in range(y.argmax() + 1):\n"
     "    y = y + n\nreturn y", {}),
    ("torch.unique_consecutive(return_counts=True) (pytorch-tree-lstm's child counts)",
     "y = x * 2\n_, c = torch.unique_consecutive(y[0].round(), return_counts=True)\nreturn y + c.sum()", {}),
    ("torch.autograd.grad in a try block (torchcam's _backprop)", "z = x.clone().requires_grad_()\ny = (z * 2).sum()\n"
     "try:\n    g, = torch.autograd.grad(y, [z])\nexcept RuntimeError:\n    raise\nreturn g + 1", {"grad": True}),
    ("torch.split by a tuple of a tensor's elements (pytorch-tree-lstm's child counts)",
     "y = x * 2\nc = tuple(torch.tensor([1, 3]))\nreturn torch.split(y, c)[0] + 1", {}),
    ("torch.split by a tuple of a tensor's elements, twice", "y = x * 2\nc = tuple(torch.tensor([1, 3]))\n"
     "a = torch.split(y, c)[0]\nb = torch.split(y + 1, c)[1]\nreturn a.sum() + b.sum()", {}),
    ("torch.split by a tensor of sizes", "y = x * 2\nreturn torch.split(y, torch.tensor([1, 3]))[0] + 1", {}),
    ("torch.optim.SGD built on a module's parameters() in traced code (glm-saga's train)",
     "y = x * 2\nopt = torch.optim.SGD(LINEAR.parameters(), lr=0.1)\nreturn y + 1", {}),
    ("torch.optim.SGD built on a list of a module's parameters() in traced code",
     "y = x * 2\nopt = torch.optim.SGD(list(LINEAR.parameters()), lr=0.1)\nreturn y + 1", {}),
    ("tqdm in a conditional expression under a flag off by default (jrmpc's iterations)",
     "return iterate(x * 2, 3) + 1", {}),
    ("torch.backends.mha.set_fastpath_enabled (lsuv)", "y = x * 2\nf = torch.backends.mha.get_fastpath_enabled()\n"
     "torch.backends.mha.set_fastpath_enabled(False)\ntorch.backends.mha.set_fastpath_enabled(f)\nreturn y + 1", {}),
    # held_out_26's misses (issue 14, round 27)
    ("an ndarray of strings sliced and copied (pyqtorch's einsum letters)",
     "y = x * 2\nd = ABC_ARRAY[0:3].copy()\nreturn y + len(d)", {}),
    ("an ndarray of strings indexed and joined into an einsum equation (pyqtorch's apply_operator)",
     "y = x * 2\nd = ABC_ARRAY[0:2].copy()\ne = d.copy()\ne[[1]] = ABC_ARRAY[[5]]\n"
     "a, b = list(map(lambda v: ''.join(list(v)), [d, e]))\nreturn torch.einsum(f'{a}->{b}', y)", {}),
    ("an ndarray of floats at module level, sliced", "y = x * 2\nd = NUMS_ARRAY[0:2].copy()\nreturn y + d.sum()", {}),
    ("ndarray.tobytes() of a tensor's NumPy copy (psp-torch's pattern store)",
     "y = x * 2\nc = y.detach().numpy() + 0.0\nk = c[0].tobytes()\nreturn y + len(k)", {}),
    ("ndarray.tobytes() of np.zeros", "y = x * 2\nk = np.zeros(3).tobytes()\nreturn y + len(k)", {}),
    ("ndarray.tobytes() of a module-level ndarray", "y = x * 2\nk = NUMS_ARRAY.tobytes()\nreturn y + len(k)", {}),
    ("ndarray.tobytes() of a NumPy scalar", "y = x * 2\nk = np.float64(2.0).tobytes()\nreturn y + len(k)", {}),
    ("bytes(ndarray) of a tensor's NumPy copy", "y = x * 2\nc = y.detach().numpy()\nk = bytes(c[0])\nreturn y + len(k)", {}),
    ("ndarray.tobytes() in a for loop over range (psp-torch's store loop)",
     "y = x * 2\nc = y.detach().numpy() + 0.0\nn = 0\nfor i in range(2):\n    n += len(c[i].tobytes())\n"
     "return y + n", {}),
    ("tensor.numpy(), np.isnan on it, indexed (psp-torch's canonical patterns)",
     "y = x * 2\nc = y.detach().numpy() + 0.0\nc[np.isnan(c)] = np.nan\nreturn y + torch.from_numpy(c)", {}),
    ("an RNN from a global list, called by index (dnc's controllers)",
     "y = x * 2\nout, _ = RNNS[0](y.unsqueeze(1))\nreturn out * 3", {}),
    ("a module's plain list of GRUs called by index in a method in a loop (dnc's _layer_forward)",
     "return CONTROLLERS(x)", {}),
    ("with warnings.catch_warnings(): warnings.simplefilter('ignore') (yolov5's SPPF)",
     "y = x * 2\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    z = y + 1\nreturn z * 2", {}),
    ("warnings.simplefilter('ignore') alone", "y = x * 2\nwarnings.simplefilter('ignore')\nreturn y * 2", {}),
    ("warnings.filterwarnings('ignore', category=UserWarning) alone", "y = x * 2\n"
     "warnings.filterwarnings('ignore', category=UserWarning)\nreturn y * 2", {}),
    ("with warnings.catch_warnings(): warnings.filterwarnings('ignore')", "y = x * 2\nwith warnings.catch_warnings():\n"
     "    warnings.filterwarnings('ignore')\n    z = y + 1\nreturn z * 2", {}),
    ("with warnings.catch_warnings(): warnings.simplefilter('ignore'), two ops before", "y = x * 2\ny = y + 1\n"
     "with warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    z = y + 1\nreturn z * 2", {}),
    ("with warnings.catch_warnings(record=True)", "y = x * 2\nwith warnings.catch_warnings(record=True):\n"
     "    z = y + 1\nreturn z * 2", {}),
    ("if buffer.item() == 0.0, a method called over two lines in the branch (rosa's value gate)",
     "return ZERO_SCALE(x)", {"grad": True}),
    ("if buffer.item() == 0.0, a method called over two lines in the branch, after a break the frame resumed from",
     "return ZERO_SCALE(x, True)", {"grad": True}),
    # held_out_27's misses (issue 14, round 28)
    ("torch.fft.fftfreq sized by a tensor's element (torch-pme's kvectors)",
     "y = x * 2\nns = torch.tensor([4, 4, 4])\nk = torch.fft.fftfreq(ns[0], dtype=y.dtype)\nreturn y.sum() + k.sum()", {}),
    ("torch.fft.rfftfreq sized by a tensor's element", "y = x * 2\nns = torch.tensor([4, 4, 4])\n"
     "k = torch.fft.rfftfreq(ns[2], dtype=y.dtype)\nreturn y.sum() + k.sum()", {}),
    ("torch.fft.fftfreq sized by an int", "y = x * 2\nk = torch.fft.fftfreq(4, dtype=y.dtype)\nreturn y.sum() + k.sum()", {}),
    ("torch.arange to a tensor's element", "y = x * 2\nns = torch.tensor([4, 4])\nk = torch.arange(ns[0])\n"
     "return y.sum() + k.sum()", {}),
    ("torch.arange to an int minus a 0-d tensor, in a loop over torch.arange (diff-nurbs's derivatives)",
     "y = x * 2\nfor k in torch.arange(3):\n    for m in torch.arange(3 - k):\n        y = y + m\nreturn y", {}),
    ("torch.arange(1, m + 1), m a 0-d tensor", "y = x * 2\nm = torch.tensor(2)\nfor j in torch.arange(1, m + 1):\n"
     "    y = y + j\nreturn y", {}),
    ("torch.arange(1, m + 1), m the loop variable over torch.arange", "y = x * 2\nfor m in torch.arange(3):\n"
     "    for j in torch.arange(1, m + 1):\n        y = y + j\nreturn y", {}),
    ("torch.arange(1, m + 1), m the loop variable over torch.arange, after a resumed break", "y = x * 2\n"
     "print(y)\nz = y + 1\nfor m in torch.arange(3):\n    for j in torch.arange(1, m + 1):\n        z = z + j\nreturn z", {}),
    ("a dict comprehension over a list held in an attribute, frame skipped (torchmd's Forces.compute)",
     "for r in x:\n    print(r)\npp = {v: torch.zeros(1) for v in ENERGIES.energies}\nreturn x + len(pp)", {}),
    ("a list rebound by the statement whose comprehension iterates it, frame skipped",
     "pot = []\nfor i in range(2):\n    pot.append({'a': x[i].sum()})\nfor r in x:\n    print(r)\n"
     "pot = torch.stack([torch.sum(torch.stack(list(pp.values()))) for pp in pot])\nreturn pot", {}),
    ("np.iscomplexobj of a tensor's NumPy copy (rapidphase's to_device)",
     "y = x * 2\na = y.numpy()\nif np.iscomplexobj(a):\n    y = y + 1\nreturn y * 2", {}),
    ("a tensor's any() tested twice, a call over lines in the second branch (rapidphase's wrapped_laplacian)",
     "has = torch.isnan(x).any()\nif has:\n    y = x.clone()\nelse:\n    y = x\nz = y * 2\nif has:\n"
     "    # a comment\n    w = F.pad(\n        z.unsqueeze(0),\n        (1, 1),\n    )\n    z = w.squeeze(0)[:, 1:-1]\n"
     "return z + 1", {}),    ("a tensor's any() tested twice in a helper, a call over lines in the second branch (rapidphase's wrapped_laplacian)",
     "y = x * 2\nreturn twice_tested(y) + 1", {}),    ("a print in a try block, after two ops", "y = x * 2\nz = y + 1\ntry:\n    print(z)\n    z = z * 3\nexcept ValueError:\n"
     "    pass\nreturn z + 1", {}),
    ("a training loop in a try block, .item() in it (splinetorch's fit)", "y = x * 2\nz = y + 1\ntry:\n"
     "    for _ in range(2):\n        z = z * 3\n        n = z.sum().item()\nexcept KeyboardInterrupt:\n    pass\nreturn z + 1", {}),
    ("a print in a try block after two ops and a print off by default", "return tried_print(x)", {}),
    ("a print in a try block after two ops and a print off by default, turned on", "return tried_print(x, True)", {}),
    ("a print in a try block at the frame's start", "try:\n    print(x)\n    z = x * 3\nexcept ValueError:\n"
     "    z = x\nreturn z + 1", {}),
    ("a print in a try block in a for loop", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    try:\n        print(z)\n"
     "    except ValueError:\n        pass\nreturn z + 1", {}),
    ("a print in a with block in a try block", "y = x * 2\nz = y + 1\ntry:\n    with torch.no_grad():\n        print(z)\n"
     "except ValueError:\n    pass\nreturn z + 1", {}),
    ("an attribute of a dict whose __getattr__ is dict.get (nes-torch's config)", "y = x * 2\nreturn y * DOTTED.sigma", {}),
    ("an attribute of a dict whose __getattr__ is a method", "y = x * 2\nreturn y * ATTRS.sigma", {}),
    ("x[~f(x)], f returning a comparison of a torch call, unannotated (pytorch-mr's NearZero)",
     "y = x * 2\nnz = ~near_zero(y)\nreturn y[nz].sum() + 1", {}),
    ("x[f(x)], f returning a comparison of a torch call, unannotated", "y = x * 2\nreturn y[near_zero(y)].sum() + 1", {}),
    ("a helper indexing with its helper's inverted comparison (pytorch-mr's AxisAng3)",
     "y = x * 2\nreturn masked_by_helper(y) + 1", {}),
    ("a sparse matrix handed from eager code to a function annotating it torch.sparse.Tensor (dbini-torch's solver)",
     "for r in x:\n    print(r)\nA = torch.eye(4).to_sparse_csr()\nreturn sparse_solve(A, x[:, 0])", {}),
    ("a sparse matrix a callee returns, the frame breaking later (dbini-torch's bilateral_normal_integration)",
     "y = x.abs() + 1\nA = sparse_maker(y[:, 0])\nz = y * 2\nw = z[z > 1]\nv = z[z > 2]\nreturn (A @ y[:, 0]).sum() + w.sum() + v.sum()", {}),
    ("x[m.reshape(-1)], m a comparison (dbini-torch's map_depth_map_to_point_clouds)",
     "y = x * 2\nm = y > 0\nreturn y.reshape(-1)[m.reshape(-1)].sum() + 1", {}),
    ("x[(t < eps).squeeze(-1)] (ba-cuda's SE3.exp)", "y = x * 2\nsmall = (y[:, :1] < 0).squeeze(-1)\n"
     "y[small] = y[small] * 0\nreturn y + 1", {}),
    ("a print in a for loop, after two ops", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    print(z)\n    z = z * 3\nreturn z + 1", {}),
    ("a tensor's if in a for loop, after two ops", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    if z.sum() > 0:\n"
     "        z = z * 3\nreturn z + 1", {}),
    ("a print in a with block, after two ops", "y = x * 2\nz = y + 1\nwith Ctx():\n    print(z)\n    z = z * 3\nreturn z + 1", {}),
    ("a helper breaking, called in a try block", "y = x * 2\nz = y + 1\ntry:\n    z = z + helper_item(z)\n"
     "finally:\n    z = z * 2\nreturn z + 1", {}),
    ("gc.collect() in traced code", "y = x * 2\ngc.collect()\nreturn y + 1", {}),
    ("a helper calling gc.collect() and torch.cuda.empty_cache() (torchfsm's clean_up_memory)",
     "y = x * 2\nclean_up_memory()\nreturn y + 1", {}),
    ("torch.backends.cudnn.is_available()", "y = x * 2\nif torch.backends.cudnn.is_available():\n    y = y + 1\nreturn y * 2", {}),
    ("torch.backends.mps.is_available()", "y = x * 2\nif torch.backends.mps.is_available():\n    y = y + 1\nreturn y * 2", {}),
    ("an nn.Module built in traced code, its __init__ breaking (torchoptics' PlanarGrid)",
     "y = x * 2\ng = Grid(y)\nreturn g.data + 1", {}),
    ("an nn.Module built in traced code, its base's __init__ breaking (torchoptics' Field)",
     "y = x * 2\ng = FieldLike(y)\nreturn g.data + g.n", {}),
    ("an nn.Module built in traced code, its __init__ breaking nowhere", "y = x * 2\ng = Grid2(y)\nreturn g.data + 1", {}),
    ("requires_grad_(True) on an intermediate a helper returns, stored on a module (pytorchfire's reset)",
     "y = x * 2\nz = ACCUMULATING.reset(y)\nreturn z * 2", {}),
    ("requires_grad_(True) on an intermediate, returned", "y = x * 2\nreturn (y.clone() * 1.0).requires_grad_(True)", {}),
    ("requires_grad_(True) on an intermediate, then summed and returned", "y = x * 2\nz = (y * 1.0).requires_grad_(True)\nreturn z.sum()", {}),
    ("nonzero() then numel() in an if (torchscriptworld's synthesis)", "y = x * 2\nm = y > 0\ni = (~m).nonzero().squeeze(-1)\n"
     "if i.numel() > 0:\n    y = y + 1\nreturn y * 2", {}),
    ("a slice bound from a tensor's element in a for loop, after two ops (torchcrepe's weighted_argmax)",
     "y = x * 2\nz = y + 1\nb = (y > 0).sum(1)\nfor i in range(2):\n    z[i, :b[i]] = 0\nreturn z + 1", {}),
    ("a slice bound from a tensor's element in a for loop, the bound and a clone before",
     "b = (x > 0).sum(1)\nz = x.clone()\nfor i in range(2):\n    z[i, :b[i]] = 0\nreturn z + 1", {}),
    ("a slice bound from a tensor iterated in a for loop, after two ops (ranking-metrics' dcg)",
     "y = x * 2\nz = y + 1\nks = torch.tensor([1, 2])\nfor j, k in enumerate(ks):\n    z[:, j] = y[:, :k].sum(1)\nreturn z + 1", {}),
    ("a mask read in a for loop, after two ops", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    w = z[z > 0]\n    z = z * w.sum()\nreturn z + 1", {}),
    ("a mask store in a for loop, after two ops (qpth's pdipm)", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    m = z > 0\n    z[m] = y[m]\nreturn z + 1", {}),
    ("an item() in a for loop, after two ops", "y = x * 2\nz = y + 1\nfor _ in range(2):\n    z = z * z.sum().item()\nreturn z + 1", {}),
    ("an nn.Module's __matmul__, A @ x, after two ops (torch-linops' minres)",
     "y = x * 2\nz = y + 1\nr = z - LINOP @ z[0]\nreturn r * 2", {}),
    ("an nn.Module's __matmul__, A @ x, first in the frame", "r = LINOP @ x[0]\nw = r * 2\nreturn w + 1", {}),
    ("an nn.Module's __matmul__, A.T @ u, a property's module (torch-linops' lsqr)",
     "y = x * 2\nz = y + 1\nv = LINOP.T @ z[0]\nreturn v * 2", {}),
    ("an nn.Module's __matmul__ in a helper, after two ops (torch-linops' operator_matrix_product)",
     "y = x * 2\nz = y + 1\nb = op_matrix_product(LINOP, z.T)\nreturn b * 2", {}),
    ("an nn.Module's __matmul__ in a for loop, after two ops (torch-linops' hutchpp)",
     "y = x * 2\nz = y + 1\ns = 0\nfor i in range(2):\n    s = s + (z[i] * (LINOP @ z[i])).sum()\nreturn s * 2", {}),
    ("a plain object's __matmul__, a local instance, A @ x, after two ops",
     "y = x * 2\nz = y + 1\nA = PlainLinOp(torch.eye(8))\nr = z - A @ z[0]\nreturn r * 2", {}),
    ("an nn.Module's __matmul__, a local instance, A @ x, after two ops",
     "y = x * 2\nz = y + 1\nA = LinOp(torch.eye(8))\nr = z - A @ z[0]\nreturn r * 2", {}),
    ("a plain object's __matmul__, A @ x, after two ops", "y = x * 2\nz = y + 1\nr = z - PLAIN_LINOP @ z[0]\nreturn r * 2", {}),
    ("an nn.Module's __matmul__, A @ x, then a tensor's if", "y = x * 2\nz = y + 1\nr = z - LINOP @ z[0]\n"
     "if r.sum() > 0:\n    r = r + 1\nreturn r * 2", {}),
    ("a while True around a try whose handler prints and retries (hough-tmf's tma)",
     "y = x * 2\nn = 4\nwhile True:\n    try:\n        out = []\n        for b in range(0, 4, n):\n"
     "            out.append(clean_helper(y[b:b + n]))\n        z = torch.cat(out)\n        return z.numpy().sum(axis=1)\n"
     "    except Exception as e:\n        torch.cuda.empty_cache()\n        if n == 1:\n            print('too big')\n"
     "            raise e\n        n = n // 2\n        print('retry with', n)", {}),
    ("a with block of a generator context manager freezing a module's parameters, a loop in it (ebmkit's sample)",
     "y = x * 2\nz = y + 1\nwith frozen(LAYER), torch.enable_grad():\n    for _ in range(2):\n        z = LAYER(z)\nreturn z + 1", {}),
    ("a with block of a generator context manager breaking nowhere, a print in it",
     "y = x * 2\nz = y + 1\nwith quiet():\n    print(z)\n    z = z * 3\nreturn z + 1", {}),
    ("a with block of a generator context manager breaking nowhere, a loop in it",
     "y = x * 2\nz = y + 1\nwith quiet():\n    for _ in range(2):\n        z = z * 3\nreturn z + 1", {}),
    ("np.flatnonzero of a NumPy mask of Python values (afx-audio's _contrast_bands)",
     "y = x * 2\nfreq = np.fft.rfftfreq(16, d=1.0 / 8)\nband = np.logical_and(freq >= 1.0, freq <= 3.0)\n"
     "idx = np.flatnonzero(band)\nreturn y * len(idx)", {}),
    ("np.nonzero of a NumPy comparison of np.arange", "y = x * 2\na = np.arange(8)\nidx = np.nonzero(a > 3)[0]\n"
     "return y * len(idx)", {}),
    ("clone().requires_grad_(True) of a tensor stored on an object, assigned to an attribute (torch-diffsim's reset)",
     "y = x * 2\nHOLDER.positions = HOLDER.vertices.clone().requires_grad_(True)\nreturn y + 1", {}),
    ("clone().requires_grad_(True) of an intermediate that requires grad, assigned to an attribute",
     "y = x * HOLDER.weight\nHOLDER.positions = y.clone().requires_grad_(True)\nreturn y + 1", {"grad": True}),
    ("clone().requires_grad_(True) of a tensor stored on an object, returned",
     "y = x * 2\np = HOLDER.vertices.clone().requires_grad_(True)\nreturn y + p.sum()", {}),
    ("squeeze_() on the input, no op before (arcface's PartialFC_V2)", "x.squeeze_()\nreturn x * 2", {}),
    ("squeeze_() on the input, after an op", "w = x * 2\nx.squeeze_()\nreturn x * w", {}),
    ("a slice bound from a tensor's element in a for loop, no op before",
     "for i in range(2):\n    x[i, :x[i, 0].long()] = 0\nreturn x + 1", {}),
    # held_out_31's misses (issue 14, round 32)
    ("a package's optimizer, its own step under torch.no_grad (casmo's CASMO)",
     "OWN_OPT.zero_grad()\nloss = (OWN_X * x[0]).sum()\nloss.backward()\nOWN_OPT.step()\nreturn x * 2", {"grad": True}),
    ("math.prod of a generator expression, an op before (torchspin's ham_ezho)",
     "y = x * 2\nn = math.prod(int(round(2 * s + 1)) for s in SPIN_COUNT.spins)\nreturn y + n", {}),
    ("math.prod of a generator expression read through a property (torchspin's SpinSystem.nStates)",
     "y = x * 2\nn = SPIN_COUNT.n_states\nreturn y + n", {}),
    ("math.prod of a generator expression over a ModuleList's strides (diffusers' LTX2 tiled_decode)",
     "y = x * 2\nn = math.prod(m.stride[0] for m in STRIDED[:-1])\nreturn y + n", {}),
    ("math.prod of a generator expression of floats, no call in it",
     "y = x * 2\nn = math.prod(2 * s + 1 for s in SPIN_COUNT.spins)\nreturn y + n", {}),
    ("math.prod of a generator expression over a ModuleList's strides, int() of each",
     "y = x * 2\nn = math.prod(int(m.stride[0]) for m in STRIDED[:-1])\nreturn y + n", {}),
    ("math.prod of a generator expression over a list of Python ints",
     "y = x * 2\nn = math.prod(int(round(2 * s + 1)) for s in [1, 2, 3])\nreturn y + n", {}),
    ("math.prod of a generator expression over a tensor's shape",
     "y = x * 2\nn = math.prod(d for d in x.shape[1:])\nreturn y + n", {}),
    ("math.prod of a generator expression over a tuple of Python ints",
     "y = x * 2\nn = math.prod(2 * s + 1 for s in (1, 2, 3))\nreturn y + n", {}),
    ("math.prod of a list comprehension", "y = x * 2\nn = math.prod([int(round(2 * s + 1)) for s in SPIN_COUNT.spins])\n"
     "return y + n", {}),
    ("sum of a generator expression of ints", "y = x * 2\nn = sum(int(round(2 * s + 1)) for s in SPIN_COUNT.spins)\n"
     "return y + n", {}),
    ("a helper's parameter tested == -1, its default, handed an int and left unset (expsolve's cfft)",
     "y = axis_fft(x, 0)\nz = axis_fft(x)\nreturn (y + z).abs()", {}),
    ("a helper's parameter tested == -1, its default, handed a tensor",
     "y = axis_fft(x, (x.sum() > 1e9).long() - 1)\nreturn y.abs()", {}),
    ("a package's optimizer built by a lambda handed to a factory, its own step given an objective (torch-numopt)",
     "HANDED_OPT.zero_grad()\nloss = (HANDED_X * x[0]).sum()\nloss.backward()\nHANDED_OPT.step(None)\nreturn x * 2",
     {"grad": True}),
    ("torch's SGD built by a lambda handed to a factory, stepped",
     "HANDED_SGD.zero_grad()\nloss = (HANDED_SGD_X * x[0]).sum()\nloss.backward()\nHANDED_SGD.step()\nreturn x * 2",
     {"grad": True}),
    ("a subclass of torch's SGD stepping with SGD's step",
     "INHERITED_OPT.zero_grad()\nloss = (INHERITED_X * x[0]).sum()\nloss.backward()\nINHERITED_OPT.step()\nreturn x * 2",
     {"grad": True}),
    ("torch.random.fork_rng entered, seeded in it (torch-incremental-pca's _svd_fn_lowrank)",
     "y = x * 2\nwith torch.random.fork_rng(enabled=True):\n    torch.manual_seed(0)\n    z = torch.randn(4, 8)\n"
     "return y + z", {}),
    ("a with block of a generator context manager, two ops before, a call in it whose callee skips its frame "
     "(torch-incremental-pca's partial_fit)", "y = x * 2\nz = y + 1\nwith quiet():\n    z = forked_draw(z)\nreturn z + 1", {}),
    ("the same call, no with block", "y = x * 2\nz = y + 1\nz = forked_draw(z)\nreturn z + 1", {}),
    ("a with block of a generator context manager, two ops before, a call in it whose callee breaks and resumes",
     "y = x * 2\nz = y + 1\nwith quiet():\n    z = z + helper_item(z)\nreturn z + 1", {}),
    ("a with block of a generator context manager, one op before, a call in it whose callee skips its frame",
     "y = x * 2\nwith quiet():\n    z = forked_draw(y)\nreturn z + 1", {}),
    ("torch.random.fork_rng entered, nothing breaking in it",
     "y = x * 2\nwith torch.random.fork_rng():\n    z = y + 1\nreturn z * 2", {}),
    ("torch.random.fork_rng(enabled=False) entered", "y = x * 2\nwith torch.random.fork_rng(enabled=False):\n"
     "    z = y + 1\nreturn z * 2", {}),
    ("a cached_property read on an object made in traced code (polystep's SinkhornResult.matrix)",
     "y = x * 2\nr = ResultWithPlan(y)\nm = r.matrix\nreturn m + 1", {}),
    ("torch.clamp of a tensor, min a float and max a tensor (casmo's _compute_agar)",
     "y = x * 2\nz = torch.clamp(y, min=0.0, max=y.mean() * 3)\nreturn z + 1", {}),
    ("torch.clamp of a tensor, min and max tensors", "y = x * 2\ns = y.abs().mean()\n"
     "z = torch.clamp(y, min=-s * 3, max=s * 3)\nreturn z + 1", {}),
    ("torch.clamp of a tensor, min a tensor and max a float", "y = x * 2\nz = torch.clamp(y, min=y.mean(), max=1.0)\n"
     "return z + 1", {}),
    ("Tensor.clamp, min a float and max a tensor", "y = x * 2\nz = y.clamp(min=0.0, max=y.mean() * 3)\nreturn z + 1", {}),
    ("torch.clamp, positional float and tensor bounds", "y = x * 2\nz = torch.clamp(y, 0.0, y.mean() * 3)\nreturn z + 1", {}),
    ("a 1-d tensor indexed by an element of its argsort (swarmtorch's GWO)",
     "y = x * 2\nf = y.sum(1)\no = torch.argsort(f)\nif f[o[0]] < 100.0:\n    y = y + 1\nreturn y * 2", {}),
    ("a 1-d tensor indexed by an element of its argsort, no if",
     "y = x * 2\nf = y.sum(1)\no = torch.argsort(f)\nz = y[o[0]]\nreturn z * 2", {}),
    ("a row of a 2-d argsort as an index", "y = x * 2\no = torch.argsort(y, dim=1)\nz = y[:, o[0]]\nreturn z * 2", {}),
    ("a boolean mask of ~torch.eye(n, dtype=torch.bool) read (torch-supercluster's center_diversity_loss)",
     "y = x * 2\ns = y @ y.T\nm = ~torch.eye(4, dtype=torch.bool)\nreturn s[m].mean() + 1", {}),
    ("a generator built with a device keyword and seeded (polystep's create_generator)",
     "y = x * 2\ng = torch.Generator(device=x.device)\ng.manual_seed(0)\nreturn y + torch.rand(4, 8, generator=g)", {}),
    # issue 14, round 33: a property's setter, which an assignment runs (oflibpytorch's Flow)
    ("property setter run by an assignment in __init__, if on a tensor in it", "y = x * 2\nf = Field(y)\nreturn f.vecs + 1", {}),
    # held_out_33's misses (issue 14, round 34)
    ("an int in a tensor, tested in an if (pt-kmeans' split_cluster)",
     "y = x * 2\nz = y + 1\nlabels = labels_of(x)\nif 1 not in labels:\n    raise ValueError('no')\nreturn z * 2", {}),
    ("an int in a tensor, first in the frame", "if 1 in x.long():\n    x = x + 1\nreturn x * 2", {}),
    ("an int in a tensor, assigned", "y = x * 2\nz = y + 1\nb = 1 in z.long()\nreturn z * b", {}),
    ("a tensor in a tensor", "y = x * 2\nz = y + 1\nif y[0, 0] in z:\n    z = z + 1\nreturn z * 2", {}),
    ("an int in a tensor, in a callee whose caller goes on (pt-kmeans' split_cluster)",
     "y = x * 2\nz = split_labels(y, labels_of(x), 1)\nreturn y * z", {}),
    ("an int in a list of ints", "y = x * 2\nif 1 in [1, 2]:\n    y = y + 1\nreturn y * 2", {}),
    ("a tensor property compared in an if (torchfbm's NeuralFSDE.H)",
     "y = x * 2\nh = HURST.H\nif h < 0.5:\n    raise ValueError('rough')\nreturn y * h", {}),
    ("np.unique of np.logspace of Python numbers (torchfbm's dfa scales)",
     "y = x * 2\ns = np.unique(np.logspace(np.log10(3), np.log10(16), num=5).astype(int))\nreturn y * len(s)", {}),
    ("scipy.signal.savgol_coeffs of Python numbers (torch-dxdt's SavitzkyGolay._get_kernel)",
     "y = x * 2\nc = scipy.signal.savgol_coeffs(9, 3, deriv=1, delta=0.1)\nreturn y * float(c[0])", {}),
    ("scipy.signal.savgol_filter of a tensor's values",
     "y = x * 2\nz = scipy.signal.savgol_filter(y.detach().numpy(), 5, 2)\nreturn y + torch.from_numpy(z)", {}),
    ("scipy.signal.windows.hann of a Python int", "y = x * 2\nw = scipy.signal.windows.hann(8)\n"
     "return y * torch.from_numpy(w).float()", {}),
    ("scipy.signal.butter of Python numbers", "y = x * 2\nb, a = scipy.signal.butter(2, 0.3)\n"
     "return y * torch.from_numpy(b).float().sum()", {}),
    ("np.unique of np.logspace, iterated (torchfbm's dfa)",
     "y = x * 2\ns = np.unique(np.logspace(np.log10(3), np.log10(16), num=5).astype(int))\nout = []\n"
     "for k in s:\n    out.append(y[:, :k].sum())\nreturn torch.stack(out)", {}),
    # issue 14, round 34: a loop that stops on a tensor's test with `break` (torchclust's GaussianMixtureModel.fit):
    # ending the function, the break's jump is the implicit return (CPython copies it), so Dynamo resumes there
    ("break on a tensor test, the loop ending the function, 6 steps",
     "for i in range(6):\n    x.mul_(2)\n    if x.sum() > 1e30:\n        break", {}),
    ("break on a tensor test, the loop ending the function, 12 steps",
     "for i in range(12):\n    x.mul_(2)\n    if x.sum() > 1e30:\n        break", {}),
    ("break on a tensor test, the loop ending the function, stopping at the second step",
     "for i in range(6):\n    x.mul_(2)\n    if i > 0 and x.abs().sum() > 0:\n        break", {}),
    ("break on a tensor test, the loop ending a branch ending the function, 6 steps",
     "if x.shape[0] > 1:\n    for i in range(6):\n        x.mul_(2)\n        if x.sum() > 1e30:\n            break\n"
     "else:\n    x.mul_(3)", {}),
    ("break on a tensor test, a return after the loop, 6 steps",
     "for i in range(6):\n    x = x * 2\n    if x.sum() > 1e30:\n        break\nreturn x", {}),
    ("break on a tensor test, a statement after the loop, 6 steps",
     "for i in range(6):\n    x.mul_(2)\n    if x.sum() > 1e30:\n        break\nx.add_(1)", {}),
    # a helper appending to a list of a dict it is handed, called at each step of a skipped frame's loop
    # (torchdeq's solvers and update_state): the list is longer at each call
    ("helper appending to a handed dict's list, in a loop of a skipped frame, 12 steps",
     "for r in x:\n    print(r)\ntrace = {\"abs\": []}\nfor i in range(12):\n    x = record_step(x, trace)\nreturn x", {}),
    ("helper appending to a handed dict's list, in a loop of a skipped frame, 4 steps",
     "for r in x:\n    print(r)\ntrace = {\"abs\": []}\nfor i in range(4):\n    x = record_step(x, trace)\nreturn x", {}),
    ("helper appending to a new dict's list at each step of a skipped frame's loop, 12 steps",
     "for r in x:\n    print(r)\nfor i in range(12):\n    x = record_step(x, {\"abs\": []})\nreturn x", {}),
    # issue 14, round 35: a lazy module's first call initialises its parameters eagerly, before Dynamo traces
    # it (torchradio's dense receiver: 24 of its 46 ATen calls); each module built anew for each call
    ("lazy layers in a Sequential, first call (torchradio's dense receiver)", "return FRESH(x)", {"fresh": "LazyMLP"}),
    ("the same layers given their sizes, first call", "return FRESH(x)", {"fresh": "SizedMLP"}),
    ("a lazy linear layer, first call", "return FRESH(x)", {"fresh": "LazyHead"}),
    ("a lazy conv layer, first call", "return FRESH(x)", {"fresh": "LazyConvHead"}),
    ("a lazy batch norm, first call", "return FRESH(x)", {"fresh": "LazyNormHead"}),
    # held_out_35's misses (issue 14, round 36): an op writing into `out=`, a view of another tensor (mrphy's Bloch
    # simulation, its buffers' column views and the slices of a split along a later dimension)
    ("out= into a column view (mrphy's freeprec)", "y = x * 2\nz = y.clone()\ntorch.mul(z[..., 0], 3.0, out=z[..., 0])\n"
     "return z + 1", {}),
    ("out= into a column view, a colon first", "y = x * 2\nz = y.clone()\ntorch.mul(z[:, 1], 3.0, out=z[:, 1])\n"
     "return z + 1", {}),
    ("out= into a row view", "y = x * 2\nz = y.clone()\ntorch.mul(z[1], 3.0, out=z[1])\nreturn z + 1", {}),
    ("out= into leading rows", "y = x * 2\nz = y.clone()\ntorch.mul(z[1:3], 3.0, out=z[1:3])\nreturn z + 1", {}),
    ("out= into a transposed view", "y = x * 2\nz = torch.empty(8, 4)\ntorch.mul(y, 3.0, out=z.t())\n"
     "return z + 1", {}),
    ("out= into a fresh tensor", "y = x * 2\nz = torch.empty(4, 8)\ntorch.mul(y, 3.0, out=z)\nreturn z + 1", {}),
    ("out= into the input", "torch.mul(x, 3.0, out=x)\nreturn x + 1", {}),
    ("out= into a slice of split along the last dimension (mrphy's blochsim)",
     "y = x * 2\nbuf = torch.empty(4, 8)\nfor a, b in zip(y.split(1, dim=-1), buf.split(1, dim=-1)):\n"
     "    torch.mul(a, 3.0, out=b)\nreturn buf + 1", {}),
    ("out= into a slice of split along the first dimension",
     "y = x * 2\nbuf = torch.empty(4, 8)\nfor a, b in zip(y.split(1), buf.split(1)):\n"
     "    torch.mul(a, 3.0, out=b)\nreturn buf + 1", {}),
    ("out= into a name bound to a column view", "y = x * 2\nz = y.clone()\ncol = z[:, 2]\n"
     "torch.sin(col, out=col)\nreturn z + 1", {}),
    ("a SciPy KDTree's query of a tensor's values (torchrbf's _find_neighbors)",
     "y = x * 2\nd, i = KDTREE.query(y.detach().numpy(), k=2)\nreturn y + torch.from_numpy(d).float().sum()", {}),
    ("a SciPy cKDTree's query of a tensor's values",
     "y = x * 2\nd, i = CKDTREE.query(y.detach().numpy(), k=2)\nreturn y + torch.from_numpy(d).float().sum()", {}),
    ("a SciPy sparse matrix's tocsr (torch-sla)", "y = x * 2\nm = COO.tocsr()\nreturn y * float(m.nnz)", {}),
    ("a SciPy sparse matrix's dot of a tensor's values",
     "y = x * 2\nz = CSR.dot(y.detach().numpy().T)\nreturn y + torch.from_numpy(z).float().T", {}),
    ("a SciPy interp1d called on a tensor's values",
     "y = x * 2\nz = INTERP(y.detach().numpy().clip(0, 7))\nreturn y + torch.from_numpy(z).float()", {}),
    ("inspect.stack() in traced code", "y = x * 2\nn = len(inspect.stack())\nreturn y * n", {}),
    ("an object whose __setattr__ reads inspect.stack(), built in traced code (mrphy's Pulse)",
     "y = x * 2\np = StackChecked(y)\nreturn p.v + 1", {}),
    ("an object whose __setattr__ reads inspect.stack(), its attribute set in traced code",
     "y = x * 2\nSTACKED.v = y\nreturn y + 1", {}),
    ("an object of a class with __slots__, built in traced code (mrphy's Pulse)",
     "y = x * 2\np = Slotted(y)\nreturn p.v + p.w", {}),
    ("an object of a class with __slots__, object.__setattr__ in its __init__, built in traced code",
     "y = x * 2\np = SlottedSet(y)\nreturn p.v + p.u", {}),
    # pinn-rk's collocation tableau: NumPy's polynomial class on Python numbers in traced code
    ("np.poly1d of a list of floats (pinn-rk's _lagrange_integral)",
     "y = x * 2\np = np.poly1d([1.0, -0.5])\nreturn y * float(p(1.0))", {}),
    ("np.polyval of Python numbers", "y = x * 2\nv = np.polyval([1.0, -0.5], 2.0)\nreturn y * float(v)", {}),
    ("np.interp of Python numbers", "y = x * 2\nv = np.interp(0.5, [0.0, 1.0], [1.0, 3.0])\nreturn y * float(v)", {}),
    ("np.nanmean of a tensor's values", "y = x * 2\nv = np.nanmean(y.detach().numpy())\nreturn y * float(v)", {}),
    ("np.isin of Python lists", "y = x * 2\nv = np.isin([1, 2], [2, 3])\nreturn y * int(v.sum())", {}),
    ("np.linalg.matrix_norm of a tensor's values",
     "y = x * 2\nv = np.linalg.matrix_norm(y.detach().numpy())\nreturn y * float(v)", {}),
    ("np.mean of a tensor's values (mapped: traced as torch)",
     "y = x * 2\nv = np.mean(y.detach().numpy())\nreturn y * torch.from_numpy(np.asarray(v))", {}),
    ("np.poly1d of a tensor's values", "y = x * 2\np = np.poly1d(y[0].detach().numpy())\nreturn y * float(p(1.0))", {}),
    ("ndarray indexed by a boolean ndarray made with dtype=bool (pytorch-tree-lstm's calculate_evaluation_orders)",
     "y = x * 2\nparents = np.arange(8)\ndone = np.ones(8, dtype=bool)\nmask = done[np.arange(8) % 2]\n"
     "p = parents[mask]\nreturn y * len(p)", {}),
    # tianshou's PSRL sample_reward: np.random.normal of arrays, a draw per element (issue 14, round 36)
    ("np.random.normal of two arrays (tianshou's PSRL)", "y = x * 2\nm = np.zeros((4, 8))\ns = np.ones((4, 8))\n"
     "n = np.random.normal(m, s)\nreturn y * torch.from_numpy(n).float()", {}),
    ("np.random.normal of an array mean and a number", "y = x * 2\nm = np.zeros((4, 8))\n"
     "n = np.random.normal(m, 1.0)\nreturn y * torch.from_numpy(n).float()", {}),
    ("np.random.normal of a tensor's values", "y = x * 2\nn = np.random.normal(y.detach().numpy(), 1.0)\n"
     "return y * torch.from_numpy(n).float()", {}),
    ("np.random.uniform of two arrays", "y = x * 2\nlo = np.zeros((4, 8))\nhi = np.ones((4, 8))\n"
     "n = np.random.uniform(lo, hi)\nreturn y * torch.from_numpy(n).float()", {}),
    ("out= into a column view, norm with keepdim", "y = x * 2\nz = torch.empty(4, 3)\n"
     "torch.norm(y, dim=-1, keepdim=True, out=z[:, 1:2])\nreturn z + 1", {}),
    # a comparison of tensors tested by an if is a graph of its own after a break (issue 14, round 37: torch-frft's
    # order reduced modulo 4, `if a > 2: ... elif a < -2: ...`, then `if a == 0.0:`)
    ("tensor compared in an if and in its elif", "a = torch.fmod(x.sum(), 4)\nshift = 0\nif a > 2:\n    shift = -4\n"
     "elif a < -2:\n    shift = 4\nreturn x * (a + shift)", {}),
    ("tensor compared in three ifs in a row", "a = x.sum()\nbig = small = half = False\nif a > 100:\n    big = True\n"
     "if a < -100:\n    small = True\nif a == 0.5:\n    half = True\nreturn x * a + (big + small + half)", {}),
    # a test comparing a tensor more than once breaks at each comparison it reaches (issue 14, round 37: torch-frft's
    # `elif a == 2.0 or a == -2.0:`; counted so, not landed: docs/accuracy.md, round 37, model)
    ("tensor in a chained comparison, both true", "a = x.sum() * 0 + 1\nbig = False\nif 0 < a < 2:\n    big = True\nreturn x * a + big", {}),
    ("tensor in a chained comparison, first false", "a = x.sum() * 0 + 1\nbig = False\nif 2 < a < 4:\n    big = True\nreturn x * a + big", {}),
    ("tensor compared twice joined by or, both false", "a = x.sum() * 0 + 1\nbig = False\nif a == 2 or a == -2:\n    big = True\nreturn x * a + big", {}),
    ("tensor compared twice joined by or, first true", "a = x.sum() * 0 + 1\nbig = False\nif a == 1 or a == -2:\n    big = True\nreturn x * a + big", {}),
    ("a Python flag or a tensor comparison, the flag false", "a = x.sum() * 0 + 1\nlimit = len(x.shape) > 5\nbig = False\n"
     "if limit or a == 2:\n    big = True\nreturn x * a + big", {}),
    ("two chained comparisons joined by or (torch-frft)", "a = x.sum() * 0 + 0.5\nbig = False\nif (0 < a < 0.5) or (1.5 < a < 2):\n    big = True\nreturn x * a + big", {}),
    ("tensor compared in an if, its value tested bare in the next", "a = x.sum()\nbig = small = False\n"
     "if a > 100:\n    big = True\nb = a < -100\nif b:\n    small = True\nreturn x * a + (big + small)", {}),
    # nhsmm (held_out_36): an LSTM in both branches of an if, a lock built in a constructor, a sentinel object()
    ("LSTM: called in an if and in its else, the else taken (nhsmm's DefaultEncoder)",
     "y = x * 2\nreturn PACKED_OR_PLAIN(y) + 1", {}),
    ("threading.Lock() built in traced code", "y = x * 2\nlock = threading.Lock()\nreturn y + 1", {}),
    ("threading.RLock() built in traced code", "y = x * 2\nlock = threading.RLock()\nreturn y + 1", {}),
    ("threading.Lock() built and entered in traced code", "y = x * 2\nwith threading.Lock():\n    y = y + 1\nreturn y * 3", {}),
    ("an object building a threading.Lock in its __init__, built in traced code (nhsmm's Convergence)",
     "y = x * 2\nm = LockHolding(y)\nreturn m.v + 1", {}),
    ("object() built in traced code (qualitative-qsim's sentinel region)",
     "y = x * 2\ns = object()\nreturn y + (1 if s is not None else 0)", {}),
    ("state_dict() of a module holding an LSTM (nhsmm's _snapshot_best_params)",
     "y = x * 2\nsd = LSTM_HOLDER.state_dict()\nreturn y + len(sd)", {}),
    ("state_dict() of a module without an RNN", "y = x * 2\nsd = LINEAR_HOLDER.state_dict()\nreturn y + len(sd)", {}),
    ("a list comprehension over names and an Adam built after a break in a loop (nhsmm's HSMM.fit)",
     "return FIT_LIKE.fit(x)", {}),
    ("the same, after a break before the loop (the resumed frame skipped)", "return FIT_LIKE.fit(x, True)", {}),
    ("a list comprehension of getattr(self, name) over names, after a break in a loop", "return FIT_LIKE.modules_by_name(x)", {}),
    ("a list comprehension calling a submodule, over a list of numbers, after a break in a loop",
     "return FIT_LIKE.applied_by_number(x)", {}),
    ("a list comprehension over a submodule's parameters(), after a break in a loop", "return FIT_LIKE.parameters_flat(x)", {}),
    ("is_tensor-guarded .item() in a helper a float-or-Tensor parameter is handed on to, a float passed (nhsmm's "
     "Convergence.update)", "y = x * 2\nv = MONITOR.update(float(2.0))\nreturn y * v", {}),
    ("the same, a tensor passed", "y = x * 2\nv = MONITOR.update(y.sum())\nreturn y * v", {}),
    ("getattr(self, f-string of a tensor attribute's element) in a loop over it (df0-pitch's DSWIPE.forward)",
     "return SIZED_WINDOWS(x)", {}),
    ("getattr(self, f-string of a tensor attribute's element), no loop", "return SIZED_WINDOWS.once(x)", {}),
    ("F.pad by a tuple holding an element of a tensor attribute, in a loop over it (df0-pitch's "
     "compute_erb_features in training)", "y = x * 2\nfor n in SIZED_WINDOWS.sizes:\n    y = y + F.pad(x, (0, n))[:, :8]\n"
     "return y", {}),
    ("F.pad by a tuple holding an element of a tensor attribute, no loop",
     "y = x * 2\nn = SIZED_WINDOWS.sizes[0]\nreturn F.pad(y, (0, n)).sum() + y", {}),
    ("F.pad by a tuple of Python ints", "y = x * 2\nreturn F.pad(y, (0, 3)).sum() + y", {}),
    # pytorch-mvgc's validate_data: `array = np.asarray(data)`, then `array.dtype.kind` (held_out_36)
    ("ndarray.dtype of an array made from a tensor's values (pytorch-mvgc's validate_data)",
     "y = x * 2\na = np.asarray(y.detach().numpy())\nk = a.dtype.kind\nreturn y + len(k)", {}),
    ("ndarray.dtype of an array made from a Python list", "y = x * 2\na = np.asarray([1.0, 2.0])\nk = a.dtype.kind\n"
     "return y + len(k)", {}),
    ("ndarray.dtype of a module-level array", "y = x * 2\nk = NUMS_ARRAY.dtype.kind\nreturn y + len(k)", {}),
    ("ndarray.flags of an array made from a tensor's values",
     "y = x * 2\na = np.asarray(y.detach().numpy())\nc = a.flags.c_contiguous\nreturn y + int(c)", {}),
    ("ndarray.ndim and .shape of an array made from a tensor's values",
     "y = x * 2\na = np.asarray(y.detach().numpy())\nreturn y + a.ndim + a.shape[0]", {}),
    ("ndarray.dtype of np.array of a tensor's values", "y = x * 2\na = np.array(y.detach().numpy())\nk = a.dtype.kind\n"
     "return y + len(k)", {}),
    ("ndarray.dtype of np.zeros", "y = x * 2\na = np.zeros(4)\nk = a.dtype.kind\nreturn y + len(k)", {}),
    ("ndarray.dtype of np.ascontiguousarray rebinding np.asarray", "y = x * 2\na = np.asarray(y.detach().numpy())\n"
     "a = np.ascontiguousarray(a, dtype=np.float64)\nk = a.dtype.kind\nreturn y + len(k)", {}),
    ("ndarray.dtype compared with a NumPy dtype", "y = x * 2\na = np.asarray(y.detach().numpy())\n"
     "if a.dtype == np.float32:\n    y = y + 1\nreturn y", {}),
    ("range() of a count derived from an int parameter by arithmetic (haralick-torch's process_in_tiles)",
     "def tiles(img, tile, window):\n    pad = window // 2\n    h = img.shape[1] - 2 * pad\n    parts = []\n"
     "    for i in range(0, h, tile):\n        parts.append(img[:, i:i + tile].sum())\n    return torch.stack(parts)\n"
     "return tiles(x * 2, 2, 3)", {}),
    ("range() of a count derived from a tensor's max by arithmetic",
     "def levels(v, k):\n    n = v.max().long() + k\n    parts = []\n    for i in range(n):\n"
     "        parts.append(v * i)\n    return parts\nreturn levels(x.abs() * 2, 1)", {}),
    ("a list literal in a list comprehension, frame skipped", "u = [x[0] * n for n in [5, 2]]\nfor r in x:\n    print(r)\nreturn u", {}),
    ("list in a list comprehension after the loop's break, in the loop",
     "for r in range(1):\n    print(r)\n    u = [x[0] * n for n in NUMS]\nreturn u", {}),
    ("list in a list comprehension after a loop that breaks",
     "for r in range(1):\n    print(r)\nu = [x[0] * n for n in NUMS]\nreturn u", {}),
]


def _source(cases) -> str:
    parts = [PRELUDE]
    for i, (name, body, _) in enumerate(cases):
        parts.append(f"\ndef case_{i}(x):  # {name}\n" + textwrap.indent(body, "    ") + "\n")
    return "".join(parts)


def _cases_module(cases):
    """The cases' functions after the prelude, written to a file and imported: (module, path)."""
    path = Path(tempfile.mkdtemp(prefix="constructs")) / "cases.py"
    path.write_text(_source(cases), encoding="utf-8")
    spec = importlib.util.spec_from_file_location("cases", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cases"] = mod  # Dynamo imports a TorchScript function's module when it breaks there
    spec.loader.exec_module(mod)
    return mod, path


def run(words: list[str]) -> list[tuple[str, object, list]]:
    import torch
    import torch._dynamo.config as dconfig

    from neuron_migrate.runtime.dynamo import measure, measure_first_call

    cases = [c for c in CASES if not words or any(w in c[0] for w in words)]
    mod, path = _cases_module(cases)
    lines = path.read_text().splitlines()
    rows = []
    for i, (name, body, config) in enumerate(cases):
        fn = getattr(mod, config.get("entry", f"case_{i}"))
        torch.manual_seed(0)
        x = torch.randn(4, 8)
        try:  # config: Dynamo's settings, and "grad": run with gradients (a training step's forward)
            with dconfig.patch(**{k: v for k, v in config.items() if k not in ("grad", "entry", "fresh")}):
                if "fresh" in config:  # the case calls FRESH, a module of that class built anew for each call
                    m = measure_first_call(functools.partial(_fresh, mod, config["fresh"], fn, x, config))[0]
                else:
                    m = measure(fn, (x,), grad=config.get("grad", False))
        except Exception as exc:  # the case itself fails eagerly or in Dynamo: report it
            rows.append((name, None, [f"error: {type(exc).__name__}: {str(exc).splitlines()[0][:100]}"]))
            continue
        breaks = []
        for b in m.breaks:
            flag = " (frame skipped)" if b.skip else " (rest of frame eager)" if b.rest else ""
            if b.file == str(path):
                breaks.append(f"`{lines[b.line - 1].strip()}`{flag}: {_cause(b.reason)} {gb_id(b.reason)}".rstrip())
            else:
                breaks.append(f"{Path(b.file).name}:{b.line}{flag}: {_cause(b.reason)} {gb_id(b.reason)}".rstrip())
        rows.append((name, m, breaks))
    return rows


def _fresh(mod, cls: str, fn, x, config: dict):
    """A first call's build (``measure_first_call``): the module the case calls as FRESH, built anew
    (a lazy module initialises its parameters at its first call, which a second call does not repeat)."""
    mod.FRESH = getattr(mod, cls)()
    return fn, (x,), {}, config.get("grad", False)


def gb_id(reason: str) -> str:
    """Dynamo's id of a break's type (``GB0124``): the registry entry (rules/generated/
    graph_breaks.json, extracted from this torch) whose type the message states, the longest
    when several match."""
    import json

    table = json.loads((Path(__file__).resolve().parents[2] / "rules" / "generated"
                        / "graph_breaks.json").read_text(encoding="utf-8"))["breaks"]
    hits = [(len(row["type"]), gb) for gb, row in table.items() if row["type"] and row["type"] in reason]
    return max(hits)[1] if hits else ""


# Dynamo's preambles say how it handled the break (shown as a flag); the cause follows them.
_PREAMBLES = (
    "Encountered graph break when attempting to trace CALL: a function call, e.g. f(x, y):",
    "Failed to handle graph break gracefully. Skipping the function and falling back to eager. "
    "Graph break encountered:",
    "Encountered graph break that we cannot resume from. Compiling up to the previous resumable "
    "state, then skipping the rest of the function. Graph break encountered:",
)


def _cause(reason: str, limit: int = 110) -> str:
    for p in _PREAMBLES:
        if reason.startswith(p):
            reason = reason[len(p):].strip() or p
    return reason[:limit]


def container_ops() -> None:
    """ATen calls of one eager call of each torch.nn container (sequence 8, batch 2, width 32):
    the weights of checks/graph_breaks.py's _CONTAINER_WEIGHT (calls per layer / 2)."""
    import torch
    import torch.nn as nn

    from neuron_migrate.runtime.dynamo import _CountAten

    x = torch.randn(8, 2, 32)
    cases = {
        "LSTM": (nn.LSTM(32, 32), (x,)), "LSTM, 2 layers": (nn.LSTM(32, 32, 2), (x,)),
        "GRU": (nn.GRU(32, 32), (x,)), "RNN": (nn.RNN(32, 32), (x,)),
        "LSTM, bidirectional": (nn.LSTM(32, 32, bidirectional=True), (x,)),
        "GRU, bidirectional": (nn.GRU(32, 32, bidirectional=True), (x,)),
        "RNN, bidirectional": (nn.RNN(32, 32, bidirectional=True), (x,)),
        "TransformerEncoderLayer": (nn.TransformerEncoderLayer(32, 2, 64), (x,)),
        "TransformerEncoder, 2 layers": (nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 2, 64), 2,
                                                               enable_nested_tensor=False), (x,)),
        "TransformerDecoderLayer": (nn.TransformerDecoderLayer(32, 2, 64), (x, x)),
        "MultiheadAttention": (nn.MultiheadAttention(32, 2), (x, x, x)),
        "Linear (for scale)": (nn.Linear(32, 32), (x,)),
    }
    print("| container | ATen calls | weight (calls / 2) |")
    print("|---|---|---|")
    for name, (module, args) in cases.items():
        counter = _CountAten()
        with torch.no_grad(), counter:
            module.eval()(*args)
        print(f"| {name} | {counter.calls} | {round(counter.calls / 2)} |")


def grown_loop_compiles(steps: int = 12) -> None:
    """Compiles of a module that a sampling loop calls with a sequence it grows by one token
    per step (NM308), with Dynamo's default (dynamic shapes after the first recompile) and with
    dynamic=False (static shapes, as the Neuron backend compiles them)."""
    import torch
    import torch._dynamo
    import torch.nn as nn

    class TinyLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed, self.head = nn.Embedding(50, 8), nn.Linear(8, 50)

        def forward(self, idx):
            return self.head(self.embed(idx))

    def update(idx, logits):  # whisper's GreedyDecoder.update: the sequence grown in a callee
        return torch.cat((idx, logits[:, -1].argmax(-1, keepdim=True)), dim=1), False

    print(f"| torch.compile | compiles over {steps} steps |")
    print("|---|---|")
    for dynamic, callee in ((None, False), (False, False), (False, True)):
        torch._dynamo.reset()
        compiles = []

        def count(gm, example_inputs):
            compiles.append(gm)
            return gm.forward

        model = torch.compile(TinyLM(), backend=count, dynamic=dynamic)
        idx = torch.zeros(1, 1, dtype=torch.long)
        with torch.no_grad():
            for _ in range(steps):
                if callee:
                    idx, done = update(idx, model(idx))
                else:
                    nxt = model(idx)[:, -1].argmax(-1, keepdim=True)
                    idx = torch.cat((idx, nxt), dim=1)
        print(f"| dynamic={dynamic}{', grown in a callee' if callee else ''} | {len(compiles)} |")


def wrapper_calls(steps: int = 4) -> None:
    """Graphs compiled (a counting backend) when a method that calls the module itself in a
    loop, growing its input (a generate), is reached through ``torch.compile``'s wrapper
    (``OptimizedModule``) in the ways users write, against the module compiled in place (NM127,
    NM308, coverage's recompile of a generate)."""
    import functools

    import torch
    import torch._dynamo
    import torch.nn as nn

    class Sampler(nn.Module):  # a base that defines generate (a GenerationMixin-style class)
        def gen(self, x, steps):
            for _ in range(steps):
                x = torch.cat((x, self(x)[:, -1:]), dim=1)
            return x

    class LM(Sampler):
        def __init__(self):
            super().__init__()
            self.w = nn.Parameter(torch.ones(1))

        def forward(self, x):
            return x * self.w

        def own(self, x, steps):
            for _ in range(steps):
                x = torch.cat((x, self(x)[:, -1:]), dim=1)
            return x

        def by_forward(self, x, steps):
            for _ in range(steps):
                x = torch.cat((x, self.forward(x)[:, -1:]), dim=1)
            return x

        def feat(self, x):  # a method that never calls the module (timm's forward_features)
            return (x * self.w).relu() + 1

    def in_place(c, b, method, *args):
        m = LM()
        m.compile(backend=b)
        return getattr(m, method)(*(args or (x, steps)))

    def forward_replaced(c, method):
        m = LM()
        m.forward = c(m.forward)  # the instance's forward replaced by its compiled bound method
        return getattr(m, method)(x, steps)

    class Holder:  # a trainer or pipeline that keeps the model on an attribute
        def __init__(self, c=None, b=None):
            self.model = LM()
            if c is not None:
                self.model = c(self.model)  # the wrapper on the attribute
            if b is not None:
                self.model.compile(backend=b)  # the attribute's module compiled in place

        def sample(self, method):
            return getattr(self.model, method)(x, steps)

        def features(self, x):  # timm's DistillationTeacher._forward_features: the wrapper's method
            return self.model.feat(x)

    class EvalHolder(Holder):  # self.model = torch.compile(self.model).eval()
        def __init__(self, c):
            super().__init__()
            self.model = c(self.model).eval()

    x = torch.zeros(1, 1)
    cases = {
        "c(x)": lambda c, b: c(LM())(x),
        "c.own(x, n)": lambda c, b: c(LM()).own(x, steps),
        "c.gen(x, n), gen a base's": lambda c, b: c(LM()).gen(x, steps),
        "m.compile(); m.own(x, n)": lambda c, b: in_place(c, b, "own"),
        "m.compile(); m.gen(x, n), gen a base's": lambda c, b: in_place(c, b, "gen"),
        "m.compile(); m.by_forward(x, n) (self.forward)": lambda c, b: in_place(c, b, "by_forward"),
        "m.forward = torch.compile(m.forward); m.own(x, n)": lambda c, b: forward_replaced(c, "own"),
        "m.forward = torch.compile(m.forward); m.by_forward(x, n)": lambda c, b: forward_replaced(c, "by_forward"),
        "getattr(c, 'gen')(x, n)": lambda c, b: getattr(c(LM()), "gen")(x, steps),
        "functools.partial(c.gen, steps=n)(x)": lambda c, b: functools.partial(c(LM()).gen, steps=steps)(x),
        "c._orig_mod.gen(x, n)": lambda c, b: c(LM())._orig_mod.gen(x, steps),
        "torch.compile(nn.DataParallel(m)).module.gen(x, n)": lambda c, b: c(nn.DataParallel(LM())).module.gen(x, steps),
        "torch.compile(m).eval().gen(x, n)": lambda c, b: c(LM()).eval().gen(x, steps),
        "torch.compile(m).eval()(x)": lambda c, b: c(LM()).eval()(x),
        "torch.compile(m).to('cpu').eval().gen(x, n)": lambda c, b: c(LM()).to("cpu").eval().gen(x, steps),
        "torch.compile(m).to('cpu')(x)": lambda c, b: c(LM()).to("cpu")(x),
        "torch.compile(m.gen)(x, n)": lambda c, b: c(LM().gen)(x, steps),
        "self.model = torch.compile(self.model); self.model(x)": lambda c, b: Holder(c=c).model(x),
        "self.model = torch.compile(self.model); self.model.own(x, n) in another method": lambda c, b: Holder(c=c).sample("own"),
        "self.model = torch.compile(self.model); self.model.gen(x, n), gen a base's": lambda c, b: Holder(c=c).sample("gen"),
        "self.model.compile(); self.model.own(x, n) in another method": lambda c, b: Holder(b=b).sample("own"),
        "self.model.compile(); self.model.by_forward(x, n) (self.forward)": lambda c, b: Holder(b=b).sample("by_forward"),
        "c.feat(x), feat calling no self(...)": lambda c, b: c(LM()).feat(x),
        "m.compile(); m.feat(x)": lambda c, b: in_place(c, b, "feat", x),
        "self.model = torch.compile(self.model); self.model.feat(x) in another method": lambda c, b: Holder(c=c).features(x),
        "torch.compile(self.features)(x), self.model plain": lambda c, b: c(Holder().features)(x),
        "torch.compile(self.features)(x), self.model = torch.compile(self.model)": lambda c, b: c(Holder(c=c).features)(x),
        "self.model = torch.compile(self.model).eval(); self.model(x)": lambda c, b: EvalHolder(c).model(x),
        "self.model = torch.compile(self.model).eval(); self.model.own(x, n)": lambda c, b: EvalHolder(c).sample("own"),
    }
    print(f"| reached as ({steps} steps, the input grown by one each) | graphs compiled |")
    print("|---|---|")
    for name, run in cases.items():
        torch._dynamo.reset()
        graphs = []

        def count(gm, example_inputs):
            graphs.append(gm)
            return gm.forward

        with torch.no_grad():
            run(lambda mod: torch.compile(mod, backend=count), count)
        print(f"| `{name}` | {len(graphs)} |")
    for name, make in (("torch.compile(m).eval()", lambda: torch.compile(LM()).eval()),
                       ("torch.compile(m).to('cpu')", lambda: torch.compile(LM()).to("cpu"))):
        print(f"| `{name}` returns | {type(make()).__name__} |")


def parameter_types() -> None:
    """What a compiled optimizer step sees of its parameters' types (NM410): eager and
    compiled (backend "eager") results of type tests on a parameter reached through
    ``param_groups``, against the same tests elsewhere. Each function does a tensor op with
    the test's result: Dynamo runs a frame that makes no graph eagerly, with eager results."""
    import torch
    import torch._dynamo
    import torch.nn as nn

    class Sub(torch.Tensor):  # a plain tensor subclass
        pass

    class Guarded(torch.Tensor):  # geoopt's ManifoldTensor: its __torch_function__ disabled
        __torch_function__ = torch._C._disabled_torch_function_impl

    class GuardedParameter(Guarded, nn.Parameter):
        def __new__(cls, data):
            return torch.Tensor._make_subclass(cls, data, True)

    class OwnParameter(nn.Parameter):  # an nn.Parameter subclass
        pass

    tests = {
        "isinstance(p, C)": lambda p, c: isinstance(p, c),
        "isinstance(p, (C, float))": lambda p, c: isinstance(p, (c, float)),
        "type(p) is C": lambda p, c: type(p) is c,
        "isinstance(p, nn.Parameter)": lambda p, c: isinstance(p, nn.Parameter),
        "isinstance(p, torch.Tensor)": lambda p, c: isinstance(p, torch.Tensor),
        "hasattr(p, tag) (set on the instance)": lambda p, c: hasattr(p, "tag"),
    }

    def use(test: bool):
        return torch.ones(1) * (2.0 if test else 1.0)

    class Step(torch.optim.Optimizer):
        def __init__(self, params, cls, test):
            super().__init__(params, {})
            self.cls, self.test = cls, test

        @torch.no_grad()
        def step(self):  # the loop of every optimizer
            return [use(self.test(p, self.cls)) for group in self.param_groups for p in group["params"]]

        def helper(self):  # the parameter handed to a method
            return [self._one(p) for p in self.param_groups[0]["params"]]

        def _one(self, p):
            return use(self.test(p, self.cls))

    def over_groups(opt):  # a function, not a method, given the optimizer
        return [use(opt.test(p, opt.cls)) for g in opt.param_groups for p in g["params"]]

    def over_module(m):  # the same parameter reached through a module
        return [use(m.test(p, m.cls)) for p in m.parameters()]

    def compiled(fn, *args):
        torch._dynamo.reset()
        return torch.compile(fn, backend="eager")(*args)

    kinds = [("nn.Parameter subclass", OwnParameter, lambda: OwnParameter(torch.ones(3))),
             ("tensor subclass, __torch_function__ disabled", Guarded, lambda: GuardedParameter(torch.ones(3))),
             ("tensor subclass (a leaf, not a Parameter)", Sub, lambda: torch.ones(3).as_subclass(Sub).requires_grad_())]
    print("| parameter | test | eager | step | method given p | function given the optimizer | module.parameters() |")
    print("|---|---|---|---|---|---|---|")
    for kind, cls, make in kinds:
        for name, test in tests.items():
            def fresh():  # a new parameter and optimizer for every call
                p = make()
                p.tag = 1
                module = nn.Module()
                if isinstance(p, nn.Parameter):
                    module.p = p
                module.cls, module.test = cls, test
                return Step([p], cls, test), module
            row = [fresh()[0].step(), compiled(fresh()[0].step), compiled(fresh()[0].helper),
                   compiled(over_groups, fresh()[0]), compiled(over_module, fresh()[1])]
            print(f"| {kind} | `{name}` | " + " | ".join(str(bool(v[0] == 2)) if v else "–" for v in row) + " |")


def resume_frames() -> None:
    """Whether Dynamo traces the frame it resumes in after a break (``has_tensor_in_frame``): a method of a
    plain class taking only ``self`` breaks at its optimizer's ``zero_grad()`` first (langevin-sampling's
    ``LangevinDynamics.sample``), then calls ``backward()`` and ``.item()``; against the same with a tensor
    argument, and with the global ``torch`` named after the break; and a ``warnings.warn`` first, then
    ``.item()`` (``ResumeSampler`` in the prelude); the same of a subclass of ``abc.ABC`` (``AbstractSampler``)."""
    import torch

    from neuron_migrate.runtime.dynamo import measure

    cases = _cases_module([])[0]
    print("| method (no tensor before the break) | graphs | breaks, by line of the method |")
    print("|---|---|---|")
    for sampler in (cases.ResumeSampler, cases.AbstractSampler):
        for name, args in (("sample", ()), ("sample_given", (torch.ones(1),)), ("sample_named", ()), ("warned", ())):
            m = measure(getattr(sampler(), name), args, grad=True)
            start = getattr(sampler, name).__code__.co_firstlineno
            print(f"| `{sampler.__name__}.{name}` | {m.graphs} | "
                  + ", ".join(f"{b.line - start}: {gb_id(b.reason)}" for b in m.breaks) + " |")


def numpy_unmapped() -> None:
    """The callables of NumPy's namespaces Dynamo traces (numpy, numpy.fft, numpy.linalg) that it does not map to
    torch._numpy (``get_np_to_tnp_map``), dtypes and type information aside: calling one in traced code breaks,
    whatever its arguments ("attempted to trace numpy function unsupported by PyTorch", GB0294; constructs
    "np.poly1d of a list of floats (pinn-rk's _lagrange_integral)", "np.polyval ...", "np.interp ...")."""
    import inspect

    import numpy as np
    from torch._dynamo import trace_rules
    from torch._dynamo.variables.misc import get_np_to_tnp_map

    mapped = get_np_to_tnp_map()
    for mod in (np, np.fft, np.linalg):
        names = [n for n in sorted(dir(mod)) if not n.startswith("_") and callable(v := getattr(mod, n))
                 and not inspect.ismodule(v) and trace_rules.is_numpy(v) and not trace_rules.is_numpy_dtype(v)
                 and not trace_rules.is_numpy_type_info(v) and v not in mapped]
        print(f"{mod.__name__} ({np.__version__}): {', '.join(names)}")


def main(argv: list[str]) -> int:
    import io
    import contextlib as cl

    if argv[:1] == ["--numpy-unmapped"]:
        numpy_unmapped()
        return 0

    if argv[:1] == ["--container-ops"]:
        container_ops()
        return 0
    if argv[:1] == ["--grown-loop"]:
        grown_loop_compiles()
        return 0
    if argv[:1] == ["--wrapper-calls"]:
        wrapper_calls()
        return 0
    if argv[:1] == ["--parameter-types"]:
        parameter_types()
        return 0
    if argv[:1] == ["--resume-frames"]:
        resume_frames()
        return 0

    with cl.redirect_stdout(io.StringIO()):  # the cases print
        rows = run(argv)
    print("| construct | graphs | breaks | coverage | where and why |")
    print("|---|---|---|---|---|")
    for name, m, breaks in rows:
        if m is None:
            print(f"| {name} | – | – | – | {breaks[0]} |")
            continue
        cov = "–" if m.coverage is None else f"{m.coverage:.0%}"
        why = "<br>".join(b.replace("|", "\\|") for b in breaks) or "none"
        print(f"| {name} | {m.graphs} | {len(m.breaks)} | {cov} | {why} |")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    raise SystemExit(main(sys.argv[1:]))
