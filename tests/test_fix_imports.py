"""The import step of `fix`: CUDA imports the rewrites left unused go, `import torch` comes
when a rewrite needs it, and nothing else in the file moves."""

from __future__ import annotations

import pytest

from neuron_migrate.fix import fix_source, parses
from neuron_migrate.models import Options
from neuron_migrate.source import SourceFile
from neuron_migrate.testing import fixed


def notes(code: str, unsafe: bool = False) -> list[str]:
    return fix_source(SourceFile("a.py", code), Options(), unsafe).notes


CASES = {
    "partial removal keeps the other name": (
        "import torch\nfrom torch.cuda.amp import autocast, GradScaler\n\nwith autocast():\n    s = GradScaler()\n",
        'import torch\nfrom torch.cuda.amp import GradScaler\n\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    s = GradScaler()\n',
    ),
    "a comment above a removed import stays": (
        "import torch\n# mixed precision\nfrom torch.cuda.amp import autocast  # amp\nx = 1\n\nwith autocast():\n    pass\n",
        'import torch\n# mixed precision\nx = 1\n\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    pass\n',
    ),
    "parenthesised import over several lines": (
        "import torch\nfrom torch.cuda.amp import (\n    GradScaler,\n    autocast as ac,  # short\n)\n\n"
        "with ac():\n    s = GradScaler()\n",
        'import torch\nfrom torch.cuda.amp import (\n    GradScaler,\n)\n\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n'
        "    s = GradScaler()\n",
    ),
    "comments of the names that stay, stay": (
        "import torch\nfrom torch.cuda.amp import (  # amp\n    GradScaler,  # scaler\n    autocast,  # ac\n)\n\n"
        "with autocast():\n    s = GradScaler()\n",
        "import torch\nfrom torch.cuda.amp import (  # amp\n    GradScaler,  # scaler\n)\n\n"
        'with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    s = GradScaler()\n',
    ),
    "a module alias": (
        "import torch\nimport torch.cuda.amp as amp\n\nwith amp.autocast():\n    pass\n",
        'import torch\n\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    pass\n',
    ),
    "the only statement of a try body becomes pass": (
        "import torch\ntry:\n    from torch.cuda.amp import autocast\nexcept ImportError:\n    autocast = None\n\n"
        "with autocast():\n    pass\n",
        "import torch\ntry:\n    pass\nexcept ImportError:\n    autocast = None\n\n"
        'with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    pass\n',
    ),
    "import torch takes the place of the removed import": (
        '"""Doc."""\nimport torch.nn as nn\nfrom torch.cuda.amp import autocast\n\n\ndef f(x):\n'
        "    with autocast():\n        return x\n",
        '"""Doc."""\nimport torch.nn as nn\nimport torch\n\n\ndef f(x):\n'
        '    with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n        return x\n',
    ),
    "import torch goes before the first torch import when the old one stays": (
        "from __future__ import annotations\nimport os\nfrom torch.cuda.amp import autocast, custom_fwd\n\n"
        "@custom_fwd\ndef f(x):\n    with autocast():\n        return x\n",
        "from __future__ import annotations\nimport os\nimport torch\nfrom torch.cuda.amp import custom_fwd\n\n"
        '@custom_fwd\ndef f(x):\n    with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n        return x\n',
    ),
    "a lazy import takes the blank line after it": (
        "import torch\n\n\ndef g(s):\n    if s is None:\n        from torch.cuda.amp import autocast\n\n"
        "        with autocast():\n            pass\n    return s\n",
        'import torch\n\n\ndef g(s):\n    if s is None:\n        with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n'
        "            pass\n    return s\n",
    ),
    "a function-level import": (
        "import torch\n\n\ndef f(x):\n    from torch.cuda.amp import autocast\n    with autocast():\n        return x\n",
        'import torch\n\n\ndef f(x):\n    with torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n        return x\n',
    ),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_imports_follow_the_rewrites(case):
    code, expected = CASES[case]
    out = fixed(code)
    assert out == expected
    assert fixed(out) == out


def test_unsafe_fixes_free_more_names():
    code = ("import torch\nimport torch.backends.cudnn as cudnn\nfrom torch.cuda.amp import autocast, GradScaler\n\n"
            "cudnn.benchmark = True\nwith autocast():\n    s = GradScaler()\n")
    assert fixed(code, unsafe=True) == ('import torch\n\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n'
                                        '    s = torch.amp.GradScaler("neuron" if hasattr(torch, "neuron") else "cuda")\n')


@pytest.mark.parametrize("code", [
    # unused before the rewrites: not ours to remove
    "import torch\nfrom torch.cuda.amp import autocast, custom_fwd\n\nwith autocast():\n    pass\n",
    # still used after them
    "import torch\nfrom torch.cuda.amp import autocast\n\nwith autocast():\n    pass\nctx = autocast\n",
    # exported
    "import torch\nfrom torch.cuda.amp import autocast\n__all__ = ['autocast']\nwith autocast():\n    pass\n",
])
def test_imports_that_stay(code):
    out = fixed(code)
    assert "from torch.cuda.amp import" in out and "torch.autocast(" in out


def test_a_local_named_torch_gets_no_rewrite_and_no_import():
    code = "from torch.cuda.amp import autocast\n\n\ndef f(torch):\n    with autocast():\n        pass\n"
    assert fixed(code) == code


def test_no_import_when_torch_already_comes_from_elsewhere():
    # `torch` read unbound before the fix (a star import provides it): the rewrites find it the same way
    code = "from common import *\nfrom torch.cuda.amp import autocast\nx = torch.ones(1)\nwith autocast():\n    pass\n"
    assert fixed(code) == 'from common import *\nx = torch.ones(1)\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    pass\n'


def test_a_shared_line_is_reported_not_edited():
    code = "import torch; from torch.cuda.amp import autocast\nwith autocast():\n    pass\n"
    out = fix_source(SourceFile("a.py", code), Options())
    assert out.text == 'import torch; from torch.cuda.amp import autocast\nwith torch.autocast("neuron" if hasattr(torch, "neuron") else "cuda"):\n    pass\n'
    assert any("shares its line" in n for n in out.notes)


def test_notes_say_what_changed():
    code = "import torch.nn as nn\nfrom torch.cuda.amp import autocast\n\nwith autocast():\n    pass\n"
    assert notes(code) == ["removed the import of `autocast` from torch.cuda.amp (no longer used)",
                           "added `import torch` in its place (the rewrites use `torch`)"]


def test_every_result_parses():
    for code, _ in CASES.values():
        assert parses(fixed(code, unsafe=True)) is None
