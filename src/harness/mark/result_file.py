"""result_file.py -- a submission's row as its worker leaves it,
DIR/submissions/FOLDER/result.tsv: read and written here only, so that its
format can change in one place. Today: a "field<TAB>value" line per fact
(state, reason, compiled, passed, ...) and a "category<TAB>C<TAB>PASSED<TAB>TOTAL"
line per category checked; a later line of a field wins."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

# The states of a row that is no mark of the program: its marking failed
# (error), or its build was stopped twice by a signal (stopped: the
# marker's fault, not the student's code). A run that leaves one exits 1,
# feedback sends it no mail, and the class's rates leave it out; --resume
# marks a stopped one again (MARK_AGAIN) though its key is unchanged.
NOT_MARKED = ("error", "stopped")
MARK_AGAIN = ("stopped",)


@dataclass
class Result:
    """The facts ({field: value}, in the file's order) and, per category,
    (passed, total)."""

    fields: dict[str, str] = field(default_factory=dict)
    categories: dict[str, tuple[int, int]] = field(default_factory=dict)


def write_result(path: str | Path, fields: Iterable[tuple[str, object]],
                 categories: Iterable[tuple[str, int, int]] = ()) -> None:
    """PATH written from FIELDS ((field, value) pairs) and CATEGORIES
    ((category, passed, total)); a value's tabs and line breaks are the
    writer's to take out."""
    with open(path, "w", encoding="utf-8") as f:
        f.writelines("%s\t%s\n" % (key, value) for key, value in fields)
        f.writelines("category\t%s\t%d\t%d\n" % (name, passed, total) for name, passed, total in categories)


def read_result(path: str | Path) -> Result:
    """PATH's facts; a line of neither shape is passed over."""
    result = Result()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f.read().split("\n"):
            cells = line.split("\t")
            if cells[0] == "category" and len(cells) == 4:
                result.categories[cells[1]] = (int(cells[2]), int(cells[3]))
            elif len(cells) == 2:
                result.fields[cells[0]] = cells[1]
    return result


def state_of(path: str | Path) -> str:
    """PATH's state ("" when it has none, or there is no PATH)."""
    try:
        return read_result(path).fields.get("state", "")
    except OSError:
        return ""
