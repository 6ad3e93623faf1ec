"""similar.py -- what scripts/similarity left in DIR/similarity (with
mark --similarity): the pairs at or above its threshold, for the class
page, each with its side-by-side page.
"""

import csv
import os


def similar_pairs(out):
    """The pairs marked `above` in DIR/similarity/similarity.csv, most
    similar first (the file's order); None when the run compared none."""
    path = os.path.join(out, "similarity", "similarity.csv")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    return [dict(r, page=os.path.join("similarity", r["page"]) if r["page"] else "")
            for r in rows if r["above"] == "yes"]


def similar_by_name(pairs, folders):
    """{name: [{name, folder, percent, page}, ...]}: for each submission
    found similar, the others of its pairs, most similar first. FOLDERS
    maps a name to its folder under submissions/."""
    found = {}
    for pair in pairs or []:
        for one, other in ((pair["name_a"], pair["name_b"]), (pair["name_b"], pair["name_a"])):
            found.setdefault(one, []).append({"name": other, "folder": folders.get(other, ""),
                                              "percent": pair["percent"], "page": pair["page"]})
    for others in found.values():
        others.sort(key=lambda o: -float(o["percent"] or 0))
    return found
