"""report.py -- the pairs as data (similarity.csv), the pairs above the
threshold as static pages (pairs/*.html, from templates/pair.html) and
the class page (index.html, templates/class.html: the outliers and the
flagged pairs); Jinja2, every value escaped, nothing loaded from
elsewhere."""

import csv
import os

import jinja2

from harness.similarity.outliers import FLOOR, Z, modified_z, outliers
from harness.similarity.regions import matching_regions
from harness.similarity.submissions import page_name

COLUMNS = ["name_a", "name_b", "language", "percent", "token", "token_a_in_b", "token_b_in_a",
           "structural", "structural_a_in_b", "structural_b_in_a", "above", "page"]

TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")),
    autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def ordered(pairs):
    """The pairs, the most similar first (then by names)."""
    return sorted(pairs, key=lambda p: (-round(p.percent(), 1), p.a.name, p.b.name, p.language))


def page_of(pair, threshold):
    """The pair's page (relative to the output folder), or '' below the
    threshold."""
    if pair.percent() < threshold:
        return ""
    return "pairs/" + page_name(pair.language, pair.a.name, pair.b.name)


def figure(value):
    """A percent as the CSV and the pages show it ('' when not measured)."""
    return "" if value is None else "%.1f" % value


def figures(pair):
    """The pair's figures, in the CSV's order: the pair's, the token
    figure and its two shares, the structural figure and its two."""
    return [figure(f) for f in (pair.percent(), pair.token(), pair.percent_a_in_b(), pair.percent_b_in_a(),
                                pair.structural(), pair.structural_a_in_b(), pair.structural_b_in_a())]


def write_csv(path, pairs, threshold):
    """similarity.csv: a row per pair sim or the structural comparison
    found anything for."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(COLUMNS)
        for pair in pairs:
            out.writerow([pair.a.name, pair.b.name, pair.language] + figures(pair)
                         + ["yes" if pair.percent() >= threshold else "no", page_of(pair, threshold)])


def side(submission, language, first, last):
    """One side of a run: its label (file and lines) and its lines, each
    (file, line number, text), the file named where it changes."""
    lines, previous = [], None
    for number in range(first, last + 1):
        origin, line = submission.origin(language, number)
        lines.append({"file": origin if origin != previous else "", "number": line,
                      "text": submission.lines[language][number - 1]})
        previous = origin
    start, end = submission.origin(language, first), submission.origin(language, last)
    if start[0] == end[0]:
        label = "%s: lines %d-%d" % (start[0], start[1], end[1])
    else:
        label = "%s: line %d to %s: line %d" % (start[0], start[1], end[0], end[1])
    return {"label": label, "lines": lines}


def joined_line(submission, language, place_file, line):
    """The joined text's line of a file's line, None when not compared."""
    index = getattr(submission, "_joined", None)
    if index is None:
        index = submission._joined = {origin: n for n, origin in enumerate(submission.origins[language], 1)}
    return index.get((place_file, line))


def structure_sides(pair):
    """The matching regions of the pair's structures, each side as side()
    gives it, with how many fingerprints the region holds."""
    if not pair.common:
        return []
    shown = []
    for a, b in matching_regions(pair.structure_a, pair.structure_b):
        ends = [joined_line(pair.a, pair.language, a.file, a.first), joined_line(pair.a, pair.language, a.file, a.last),
                joined_line(pair.b, pair.language, b.file, b.first), joined_line(pair.b, pair.language, b.file, b.last)]
        if None not in ends:
            shown.append({"tokens": len(a.values & b.values), "a": side(pair.a, pair.language, ends[0], ends[1]),
                          "b": side(pair.b, pair.language, ends[2], ends[3])})
    return shown


def write_page(folder, pair, threshold, bases):
    """The pair's page: both names, the figures, every run side by side,
    then the regions whose structure matches."""
    runs = [{"tokens": size, "a": side(pair.a, pair.language, a1, a2), "b": side(pair.b, pair.language, b1, b2)}
            for a1, a2, b1, b2, size in pair.runs]
    html = TEMPLATES.get_template("pair.html").render(
        pair=pair, runs=runs, threshold=threshold, bases=bases, figures=figures(pair),
        regions=structure_sides(pair))
    path = os.path.join(folder, page_of(pair, threshold))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(html)


def class_row(pair, threshold, z_of):
    """A pair's row on the class page."""
    shown = figures(pair)
    return {"a": pair.a.name, "b": pair.b.name, "language": pair.language, "percent": shown[0],
            "token": shown[1], "structural": shown[4], "z": "%.1f" % z_of(pair.percent()),
            "page": page_of(pair, threshold)}


def write_class_page(folder, pairs, threshold, counts):
    """index.html: the pairs that stand out (outliers.py), then the
    flagged ones; counts: (submissions, pairs compared). Returns the
    outliers."""
    median, mad, found = outliers(pairs, counts[1])
    z_of = modified_z([p.percent() for p in pairs], counts[1])[2]
    html = TEMPLATES.get_template("class.html").render(
        submissions=counts[0], compared=counts[1], threshold=threshold, median="%.1f" % median,
        mad="%.1f" % mad, z=Z, floor=FLOOR, outliers=[class_row(p, threshold, z_of) for p, _ in found],
        flagged=[class_row(p, threshold, z_of) for p in pairs if p.percent() >= threshold])
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as handle:
        handle.write(html)
    return found


def write_report(folder, pairs, threshold, bases, counts):
    """similarity.csv, the pair pages and the class page (counts:
    submissions, pairs compared); returns (pairs above, outliers)."""
    os.makedirs(os.path.join(folder, "pairs"), exist_ok=True)
    pairs = ordered(pairs)
    write_csv(os.path.join(folder, "similarity.csv"), pairs, threshold)
    above = [p for p in pairs if p.percent() >= threshold]
    for pair in above:
        write_page(folder, pair, threshold, bases)
    return len(above), len(write_class_page(folder, pairs, threshold, counts))
