"""Following traced code across the project's files into compile entries that are not a
``forward`` (fixtures/projects/compile_entries), and into installed libraries' sources
(fixtures/projects/follow_library: ``site/`` plays site-packages, nothing is imported)."""

import json
import shutil
import sys
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest

from neuron_migrate.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "projects"
ENTRIES = FIXTURES / "compile_entries"
LIBRARY = FIXTURES / "follow_library"


def scan(capsys, root, *args, fmt="json"):
    main(["scan", str(root), "-f", fmt, "-q", "--no-cache", "--exit-zero", "--select", "NM3,NM4", *args])
    out = capsys.readouterr().out
    return json.loads(out)


def test_a_compiled_method_of_a_model_built_in_another_module(capsys):
    doc = scan(capsys, ENTRIES)
    cc = doc["compile_coverage"]
    assert cc["entries_source"] == "compiled"
    [entry] = cc["entries"]
    assert entry["entry"] == "sampler/model.py:TinyLM.generate"
    # the block's break is in another file, held as self.block = Block(dim)
    assert entry["files"] == ["sampler/layers.py", "sampler/model.py"]
    assert entry["break_statements"] == 1
    # the block's break splits forward at the call (a break below it, across files); forward
    # is called in generate's loop, so generate runs eagerly (1) and the block is a frame of
    # its own with a graph on each side of its branch (2): 1 + 1 + 2. Dynamo (torch 2.13,
    # one step) made 4 graphs: embed, the branch's test, the branch and proj, head.
    assert entry["expected_graphs"] == 4
    assert entry["expected_recompiles"] == 1  # the token appended per step
    assert entry["recompile_sources"][0]["path"] == "sampler/model.py"
    why = {f["name"]: f["why"] for m in cc["modules"] for f in m["functions"]}
    assert why["TinyLM.generate"] == "compiled with torch.compile at generate.py:6"


def test_a_pipeline_call_entry_counts_breaks_in_other_files_and_names_the_entry(capsys):
    doc = scan(capsys, ENTRIES, "--entry", "sampler.pipeline:Pipeline.__call__")
    [entry] = doc["compile_coverage"]["entries"]
    assert entry["files"] == ["sampler/layers.py", "sampler/model.py", "sampler/pipeline.py",
                              "sampler/scheduler.py", "sampler/utils.py"]
    assert entry["break_statements"] == 2 and entry["traced_functions"] == 5
    got = {(f["path"], f["line"]): f["message"] for f in doc["findings"]}
    # not utils.unused; generate's growing sequence is NM308's (model.py:22)
    assert set(got) == {("sampler/layers.py", 11), ("sampler/utils.py", 2), ("sampler/model.py", 22)}
    # two hops away: the entry, and the call that led there
    assert ("reached from sampler/pipeline.py:Pipeline.__call__ through sampler/scheduler.py:Scheduler.step"
            in got[("sampler/utils.py", 2)])


@pytest.fixture
def site(monkeypatch, tmp_path):
    """The fixture's site-packages on the search path, and a project copy of our own."""
    monkeypatch.syspath_prepend(str(LIBRARY / "site"))
    shutil.copytree(LIBRARY / "project", tmp_path / "project")
    return tmp_path / "project"


def lines(doc):
    return sorted((f["path"], f["line"], f["code"]) for f in doc["findings"])


