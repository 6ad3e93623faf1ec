# shellcheck shell=bash
# corpus-subset.bash -- chosen cases of a corpus as a corpus of their own,
# for check-engine's (and harness.diagnose's) --cases DIR: a test whose
# point is a fault's failures, not the whole corpus, runs on the cases that
# show it (and a few that do not) instead of on hundreds.

# corpus_subset DEST CORPUS GLOB...: DEST holds copies of the cases of
# CORPUS (e.g. testdata/checkers) whose category/name matches a GLOB (every
# file of the case: .in, .out, .status, .err, .reason), and CORPUS's
# strict-only, so that a profile leaves out what it leaves out of CORPUS.
# Fails, naming it, on a GLOB that matches no case (the corpus changed:
# choose the cases anew).
corpus_subset() {
    local dest=$1 corpus=$2 glob input category found
    shift 2
    mkdir -p -- "$dest"
    if [[ -f $corpus/strict-only ]]; then cp -- "$corpus/strict-only" "$dest/"; fi
    for glob in "$@"; do
        category=${glob%%/*} found=0
        mkdir -p -- "$dest/$category"
        for input in "$corpus"/$glob.in; do
            [[ -f $input ]] || continue
            cp -- "${input%.in}".* "$dest/$category/"
            found=1
        done
        ((found)) || { echo "corpus_subset: no case $corpus/$glob.in" >&2; return 1; }
    done
}
