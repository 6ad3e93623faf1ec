# results-cases.awk -- check-engine's results.tsv (case, category, verdict,
# symptom) as the test cases junit.awk writes: a failure's text is its
# report, REPORTS/CASE.txt.
#
#   awk -F '\t' -v program=P -v reports=DIR -f junit-field.awk -f results-cases.awk results.tsv

NR > 1 {
    verdict = ($3 == "pass") ? "pass" : "fail"
    printf "%s\t%s\t%s\t%s\t\t%s\n", junit_field(program "." $2), junit_field($1), verdict, junit_field($4),
        (verdict == "fail") ? reports "/" $1 ".txt" : ""
}
