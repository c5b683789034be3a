"""NM3xx edge cases: host-side files and the truncation-check idiom of tokenizers."""

from neuron_migrate.testing import findings_of


def codes(code, path="input.py"):
    return [(f.line, f.code) for f in findings_of(code, path=path) if f.code.startswith(("NM3", "NM4"))]


TRUNCATION_CHECK = '''import torch

def encode_prompt(self, prompt):
    ids = self.tokenizer(prompt, padding="max_length", max_length=77, truncation=True).input_ids
    untruncated_ids = self.tokenizer(prompt, padding="longest", return_tensors="pt").input_ids
    if untruncated_ids.shape[-1] >= ids.shape[-1] and not torch.equal(ids, untruncated_ids):
        removed = self.tokenizer.batch_decode(untruncated_ids[:, 76:-1])
        logger.warning(f"truncated: {removed}")
    return self.text_encoder(ids)
'''


def test_a_longest_padded_batch_used_only_to_check_truncation_is_fine():
    assert codes(TRUNCATION_CHECK) == []


def test_a_longest_padded_batch_fed_to_the_model_is_reported():
    fed = TRUNCATION_CHECK.replace("return self.text_encoder(ids)", "return self.text_encoder(untruncated_ids)")
    assert codes(fed) == [(5, "NM304")]
    direct = 'def enc(tok, texts, model):\n    batch = tok(texts, padding=True)\n    return model(**batch)\n'
    assert codes(direct) == [(2, "NM304")]


def test_shapes_in_tests_and_data_code_are_the_hosts_business():
    code = "import torch\n\ndef check(x, n):\n    kept = x[x > 0]\n    return torch.zeros(int(n.max()))\n"
    assert codes(code) == [(4, "NM301"), (5, "NM302")]
    assert codes(code, path="tests/test_drop.py") == []
    assert codes(code, path="timm/data/random_erasing.py") == []


def test_a_column_of_a_table_is_not_a_tensor():
    code = 'import torch\n\ndef classes(df, t):\n    labels = df["label"].unique()\n    return t.unique(), labels\n'
    assert codes(code) == [(5, "NM301")]
