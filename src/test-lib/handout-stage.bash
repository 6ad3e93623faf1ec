# shellcheck shell=bash
# handout-stage.bash -- the checkers handout's stage of a case, worked out
# from the case itself (its category and its input's last command), not
# from a marking scheme's globs: the tests check the scheme, and the marks
# made with it, against this. Reading, boards and the six errors are
# Stage 0 (an error stops the run before a command); else the input's
# last command: A Stage 1, P Stage 2, none Stage 0.

# handout_stage CASES ID: stage0, stage1 or stage2.
handout_stage() {
    printf '%s\n' "$2" | handout_stages "$1" | cut -f2
}

# handout_stages CASES: for each case ID of stdin (a line each), "ID<TAB>STAGE",
# in one awk for the whole list (a case is a few files' worth of work,
# not a process or two).
handout_stages() {
    awk -v cases="$1" '
        function stage(id,   category, file, line, last, n) {
            category = id
            sub(/\/.*/, "", category)
            if (category ~ /^(stage0|error.|edge-input|malformed)$/) return "stage0"
            if (id ~ /^examples\/error/) return "stage0"
            file = cases "/" id ".in"
            last = ""
            while ((n = (getline line < file)) > 0) if (split(line, unused) > 0) last = line
            if (n < 0) { print "handout-stage: cannot read " file > "/dev/stderr"; exit 1 }
            close(file)
            gsub(/[ \t\r]/, "", last)
            return last == "A" ? "stage1" : last == "P" ? "stage2" : "stage0"
        }
        { print $0 "\t" stage($0) }'
}
