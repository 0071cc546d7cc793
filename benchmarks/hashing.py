"""2. `bench verify` hashing (`sha256_file`, what verify calls per file) vs `sha256sum` over the same files."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from benchmarks.measure import Verdict, best_of
from bench_pipeline.files import sha256_file

FILES, SIZE = 400, 256 * 1024  # 100 MiB, read from the page cache by both sides


def bench() -> Verdict:
    with tempfile.TemporaryDirectory(prefix="bench-hash-") as folder:
        paths = []
        for i in range(FILES):
            path = Path(folder) / f"f{i:04d}.bin"
            path.write_bytes(os.urandom(SIZE))
            paths.append(path)
        ours = best_of(lambda: [sha256_file(p) for p in paths])
        theirs = best_of(lambda: subprocess.run(["sha256sum", *map(str, paths)], check=True, stdout=subprocess.DEVNULL))
        same = subprocess.run(["sha256sum", str(paths[0])], capture_output=True, text=True).stdout.split()[0] == sha256_file(paths[0])
    mib = FILES * SIZE / 2**20
    throughput = theirs / ours  # ours / theirs in MiB/s
    return Verdict("2 verify hashing vs sha256sum", throughput, "≥ 0.8 (thru)", throughput >= 0.8 and same,
                   f"ours {mib / ours:.0f} MiB/s, sha256sum {mib / theirs:.0f} MiB/s over {FILES} files × 256 KiB")
