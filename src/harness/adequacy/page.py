"""page.py -- the adequacy page, build/adequacy/P.html: static, the
house's stylesheet inline (mark's report's style.css, shared rather than
copied), rendered with Jinja2 (every value escaped)."""

from __future__ import annotations

import itertools
from pathlib import Path

import jinja2

from harness import paths
from harness.adequacy.table import Summary

TEMPLATES = [str(Path(__file__).resolve().parent / "templates"),
             str(paths.SRC / "harness" / "mark" / "report" / "templates")]
PROFILE_WORDS = {
    "strict": "every case, its output byte for byte and its exit status",
    "assignment": "the strict-only cases left out, the output byte for byte or, where the game has one, "
                  "judged by the assignment's rules",
}

ENVIRONMENT = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                                 undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def render(title: str, profile: str, summary: Summary, descriptions: dict[str, str]) -> str:
    """The page's HTML; DESCRIPTIONS: each fault's sentence, by code."""
    by_category = [(category, list(group)) for category, group in
                   itertools.groupby(sorted(summary.idle, key=lambda case: case.category),
                                     key=lambda case: case.category)]
    return ENVIRONMENT.get_template("adequacy.html").render(
        title=title, profile=profile, profile_words=PROFILE_WORDS[profile], summary=summary,
        descriptions=descriptions, idle_by_category=by_category)
