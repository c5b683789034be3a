"""Download the public release files of the calibration's model sources and unpack their .py files.

The stored measurements (measurements.json) were taken on the sources' public code; rescoring
them needs that code, because the static side reads it. The sources published on PyPI are
pinned in sources.txt (pip's hash-checking requirements format: one ``name==version
--hash=sha256:...`` line each, one file per release). This script fetches exactly those files
from the package index, checks their sha256, and unpacks only their ``.py`` files into a
folder laid out like ``$NEURON_MIGRATE_EXT`` (``timm/timm/...``, ``pytorch_geometric/torch_geometric/...``).
Nothing is installed, imported or built (pip would build an sdist's metadata, that is run its
setup.py); archives are read as hostile: a member with an absolute path, a ``..`` part, a
link or a device is refused, and the whole release with it.

    python benchmarks/calibration/sources.py             # fetch into the cache folder; print it
    python benchmarks/calibration/sources.py --dest DIR

The folder is ``$NEURON_MIGRATE_SOURCES``, or ``neuron-migrate/calibration-sources`` in the user's
cache folder; a release already unpacked there (its marker names the pinned hash) is not
fetched again. The index is ``$PIP_INDEX_URL`` or https://pypi.org/simple (PEP 503 pages,
whose links carry each file's sha256).
"""

from __future__ import annotations

