"""add-case's writing: an input some case already has is refused (one
case counted twice), and the case's files are placed whole, the .in last,
so that runners, which look for .in files, never see half a case."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from harness.cases.add_case.options import Plan
from harness.cases.atomic import Placer
from harness.cases.tool import ToolExit

TEMPORARY_PREFIX = ".add-case."


def regular_inputs(folder: str) -> Iterator[str]:
    """FOLDER/.../NAME.in of every regular file (not a link) under FOLDER,
    in the order find(1) visits them."""
    with os.scandir(folder) as entries:
        for entry in entries:
            path = f"{folder}/{entry.name}"
            if entry.is_dir(follow_symlinks=False):
                yield from regular_inputs(path)
            elif entry.name.endswith(".in") and entry.is_file(follow_symlinks=False):
                yield path


def reject_known_input(cases: str, data: bytes) -> None:
    """ToolExit (status 1) when a case under CASES has DATA as its input."""
    if not os.path.isdir(cases):
        return
    for path in regular_inputs(cases):
        if os.path.getsize(path) == len(data) and Path(path).read_bytes() == data:
            raise ToolExit(f"the same input is already the case {path[:-len('.in')]}", 1)


def record_case(plan: Plan, data: bytes, out: bytes, err: bytes, status: int, placer: Placer) -> None:
    """Every file of the case: .out, .reason, .status when not 0, .err
    when not empty, and the .in last."""
    Path(plan.case_path).parent.mkdir(parents=True, exist_ok=True)
    files = [(".out", out), (".reason", os.fsencode(plan.options.reason) + b"\n")]
    if status != 0:
        files.append((".status", f"{status}\n".encode()))
    if err:
        files.append((".err", err))
    files.append((".in", data))
    for suffix, content in files:
        placer.place(f"{plan.case_path}{suffix}", content, TEMPORARY_PREFIX)
