# shellcheck shell=bash
# handout-stage.bash -- the checkers handout's stage of a case, worked out
# from the case itself (its category and its input's last command), not
# from a marking scheme's globs: the tests check the scheme, and the marks
# made with it, against this. Reading, boards and the six errors are
# Stage 0 (an error stops the run before a command); else the input's
# last command: A Stage 1, P Stage 2, none Stage 0.

# handout_stage CASES ID: stage0, stage1 or stage2.
handout_stage() {
    local cases=$1 id=$2 command
    case ${id%%/*} in
        stage0 | error? | edge-input | malformed) echo stage0; return ;;
    esac
    if [[ $id == examples/error* ]]; then echo stage0; return; fi
    command=$(awk 'NF { line = $0 } END { gsub(/[ \t\r]/, "", line); print line }' "$cases/$id.in")
    case $command in
        A) echo stage1 ;;
        P) echo stage2 ;;
        *) echo stage0 ;;
    esac
}