import argparse
import hashlib
import html.parser
import io
import os
import re
import shutil
import stat
import sys
import tarfile
import tempfile
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "sources.txt"
# distribution -> its folder under $NEURON_MIGRATE_EXT (the checkout's name)
FOLDERS = {"timm": "timm", "torch-geometric": "pytorch_geometric", "vit-pytorch": "vit-pytorch",
           "x-transformers": "x-transformers", "segment-anything": "segment-anything",
           "openai-whisper": "whisper", "torchvision": "torchvision",
           "denoising-diffusion-pytorch": "denoising-diffusion-pytorch",
           **{name: name for name in ("perceiver-pytorch", "performer-pytorch", "reformer-pytorch",
                                      "linear-attention-transformer", "vector-quantize-pytorch", "local-attention",
                                      "axial-positional-embedding", "product-key-memory", "colt5-attention",
                                      "hyper-connections", "linformer", "torchdiffeq", "kornia", "monai", "zuko",
                                      "torchsde", "torchcde", "rotary-embedding-torch", "megabyte-pytorch",
                                      "st-moe-pytorch", "coca-pytorch", "x-clip", "lion-pytorch", "pyro-ppl",
                                      "gpytorch", "linear-operator", "pytorch-metric-learning", "normflows", "geomloss",
                                      "e3nn", "segmentation-models-pytorch", "torchmetrics", "torch-optimizer", "entmax",
                                      "x-unet", "torch-einops-utils", "mixture-of-experts", "routing-transformer",
                                      "egnn-pytorch", "stable-baselines3", "pytorch-tabnet", "nflows", "julius",
                                      "pytorch-crf", "torch-struct", "auraloss", "asteroid-filterbanks", "schedulefree",
                                      "prodigyopt", "dadaptation", "pytorch-minimize", "freia", "pytorch-msssim",
                                      "torchode", "lpips", "piq", "mambapy", "nnaudio", "conformer", "pytorch-tcn",
                                      "itransformer", "rtdl-revisiting-models", "deepctr-torch", "soft-moe-pytorch",
                                      "info-nce-pytorch", "higher", "geoopt", "pytorch-optimizer", "roma", "pypose",
                                      "en-transformer", "graph-transformer-pytorch", "point-transformer-pytorch",
                                      "torcheval", "efficientnet-pytorch", "segformer-pytorch", "timesformer-pytorch",
                                      "bayesian-torch", "torchsurv", "torchkge", "pytorch-beam-search", "flowtorch",
                                      "ncps", "sinkhorn-transformer", "torch-ema", "pytorch-nlp", "fvcore", "torchsr",
                                      "adan-pytorch", "pfrl", "brevitas", "openunmix", "bs-roformer", "fast-bss-eval",
                                      "k-diffusion", "nbeats-pytorch", "tft-torch", "torchfm", "tab-transformer-pytorch",
                                      "rtdl-num-embeddings", "torch-pruning", "pytorch-ignite", "madgrad", "pytorch-warmup",
                                      "palm-pytorch", "peer-pytorch", "mingru-pytorch", "gated-state-spaces-pytorch",
                                      "flow-matching", "torchquad", "snntorch", "torchkbnufft",
                                      "invariant-point-attention", "fast-pytorch-kmeans", "kmeans-pytorch",
                                      "electra-pytorch", "mlm-pytorch", "diffwave", "torch-stoi", "torch-ac",
                                      "nystrom-attention", "geotorch", "torch-dct", "axial-attention",
                                      "torchbnn", "torchattacks", "torchcrf", "torch-kf", "nara-wpe", "siren-pytorch",
                                      "mlp-mixer-pytorch", "adabelief-pytorch", "came-pytorch", "kuat", "iteryne",
                                      "slot-attention", "drsa", "neurodiffeq",
                                      "opacus", "captum", "fair-esm", "diffsort", "backpack-for-pytorch",
                                      "charformer-pytorch", "mega-pytorch", "isab-pytorch",
                                      "qpth", "pomegranate", "pytorch-mppi", "arm-pytorch-utilities", "torchjd",
                                      "torch-yin", "pykan", "pythae",
                                      "pointnet", "s5-pytorch", "ci-sdr", "pytorch-pretrained-vit", "e2cnn",
                                      "torch-optimi", "vicregaddon", "cherry-rl", "etsformer-pytorch", "jet-pytorch",
                                      "encodec", "cooper-optim", "tntorch", "mup", "recsys-metrics", "torchgan",
                                      "pyhessian", "dall-e", "wavenet-vocoder", "torchxlstm", "snac",
                                      "pytorch-kinematics", "hypll", "minimamba", "torchflows", "ranger21",
                                      "torch-rechub", "torchgw", "pytorch-ood", "nngeometry",
                                      "torch-audiomentations", "blitz-bayesian-pytorch",
                                      "xitorch", "adabound", "adam-mini", "loralib", "pytorch-wavelets",
                                      "tensorly-torch", "sb3-contrib", "pytorch-toolbelt", "facenet-pytorch",
                                      "clip-anytorch", "torchcrepe", "hqq", "lightly", "torchscale", "vocos",
                                      "tensorly", "pywavelets",
                                      "ttach", "torchdrift", "taming-transformers-rom1504", "torchimize",
                                      "pytorch-ranger", "fft-conv-pytorch", "ema-pytorch", "adam-atan2-pytorch",
                                      "torch-kmeans", "focal-loss-torch", "torchinterp1d", "sparsemax",
                                      "muon-optimizer", "sophia-opt", "torch-pca", "torchcfm", "grokfast-pytorch",
                                      "adamp", "qhoptim", "dog-optimizer", "prodigy-plus-schedule-free", "torch-sm3",
                                      "ptwt", "torchist", "focal-frequency-loss", "balanced-loss", "lambda-networks",
                                      "mogrifier", "compressive-transformer-pytorch", "torch-cgd", "torchcontrib",
                                      "imbalanced-losses", "v-diffusion-pytorch",
                                      "piqa", "kron-torch", "psgd-torch", "torch-adopt", "ranger-adabelief",
                                      "pytorch-lamb", "adamod", "mpc", "torchdiffeqpack",
                                      "hourglass-transformer-pytorch", "g-mlp-pytorch", "feedback-transformer-pytorch", "bidirectional-cross-attention",
                                      "torch-cubic-spline-grids", "nadir", "torch-lr-finder",
                                      "perceiver-ar-pytorch", "rela-transformer", "ponder-transformer", "geffnet",
                                      "bottleneck-transformer-pytorch", "halonet-pytorch", "gsa-pytorch",
                                      "hamburger-pytorch", "lie-transformer-pytorch", "deformable-attention",
                                      "grokadamw", "parameterfree", "expectigrad", "dowgopt", "ncg-optimizer",
                                      "pytopk", "cbloss",
                                      "speculative-decoding", "torchdeq", "tsne-torch", "nms-3d", "quantizer-pytorch",
                                      "ranking-metrics-torch", "multi-quantization", "rigl-torch", "beam-search-bb",
                                      "nsvq", "proxy-losses", "tiny-knn", "torch-hungarian", "sinkhorn-router-pytorch",
                                      "glom-pytorch", "token-shift-gpt",
                                      "bayesian-changepoint", "bleu-torch", "ddtw", "ecg-augmentations", "mixup",
                                      "online-triplet-loss", "pytorch-gmm", "qqn-torch", "sliced-wasserstein", "fdeint",
                                      "mdot-tnt", "dasp-pytorch", "rectiou", "mgiou", "langevin-sampling",
                                      "bloom-torch",
                                      "torchnmf", "fastica-torch", "torchstain", "pfhedge", "gsw-torch", "pyniftireg",
                                      "torch-treecrf", "torchlanc", "torchskradon", "tomesd", "torch-tps", "pynsm",
                                      "torchsparsegradutils", "power-spherical", "torchgating",
                                      "pytorch-histogram-matching",
                                      "ltntorch", "pytorch-tree-lstm", "lsuv", "torch-pso", "torchpdlp", "torch-kde",
                                      "coral-pytorch", "deel-torchlip", "proxtorch", "torchcam", "glm-saga", "detorch",
                                      "torch-linode", "jrmpc", "widestats",
                                      "pyqtorch", "pytorch-influence-functions", "dnc", "rosa-torch", "psp-torch",
                                      "exact-snn-nn", "levmarq-torch", "flash-semicrf", "spikingtorch", "torch-ngram",
                                      "symtorch", "batchdist", "cw-torch", "hexagdly", "octconv", "esgp",
                                      "torchmd", "voltorch", "boltzmann-generators", "nes-torch", "rapidphase",
                                      "diff-nurbs", "batch-nl-torch", "maifs", "torch-pme",
                                      "random-fourier-features-pytorch", "splinetorch", "pyteals", "torch-contour",
                                      "notears-pytorch", "pytorch-mr", "dbini-torch", "torchreg", "emltorch",
                                      "torchsom", "compboost", "easyfsl", "ba-cuda", "difftmm", "torch-distmap",
                                      "torchheat", "sweep-nn", "torchtomo",
                                      "torchscriptworld", "torchrir", "fdtd", "pytorchfire", "torchcontrol",
                                      "torch-friction", "torchqc", "pt-loop", "torchfsm", "torchoptics",
                                      "torchdeform", "dstft", "gsxform",
                                      "ebmkit", "mrirecon", "torch-linops", "hough-tmf", "neuro-fuzzy-toolbox",
                                      "torch-diffsim", "phasetorch", "afx-audio", "mgnet", "survival-distributions",
                                      "diveq", "monotonicnetworks",
                                      "swarmtorch", "hessian-eigenthings", "polystep", "adaswarm", "pyamica",
                                      "neural-trees", "casmo-optimizer", "otloss", "torchperslay",
                                      "torch-incremental-pca", "torchcwt", "fdwt", "torch-supercluster",
                                      "autolrp", "clearn-ai", "crfseg", "shadow-ssml", "rictr", "oflibpytorch",
                                      "torchtransform", "edl-pytorch", "mixture-density-nets", "koopman", "rph",
                                      "torch-hd", "wl-stats-torch",
                                      "torchclust", "pt-kmeans", "notmiwae-pytorch", "pycorre", "torch-dxdt",
                                      "torchfbm", "pytorchltr2", "torch-fps", "qste", "bitorch", "skerch",
                                      "torch-linear-assignment", "torchspd", "minimal-zoom-fft", "torch-mdct",
                                      "torchvine", "torch-sla", "sparse-kappa", "torchmodal", "tomosphero",
                                      "torchradio",
                                      "mrphy", "torchrbf", "torch-bspline", "torchkm", "df0-pitch",
                                      "audiofeat", "vbpr-pytorch", "torchcp", "pinn-rk",
                                      "torch-efd", "torch-frft", "stable-trunc-gaussian", "pytorch-mvgc",
                                      "kazane", "stlcgpp", "diffcb", "qualitative-qsim", "nhsmm",
                                      "torchqubo", "torchtsetlin", "torchbelief", "haralick-torch",
                                      "torch-betainc", "kuwahara-torch", "gns-pytorch",
                                      "torchdensityestimation", "torch-crps", "torchorthopolys", "torchrolling",
                                      "cpd-pytorch", "torch-numopt", "expsolve", "deepgp-torch", "torchspin",
                                      "torch-nl", "torch-ransac3d", "sngp", "fswlib",
                                      "pytorch-approximate-retrieval",
                                      "bound-propagation", "fairret", "torch-pc", "fflib", "curriculumguard",
                                      "torchdae", "humancompatible-train", "diffgrf", "torchcdt",
                                      "early-stopping-pytorch", "pytorch-dlrs", "efficient-polling-lr-scheduler",
                                      "smartclip", "torch-gqc", "torch-schedule-anything", "torchdiag", "hippotorch",
                                      "label-relaxation", "relativistic-adam")}}
