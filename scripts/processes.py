"""Processes a check script starts: started with default signal handling, stopped by PID with their
descendants (a wrapper script's browser, a server's workers), and a poll-until helper."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from contextlib import ExitStack
from pathlib import Path


class CheckFailed(Exception):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what: str, probe, timeout: float, every: float = 0.5):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(every)
    raise CheckFailed(f"timed out after {timeout:.0f} s waiting for {what}")


def descendants(pid: int) -> list[int]:
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            child = int(stat.parent.name)
            children += [child, *descendants(child)]
    return children


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def signal_pid(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def stop(process: subprocess.Popen, name: str) -> None:
    """SIGTERM the process we started and wait; then its descendants still alive (a wrapper
    script's browser, a server's workers) get SIGTERM, and SIGKILL after 10 s — each by PID."""
    family = descendants(process.pid)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for pid in family:
        signal_pid(pid, signal.SIGTERM)
    try:
        wait_for(f"{name}'s children to exit", lambda: not any(alive(pid) for pid in family), timeout=10, every=0.1)
    except CheckFailed:
        for pid in filter(alive, family):
            signal_pid(pid, signal.SIGKILL)
            print(f"{name}: child {pid} ignored SIGTERM; killed")
    print(f"stopped {name} (pid {process.pid}) and {len(family)} descendants")


def start(stack: ExitStack, name: str, argv: list[str], **kwargs) -> subprocess.Popen:
    # SIGINT/SIGTERM back to default: a background shell may have left them ignored.
    def restore_signals():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)

    process = subprocess.Popen(argv, preexec_fn=restore_signals, **kwargs)
    stack.callback(stop, process, name)
    print(f"started {name} (pid {process.pid})")
    return process
