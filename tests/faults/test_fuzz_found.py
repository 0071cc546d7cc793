"""The failures the fuzz tests found, each as its smallest input: fixed in the domain code, kept here so
they stay fixed whatever examples a later fuzzing run happens to draw."""

from __future__ import annotations

import pytest

from bench_pipeline.domain.errors import InputError
from bench_pipeline.files import read_json, read_yaml


@pytest.mark.parametrize("name", ["deep.json", "deep.yaml"])
def test_nesting_deeper_than_the_parser_goes_is_bad_input(tmp_path, name):
    path = tmp_path / name
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InputError, match="nest") as caught:  # libyaml has a limit of its own, and says so
        (read_json if name.endswith(".json") else read_yaml)(path)
    assert caught.value.path == str(path)