def test_breaks_inside_a_library_are_reported_at_the_users_call_site(capsys, site):
    doc = scan(capsys, site)
    # train.py compiles create_model("tiny_net") (the registry's `-> TinyNet`); finetune.py a
    # subclass whose forward calls an inherited method, wrap.py one that calls super().forward;
    # eval.py is not compiled: not followed
    assert lines(doc) == [("finetune.py", 7, "NM403"), ("train.py", 5, "NM403"), ("wrap.py", 7, "NM403")]
    f = next(f for f in doc["findings"] if f["path"] == "train.py")
    assert f["message"] == ("`print` is not traced by Dynamo (graph break), inside `tinyvision/layers/pos.py:6` "
                            "(tinyvision 0.3.0, in `resample`), reached from `train.py:5` [Dynamo GB0059]")
    assert f["related"] == [{"path": "tinyvision/layers/pos.py", "line": 6, "column": 9,
                             "message": "`print` is not traced by Dynamo (graph break) [Dynamo GB0059]"}]
    assert (f["column"], f["end_column"]) == (1, 47)
    assert not any("site-packages" in json.dumps(x) for x in doc["findings"])
    entries = {e["entry"]: e for e in doc["compile_coverage"]["entries"]}
    lib = entries["tinyvision/models/net.py:TinyNet.forward"]
    assert lib["library"] == "tinyvision" and lib["break_statements"] == 1
    assert lib["files"] == ["tinyvision/layers/pos.py", "tinyvision/models/net.py"]
    assert entries["finetune.py:Tuned.forward"]["break_statements"] == 1
    assert doc["compile_coverage"]["libraries"] == [{"package": "tinyvision", "version": "0.3.0", "files": 2}]
    schema = json.loads(files("neuron_migrate").joinpath("schemas", "scan.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(doc)  # related[], entries' files/library, libraries[]
    # the library's own modules are no modules of the project
    assert all(not m["path"].startswith("tinyvision/") for m in doc["compile_coverage"]["modules"])


def test_a_library_used_from_a_checkout_names_the_version_its_source_declares(capsys, monkeypatch, tmp_path):
    # on PYTHONPATH from a checkout: no *.dist-info beside the package (timm from a git clone)
    checkout = tmp_path / "checkout"
    shutil.copytree(LIBRARY / "site", checkout, ignore=shutil.ignore_patterns("*.dist-info"))
    shutil.copytree(LIBRARY / "project", tmp_path / "project")
    monkeypatch.syspath_prepend(str(checkout))

    def named():
        doc = scan(capsys, tmp_path / "project")
        message = next(f["message"] for f in doc["findings"] if f["path"] == "train.py")
        return doc["compile_coverage"]["libraries"][0]["version"], message.split("` (")[1].split(",")[0:2]

    assert named() == ("unknown", ["tinyvision", " version unknown"])  # never an empty field
    (checkout / "pyproject.toml").write_text('[project]\nname = "tinyvision"\nversion = "0.4.0"\n')
    assert named() == ("0.4.0", ["tinyvision 0.4.0", " in `resample`)"])
    (checkout / "tinyvision" / "version.py").write_text("__version__ = '0.5.0.dev0'\n")  # timm/version.py
    assert named()[0] == "0.5.0.dev0"
    (checkout / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "9.9"\n')
    (checkout / "tinyvision" / "version.py").unlink()
    assert named()[0] == "unknown"  # another project's pyproject.toml says nothing about this one


def test_the_report_names_a_library_entry_without_linking_it(capsys, site, tmp_path):
    out = tmp_path / "report.md"
    assert main(["report", str(site), "-o", str(out), "-q", "--no-cache"]) == 0
    text = out.read_text()
    assert "| `TinyNet.forward (installed tinyvision, tinyvision/models/net.py)` | — |" in text
    html = tmp_path / "report.html"
    assert main(["report", str(site), "-o", str(html), "-q", "--no-cache"]) == 0
    assert 'href="tinyvision/' not in html.read_text()


def test_follow_and_no_follow(capsys, site):
    doc = scan(capsys, site, "--no-follow")
    assert lines(doc) == [] and "libraries" not in doc["compile_coverage"]
    assert lines(scan(capsys, site, "--follow", "tinyvision")) == [
        ("eval.py", 12, "NM403"), ("finetune.py", 7, "NM403"), ("train.py", 5, "NM403"), ("wrap.py", 7, "NM403")]
    (site / "pyproject.toml").write_text("[tool.neuron-migrate]\nfollow = false\n")
    assert lines(scan(capsys, site)) == []
    (site / "pyproject.toml").write_text('[tool.neuron-migrate]\nfollow = ["tinyvision"]\n')
    assert len(lines(scan(capsys, site))) == 4
    (site / "pyproject.toml").write_text('[tool.neuron-migrate]\nfollow = ["tiny-vision"]\n')
    assert main(["scan", str(site), "-q", "--no-cache"]) == 2
    assert "not a top-level package name" in capsys.readouterr().err
    assert main(["scan", str(site), "-q", "--no-cache", "--follow", "a.b"]) == 2


def test_sarif_carries_the_library_location(capsys, site):
    main(["scan", str(site), "-f", "sarif", "-q", "--no-cache", "--exit-zero", "--select", "NM4"])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    related = [r["relatedLocations"] for r in results if "relatedLocations" in r]
    assert len(related) == 3
    loc = related[0][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "tinyvision/layers/pos.py", "uriBaseId": "PYTHON_SITE_PACKAGES"}
    assert loc["region"] == {"startLine": 6, "startColumn": 9}


def test_library_results_are_cached_across_projects(capsys, site, tmp_path, monkeypatch):
    from neuron_migrate import runner

    other = tmp_path / "other"
    shutil.copytree(site, other)
    analysed = []
    real = runner._analyse_bytes
    monkeypatch.setattr(runner, "_analyse_bytes",
                        lambda cand, *a: analysed.append(cand.rel) or real(cand, *a))

    def cached(root):
        main(["scan", str(root), "-f", "json", "-q", "--exit-zero", "--select", "NM4", "-j", "1"])
        return json.loads(capsys.readouterr().out)["findings"]

    first = cached(site)
    assert any(r.startswith("site-packages:tinyvision/") for r in analysed)
    analysed.clear()
    assert cached(other) == first  # another project: its own files analysed, the library's not
    assert analysed and not any(r.startswith("site-packages:") for r in analysed)


def test_a_warm_scan_parses_nothing_and_sees_an_edited_library_file(capsys, tmp_path, monkeypatch):
    """Following is cached: what the project model reads from a file (its ModuleFacts) is kept
    under the digest of its bytes, so a warm scan parses no file at all, and an edit to a
    library's file is seen on the next scan."""
    import ast

    lib = tmp_path / "site"
    shutil.copytree(LIBRARY / "site", lib)
    monkeypatch.syspath_prepend(str(lib))
    root = tmp_path / "project"
    shutil.copytree(LIBRARY / "project", root)

    def cached():
        main(["scan", str(root), "-f", "json", "-q", "--exit-zero", "--select", "NM3,NM4", "-j", "1"])
        return json.loads(capsys.readouterr().out)["findings"]

    first = cached()
    assert first == scan(capsys, root)["findings"] and any("tinyvision/layers/pos.py" in f["message"] for f in first)
    parsed = []
    real = ast.parse
    monkeypatch.setattr(ast, "parse", lambda *a, **k: parsed.append(a) or real(*a, **k))
    assert cached() == first and parsed == []
    pos = lib / "tinyvision" / "layers" / "pos.py"
    pos.write_text(pos.read_text().replace("        print(f\"resampling position embeddings to {n}\")\n", ""))
    edited = cached()
    assert parsed and edited != first
    assert edited == scan(capsys, root)["findings"]


def test_hostile_library_files_are_findings_never_tracebacks(capsys, site, tmp_path, monkeypatch):
    lib = tmp_path / "site"
    shutil.copytree(LIBRARY / "site", lib)
    monkeypatch.setattr(sys, "path", [str(lib), *[p for p in sys.path if "follow_library" not in p]])
    (lib / "tinyvision" / "models" / "loop").symlink_to(lib / "tinyvision" / "models")  # a link loop
    (lib / "tinyvision" / "layers" / "pos.py").write_text("def resample(pos, n:\n")  # does not parse
    doc = scan(capsys, site)
    # an error finding at every line that leads there (as a break inside it would be): no gate
    # passes by it, and each line's suppression and baseline entry is its own
    found = [f for f in doc["findings"] if f["code"] == "NM901"]
    assert [(f["path"], f["line"], f["severity"]) for f in found] == [
        ("finetune.py", 7, "error"), ("train.py", 5, "error"), ("wrap.py", 7, "error")]
    f = found[0]
    assert f["message"].startswith("cannot follow into `tinyvision/layers/pos.py` (tinyvision 0.3.0): syntax error")
    assert f["related"][0]["path"] == "tinyvision/layers/pos.py" and f["related"][0]["line"] == 1
    main(["scan", str(site), "-f", "sarif", "-q", "--no-cache", "--exit-zero", "--select", "NM4"])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].rsplit("/", 1)[1]) for r in results] == [
        ("NM901", "finetune.py"), ("NM901", "train.py"), ("NM901", "wrap.py")]  # selected or not, as a project file's
    main(["scan", str(site), "-q", "--no-cache", "--exit-zero", "--select", "NM4"])
    assert capsys.readouterr().out.count("NM901 cannot follow into `tinyvision/layers/pos.py`") == 3
    # a file larger than the tool reads: the same, as NM904
    from neuron_migrate import runner

    shutil.copy(LIBRARY / "site" / "tinyvision" / "layers" / "pos.py", lib / "tinyvision" / "layers" / "pos.py")
    with open(lib / "tinyvision" / "layers" / "pos.py", "a") as fh:
        fh.write("#" * 3000 + "\n")
    monkeypatch.setattr(runner, "MAX_BYTES", 2000)  # every other file is smaller
    f, *_ = [f for f in scan(capsys, site)["findings"] if f["code"].startswith("NM9")]
    assert (f["path"], f["code"]) == ("finetune.py", "NM904")
    assert f["message"].startswith("cannot follow into `tinyvision/layers/pos.py` (tinyvision 0.3.0): cannot read")