# the releases' own dependencies, installed beside them when they were measured (a folder on
# PYTHONPATH, stored as ``$PYTHONPATH/<package>/...``): top-level package -> the distribution of
# sources.txt whose pinned release holds its code (the same version as installed). The static
# side follows traced calls into these, read from their pinned folders, as a scan follows into
# installed libraries; a measured break in a dependency not named here is said, not dropped.
DEPENDENCIES = {"torchdiffeq": "torchdiffeq", "arm_pytorch_utilities": "arm-pytorch-utilities", "julius": "julius",
                "stable_baselines3": "stable-baselines3", "tensorly": "tensorly",
                "pywt": "pywavelets"}
MARKER = ".release"  # in each unpacked folder: "name==version sha256", written last
MAX_BYTES = 200 * 2**20  # a release file larger than this is refused


class Refused(Exception):
    """A release that does not match its pin or holds a member we will not unpack."""


def default_dest() -> Path:
    if os.environ.get("NEURON_MIGRATE_SOURCES"):
        return Path(os.environ["NEURON_MIGRATE_SOURCES"])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "neuron-migrate" / "calibration-sources"


def pins(path: Path = REQUIREMENTS) -> list[tuple[str, str, str]]:
    """(name, version, sha256) of each line of the requirements file."""
    out = []
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if not m:
            raise ValueError(f"{path.name}: not a pinned line with one sha256: {line!r}")
        out.append((canonical(m[1]), m[2], m[3]))
    return out


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self.links += [v for k, v in attrs if k == "href" and v]


