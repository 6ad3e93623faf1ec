# shellcheck shell=bash
# check-diagnose.bash -- check-engine's likely causes: when a case failed,
# src/diagnose/diagnose runs the catalogue's faulted references on the
# failing cases (their runs kept in OUTPUT/outputs by the workers) and
# names the faults that reproduce them (OUTPUT/causes.tsv,
# OUTPUT/causes-cases.tsv; src/diagnose/README.md). Sourced by
# src/check/check-engine after src/games/game.bash (GAME_JUDGE).

CHECK_DIAGNOSE=${BASH_SOURCE[0]%/*}/../diagnose

# Diagnosis never takes less than this many seconds of budget (a run of a
# few cases takes a second or two, too little to build or run anything).
CHECK_DIAGNOSE_LEAST=5

# diagnose_prepare ROOT PROGRAM: the game's faulted references (and its
# judge, which the diagnosis needs whatever the profile) built when
# missing, before the cases run, so that a diagnosis spends its budget on
# the cases, not on the build (about 30 s the first time). A build that
# fails is said and the check goes on: diagnose builds what it can. The
# seconds it took: DIAGNOSE_BUILD_SECONDS (not check-engine's own time).
diagnose_prepare() {
    local root=$1 program=$2 started=$SECONDS
    if [[ -n $GAME_JUDGE ]]; then
        make -s --no-print-directory -C "$root" "$GAME_JUDGE" >&2 ||
            echo "check-engine: cannot build the judge ($GAME_JUDGE): no diagnosis" >&2
    fi
    "$CHECK_DIAGNOSE/build-faults" --game "$program" >&2 ||
        echo "check-engine: some of $program's faulted references do not build (src/diagnose/build-faults)" >&2
    DIAGNOSE_BUILD_SECONDS=$((SECONDS - started))
}

# diagnose_clear OUTPUT: the last run's kept runs and causes gone.
diagnose_clear() {
    rm -rf -- "$1/outputs" "$1/causes.tsv" "$1/causes-cases.tsv"
}

# diagnose_failures PROGRAM CASES OUTPUT ELAPSED LINES: when results.tsv has a
# failure, the diagnosis within ELAPSED seconds (check-engine's own time,
# the faulted references' build left out: it adds at most 1x; at least
# CHECK_DIAGNOSE_LEAST), its `likely cause:` lines kept in the file LINES
# for the report's end. Nothing to do
# (no failure): no diagnosis, no time.
diagnose_failures() {
    local program=$1 cases=$2 output=$3 budget=$(($4 - ${DIAGNOSE_BUILD_SECONDS:-0})) lines=$5
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "verdict") v = i; next }
        $v == "fail" { found = 1; exit } END { exit !found }' "$output/results.tsv" || return 0
    ((budget >= CHECK_DIAGNOSE_LEAST)) || budget=$CHECK_DIAGNOSE_LEAST
    echo "check-engine: looking for the likely cause (the catalogue's faults on the failing cases, at most ${budget}s)"
    if ! "$CHECK_DIAGNOSE/diagnose" --program "$program" --cases "$cases" --results "$output" \
        --budget "$budget" > "$lines"; then
        echo "check-engine: no diagnosis (src/diagnose/diagnose failed)" >&2
        rm -f -- "$lines" "$output/causes.tsv" "$output/causes-cases.tsv"
    fi
}