def test_locating_never_imports(tmp_path, monkeypatch):
    from neuron_migrate.project.libraries import Libraries

    pkg = tmp_path / "boom"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("raise SystemExit('imported')\n")
    (pkg / "sub" / "__init__.py").write_text("raise SystemExit('imported')\n")
    (pkg / "sub" / "mod.py").write_text("x = 1\n")
    libs = Libraries([str(tmp_path)])
    assert libs.module("boom.sub.mod") == "site-packages:boom/sub/mod.py"
    assert libs.module("boom.sub") == "site-packages:boom/sub/__init__.py"
    assert libs.module("boom.nothing") is None and libs.module("torch.nn") is None
    assert "boom" not in sys.modules
    (pkg / "out.py").symlink_to(tmp_path / "elsewhere.py")  # a link out of the package
    (tmp_path / "elsewhere.py").write_text("y = 2\n")
    assert libs.module("boom.out") is None


def test_an_inline_ignore_on_the_users_line_silences_a_library_finding(capsys, site):
    """The break lives in the library but is reported at the user's line: a suppression there is
    the one the user can write, so it applies, counts as used, and `fix` keeps it."""
    train = site / "train.py"
    train.write_text(train.read_text().replace('backend="neuron")\n', 'backend="neuron")  # neuron-migrate: ignore[NM403]\n'))
    wrap = site / "wrap.py"
    wrap.write_text(wrap.read_text().replace("* 2  # the library's", "* 2  # neuron-migrate: ignore  # the library's"))
    finetune = site / "finetune.py"  # a code the library finding does not have: still unused
    finetune.write_text(finetune.read_text().replace(".sum(-1)\n", ".sum(-1)  # neuron-migrate: ignore[NM402]\n"))
    main(["scan", str(site), "-f", "json", "-q", "--no-cache", "--exit-zero"])
    doc = json.loads(capsys.readouterr().out)
    assert lines(doc) == [("finetune.py", 7, "NM403"), ("finetune.py", 7, "NM905")]
    assert doc["summary"]["suppressed"] == 2
    before = {p.name: p.read_text() for p in site.glob("*.py")}
    assert main(["fix", str(site), "--apply", "-q", "--no-cache"]) == 0
    after = {p.name: p.read_text() for p in site.glob("*.py")}
    assert after["train.py"] == before["train.py"] and after["wrap.py"] == before["wrap.py"]
    assert "ignore[NM402]" not in after["finetune.py"]  # the unused one goes, as in any file
    main(["scan", str(site), "-f", "json", "-q", "--no-cache", "--exit-zero", "--no-follow"])
    assert lines(json.loads(capsys.readouterr().out)) == [("train.py", 5, "NM905"), ("wrap.py", 7, "NM905")]