def _url_of(index: str, name: str, sha256: str) -> str:
    """The index link to the file whose sha256 is pinned (PEP 503: ``#sha256=`` in the link)."""
    page = urllib.parse.urljoin(index.rstrip("/") + "/", name + "/")
    with urllib.request.urlopen(urllib.request.Request(page, headers={"Accept": "text/html"}), timeout=60) as r:
        parser = _Links()
        parser.feed(r.read().decode("utf-8", "replace"))
    for link in parser.links:
        url, _, fragment = link.partition("#")
        if fragment == f"sha256={sha256}":
            return urllib.parse.urljoin(page, url)
    raise Refused(f"{name}: no file with sha256 {sha256[:12]}... on {page}")


def _download(url: str, sha256: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as r:
        data = r.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise Refused(f"{url}: larger than {MAX_BYTES} bytes")
    got = hashlib.sha256(data).hexdigest()
    if got != sha256:
        raise Refused(f"{url}: sha256 {got}, pinned {sha256}")
    return data


def _safe(name: str) -> PurePosixPath:
    p = PurePosixPath(name)
    if p.is_absolute() or ".." in p.parts or "\\" in name or not p.parts or ":" in p.parts[0]:
        raise Refused(f"member {name!r}: absolute or outside the archive")
    return p


def members(filename: str, data: bytes):
    """(relative path, bytes) of every .py file of a wheel or an sdist; the sdist's top folder
    is dropped. Any link, device or unsafe name in the archive refuses the whole file."""
    if filename.endswith(".whl"):
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for info in z.infolist():
                path = _safe(info.filename)
                kind = stat.S_IFMT(info.external_attr >> 16)  # 0: no Unix mode recorded
                if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                    raise Refused(f"{filename}: member {info.filename!r} is not a regular file")
                if info.is_dir() or path.suffix != ".py" or path.parts[0].endswith((".dist-info", ".data")):
                    continue
                yield path, z.read(info)
    elif filename.endswith((".tar.gz", ".tgz")):
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as t:
            for info in t.getmembers():
                path = _safe(info.name)
                if not (info.isfile() or info.isdir()):
                    raise Refused(f"{filename}: member {info.name!r} is a link or a device")
                if info.isdir() or path.suffix != ".py" or len(path.parts) < 2:
                    continue
                yield PurePosixPath(*path.parts[1:]), t.extractfile(info).read()
    else:
        raise Refused(f"{filename}: neither a wheel nor a .tar.gz sdist")


def unpack(filename: str, data: bytes, folder: Path) -> int:
    """Write the .py members into ``folder`` (replaced whole); the number of files."""
    files = list(members(filename, data))  # all checked before anything is written
    tmp = Path(tempfile.mkdtemp(prefix=".unpack-", dir=folder.parent))
    try:
        for rel, content in files:
            target = tmp.joinpath(*rel.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        if folder.exists():
            shutil.rmtree(folder)
        tmp.rename(folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return len(files)


def _unpacked(dest: Path, name: str, version: str, sha256: str) -> bool:
    marker = dest / FOLDERS[name] / MARKER
    return marker.is_file() and marker.read_text(encoding="utf-8") == f"{name}=={version} {sha256}\n"


def missing(dest: Path) -> list[str]:
    """The pinned releases not (or not as pinned) unpacked in ``dest``."""
    return [f"{name}=={version}" for name, version, sha256 in pins() if not _unpacked(dest, name, version, sha256)]


def fetch(dest: Path, index: str | None = None, log=print) -> list[str]:
    """Make ``dest/<folder>`` hold each pinned release's .py files; the folders that were fetched."""
    index = index or os.environ.get("PIP_INDEX_URL") or "https://pypi.org/simple"
    dest.mkdir(parents=True, exist_ok=True)
    fetched = []
    for name, version, sha256 in pins():
        if _unpacked(dest, name, version, sha256):
            continue
        folder = dest / FOLDERS[name]
        url = _url_of(index, name, sha256)
        filename = urllib.parse.unquote(url.rsplit("/", 1)[-1])
        count = unpack(filename, _download(url, sha256), folder)
        (folder / MARKER).write_text(f"{name}=={version} {sha256}\n", encoding="utf-8")
        log(f"{name}=={version}: {count} .py files from {filename}")
        fetched.append(FOLDERS[name])
    return fetched


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=None, help="the folder (default: the cache folder)")
    args = ap.parse_args(argv)
    dest = args.dest or default_dest()
    try:
        fetch(dest, log=lambda m: print(m, file=sys.stderr))
    except (Refused, ValueError, OSError) as exc:
        print(f"sources: {exc}", file=sys.stderr)
        return 1
    print(dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
