# shellcheck shell=bash
# check-results.bash -- what a machine reads of a check-engine run:
# results.tsv (case, category, verdict, symptom, code; a line per case, in
# the corpus's order) and junit.xml. Every later part of the report reads
# results.tsv. Sourced by src/check/check-engine.

CHECK_RESULTS_DIR=${BASH_SOURCE[0]%/*}

# write_results IDS VERDICTS OUTPUT SUITE: OUTPUT/results.tsv from the ids
# of the file IDS and the workers' verdict lines in VERDICTS (a case
# without one: its worker stopped), and OUTPUT/junit.xml, a testcase per
# case (the report as the failure's text) in the suite SUITE.
write_results() {
    local ids=$1 verdicts=$2 output=$3 suite=$4
    awk -F '\t' -v OFS='\t' -v verdicts="$verdicts" '
        BEGIN {
            print "case", "category", "verdict", "symptom", "code"
            while ((getline line < verdicts) > 0) {
                split(line, field, "\t")
                verdict[field[2]] = field[1]; code[field[2]] = field[3]; symptom[field[2]] = field[4]
            }
        }
        {
            category = $1; sub(/\/.*/, "", category)
            if ($1 in verdict) print $1, category, verdict[$1], symptom[$1], code[$1]
            else print $1, category, "fail", "no verdict (the worker stopped)", "stopped"
        }' "$ids" > "$output/results.tsv"
    # Each case for the one JUnit writer.
    awk -F '\t' -v program="${suite%% *}" -v reports="$output/failures" \
        -f "$CHECK_RESULTS_DIR/../golden/junit-field.awk" -f "$CHECK_RESULTS_DIR/results-cases.awk" \
        "$output/results.tsv" |
        awk -F '\t' -v suite="$suite" -f "$CHECK_RESULTS_DIR/../golden/junit.awk" > "$output/junit.xml"
}