def test_fix_keeps_a_suppression_of_a_library_finding_when_lines_move(capsys, site):
    (site / "train.py").write_text(
        "import torch\nfrom torch.cuda.amp import GradScaler\nimport tinyvision\n\nscaler = GradScaler()\n"
        'model = torch.compile(tinyvision.create_model("tiny_net"), backend="neuron")  # neuron-migrate: ignore[NM403]\n')
    assert main(["fix", str(site), "--apply", "--unsafe-fixes", "-q", "--no-cache"]) == 0
    text = (site / "train.py").read_text()
    assert "GradScaler\n" not in text  # the import went: every line below moved up
    assert text.endswith('backend="neuron")  # neuron-migrate: ignore[NM403]\n')


def test_fix_keeps_a_suppression_used_only_when_traced_from_another_file(capsys, tmp_path):
    project = tmp_path / "p"
    shutil.copytree(ENTRIES, project)
    utils = project / "sampler" / "utils.py"
    utils.write_text(utils.read_text().replace("on the host\n", "on the host  # neuron-migrate: ignore[NM401]\n", 1))
    entry = ["--entry", "sampler.pipeline:Pipeline.__call__"]
    before = utils.read_text()
    main(["scan", str(project), "-f", "json", "-q", "--no-cache", "--exit-zero", *entry])
    doc = json.loads(capsys.readouterr().out)
    assert ("sampler/utils.py", 2) not in {(f["path"], f["line"]) for f in doc["findings"]}
    assert main(["fix", str(project), "--apply", "-q", "--no-cache", *entry]) == 0
    assert utils.read_text() == before
    main(["fix", str(project), "--apply", "-q", "--no-cache"])  # not traced without the entry: unused
    assert "neuron-migrate" not in utils.read_text()


