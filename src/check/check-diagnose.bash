# shellcheck shell=bash
# check-diagnose.bash -- check-engine's likely causes: when a case failed,
# src/diagnose/diagnose runs the catalogue's faulted references on the
# failing cases (their runs kept in OUTPUT/outputs by the workers) and
# names the faults that reproduce them (OUTPUT/causes.tsv,
# OUTPUT/causes-cases.tsv; src/diagnose/README.md). Sourced by
# src/check/check-engine after src/games/game.bash (GAME_JUDGE).

# Diagnosis never takes less than this many seconds of budget (a run of a
# few cases takes a second or two, too little to build or run anything).
CHECK_DIAGNOSE_LEAST=5

# diagnose_prepare ROOT PROGRAM: the game's faulted references (and its
# judge, which the diagnosis needs whatever the profile) built when
# missing, once a case failed, outside the diagnosis's budget (about 30 s
# the first time): a program that passes never waits for it. A build that
# fails is said and the check goes on: diagnose builds what it can.
diagnose_prepare() {
    local root=$1 program=$2
    if [[ -n $GAME_JUDGE ]]; then
        make -s --no-print-directory -C "$root" "$GAME_JUDGE" >&2 ||
            echo "check-engine: cannot build the judge ($GAME_JUDGE): no diagnosis" >&2
    fi
    PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.diagnose.build_faults --game "$program" >&2 ||
        echo "check-engine: some of $program's faulted references do not build (src/diagnose/build-faults)" >&2
}

# diagnose_clear OUTPUT: the last run's kept runs and causes gone.
diagnose_clear() {
    rm -rf -- "$1/outputs" "$1/causes.tsv" "$1/causes-cases.tsv"
}

# diagnose_failures ROOT PROGRAM CASES OUTPUT ELAPSED LINES: when
# results.tsv has a failure, the faulted references built
# (diagnose_prepare), then the diagnosis within ELAPSED seconds
# (check-engine's own time: it adds at most 1x; at least
# CHECK_DIAGNOSE_LEAST), its `likely cause:` lines kept in the file LINES
# for the report's end. Nothing to do (no failure): no diagnosis, no time.
diagnose_failures() {
    local root=$1 program=$2 cases=$3 output=$4 budget=$5 lines=$6
    awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "verdict") v = i; next }
        $v == "fail" { found = 1; exit } END { exit !found }' "$output/results.tsv" || return 0
    ((budget >= CHECK_DIAGNOSE_LEAST)) || budget=$CHECK_DIAGNOSE_LEAST
    diagnose_prepare "$root" "$program"
    echo "check-engine: looking for the likely cause (the catalogue's faults on the failing cases, at most ${budget}s)"
    if ! PYTHONPATH=$root/src /usr/bin/python3 -B -m harness.diagnose --program "$program" --cases "$cases" --results "$output" \
        --budget "$budget" > "$lines"; then
        echo "check-engine: no diagnosis (src/diagnose/diagnose failed)" >&2
        rm -f -- "$lines" "$output/causes.tsv" "$output/causes-cases.tsv"
    fi
}