def test_a_model_moved_or_put_in_eval_mode_is_the_model_compiled(capsys, site):
    """``Net().to(device)``, ``.cuda()``, ``.eval()`` return the module itself: compiling the
    result compiles the model the call built (as nanoGPT and diffusers' examples write it)."""
    train = site / "train.py"
    train.write_text(train.read_text().replace('classes=5)', 'classes=5).cuda().eval()'))
    wrap = site / "wrap.py"
    wrap.write_text(wrap.read_text().replace("torch.compile(Wrapped(),", "model = Wrapped().to('cuda')\nwrapped = torch.compile(model,"))
    assert lines(scan(capsys, site)) == [("finetune.py", 7, "NM403"), ("train.py", 5, "NM403"), ("wrap.py", 7, "NM403")]
    wrap.write_text(wrap.read_text().replace("Wrapped().to('cuda')", "Wrapped().to('cuda').parameters()"))
    assert ("wrap.py", 7, "NM403") not in lines(scan(capsys, site))  # not a module any more


def test_a_model_from_an_alternative_constructor_is_the_class_compiled(capsys, site):
    """``Cls.from_pretrained(...)``, ``Cls.from_config(...)`` build an instance of ``Cls``, as
    diffusers' and transformers' users load their models."""
    (site / "load.py").write_text(
        "import torch\nfrom tinyvision import TinyNet\n\nmodel = TinyNet.from_config({'classes': 3}).to('cuda')\n"
        "model = torch.compile(model, backend='neuron')\n")
    assert ("load.py", 5, "NM403") in lines(scan(capsys, site))
    (site / "load.py").write_text(
        "import torch\nfrom tinyvision import TinyNet\n\nmodel = TinyNet.features(None, None)\n"
        "model = torch.compile(model, backend='neuron')\n")  # a method, not a constructor
    assert not any(p == "load.py" for p, _, _ in lines(scan(capsys, site)))


def test_an_alternative_constructor_in_the_same_file(capsys, tmp_path):
    (tmp_path / "net.py").write_text(
        "import torch\nfrom torch import nn\n\nclass Net(nn.Module):\n    @classmethod\n"
        "    def from_config(cls, cfg):\n        return cls()\n\n    def forward(self, x):\n        return x\n\n"
        "model = Net.from_config({})\nmodel = torch.compile(model, backend='neuron')\n")
    cc = scan(capsys, tmp_path)["compile_coverage"]
    assert cc["entries_source"] == "compiled"
    why = {f["name"]: f["why"] for m in cc["modules"] for f in m["functions"]}
    assert why["Net.forward"].startswith("compiled with torch.compile")


def test_a_function_of_a_star_import_is_followed(capsys, tmp_path):
    """``from ..inputs import *`` (deepctr-torch's models): a name no scope of the file binds is
    looked up in the star-imported modules of the project; a name the file binds is not."""
    pkg = tmp_path / "pkg"
    (pkg / "models").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "models" / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "inputs.py").write_text(
        "def lookup(x):\n    return x.sum().item()\n\n\ndef shadowed(x):\n    print(x)\n    return x\n",
        encoding="utf-8")
    (pkg / "models" / "net.py").write_text(
        "import torch.nn as nn\nfrom ..inputs import *\n\n\ndef shadowed(x):\n    return x\n\n\n"
        "class Net(nn.Module):\n    def forward(self, x):\n        n = lookup(x)\n        return shadowed(x) * n\n",
        encoding="utf-8")
    doc = scan(capsys, tmp_path)
    assert [(f["path"], f["line"], f["code"]) for f in doc["findings"]] == [("pkg/inputs.py", 2, "NM401")]


COMPILERS = {
    "rl/__init__.py": "",
    "rl/wrap.py": ("import torch\n\n\n"
                   "class GraphWrapper:\n"
                   "    def __init__(self, func, warmup=3, compile_func=True):\n"
                   "        self._func = torch.compile(func) if compile_func else func\n\n"
                   "    def __call__(self, batch):\n        return self._func(batch)\n\n\n"
                   "def maybe_compile(model, *, fn=None):\n    return torch.compile(fn)\n\n\n"
                   "def compile_later(*args, warmup=1):\n"
                   "    if args:\n        fn = args[0]\n"
                   "    compiled = None\n\n"
                   "    def call(*a):\n        nonlocal compiled\n"
                   "        if compiled is None:\n            compiled = torch.compile(fn)\n"
                   "        return compiled(*a)\n    return call\n"),
    "rl/algo.py": ("from .wrap import GraphWrapper, compile_later, maybe_compile\n\n\n"
                   "class Impl:\n"
                   "    def __init__(self, q, compiled):\n"
                   "        self.q = q\n"
                   "        self._grad = GraphWrapper(self.compute_grad) if compiled else self.compute_grad\n"
                   "        self._act = maybe_compile(q, fn=self.act)\n\n"
                   "    def compute_grad(self, batch):\n"
                   "        loss = self.q(batch).sum()\n        loss.backward()\n        return loss\n\n"
                   "    def act(self, x):\n        return x.argmax().item()\n\n"
                   "    def unused(self, x):\n        return x.sum().item()\n\n\n"
                   "def train(q, batches):\n"
                   "    def update(b):\n        loss = q(b).sum()\n        print(loss)\n        return loss\n"
                   "    update = compile_later(update)\n"
                   "    return [update(b) for b in batches]\n"),
}


def test_a_function_handed_to_a_compiler_of_another_file_is_compiled(capsys, tmp_path):
    # d3rlpy's CudaGraphWrapper(self.compute_grad), whose __init__ compiles its parameter, a helper
    # compiling a keyword-only one, and torchrl's compile_with_warmup(update), whose closure compiles
    # args[0] later: each call hands a function that torch.compile traces
    for name, text in COMPILERS.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    doc = scan(capsys, tmp_path)
    entries = {e["entry"] for e in doc["compile_coverage"]["entries"]}
    assert entries == {"rl/algo.py:Impl.compute_grad", "rl/algo.py:Impl.act", "rl/algo.py:train.<locals>.update"}
    assert sorted((f["path"], f["line"], f["code"]) for f in doc["findings"]) == [
        ("rl/algo.py", 12, "NM404"), ("rl/algo.py", 16, "NM401"), ("rl/algo.py", 25, "NM403")]
    why = {f["name"]: f["why"] for m in doc["compile_coverage"]["modules"] for f in m["functions"]}
    assert why["Impl.compute_grad"] == "compiled with torch.compile at rl/wrap.py:6"
    assert why["Impl.act"] == "compiled with torch.compile at rl/wrap.py:13"
    assert why["train.<locals>.update"] == "compiled with torch.compile at rl/wrap.py:24"


def test_a_function_handed_to_a_compiler_of_its_own_file_is_compiled(capsys, tmp_path):
    text = COMPILERS["rl/wrap.py"] + "\n\n" + COMPILERS["rl/algo.py"].split("\n", 3)[3]
    (tmp_path / "one.py").write_text(text + "\n\ndef step(x):\n    print(x)\n    return x * 2\n\n\nfast = maybe_compile(None, fn=step)\n")
    doc = scan(capsys, tmp_path)
    entries = {e["entry"] for e in doc["compile_coverage"]["entries"]}
    assert entries == {"one.py:Impl.compute_grad", "one.py:Impl.act", "one.py:train.<locals>.update", "one.py:step"}
    assert [f["code"] for f in doc["findings"]] == ["NM404", "NM401", "NM403", "NM403"]
