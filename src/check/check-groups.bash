# shellcheck shell=bash
# check-groups.bash -- check-engine's report for people, from results.tsv
# (src/check/check-results.bash): the failures grouped by symptom, the
# full reports of the first of each group, and a table per category with
# the last line. Sourced by src/check/check-engine.

CHECK_GROUPS_DIR=${BASH_SOURCE[0]%/*}

# failure_groups RESULTS [OUTPUT]: the failures of results.tsv grouped by
# symptom, largest group first, as `count<TAB>symptom<TAB>categories<TAB>
# first case`; those a likely cause explains (OUTPUT/causes-cases.tsv and
# causes.tsv, by their headers' names) grouped under it, before the rest.
failure_groups() {
    local causes=/dev/null explained=/dev/null
    if [[ -n ${2:-} && -f $2/causes.tsv && -f $2/causes-cases.tsv ]]; then
        causes=$2/causes.tsv explained=$2/causes-cases.tsv
    fi
    awk -F '\t' -v OFS='\t' -v causes="$causes" -v explained="$explained" \
        -f "$CHECK_GROUPS_DIR/cause-groups.awk" "$1" |
        LC_ALL=C sort -t $'\t' -k1,1n -k2,2nr -k3,3 | cut -f 2-
}

# report_groups RESULTS PROFILE [OUTPUT]: the groups, each with its count,
# its categories and one example case.
report_groups() {
    local count symptom categories first groups
    groups=$(failure_groups "$1" "${3:-}")
    [[ -n $groups ]] || return 0
    if [[ $groups == *$'\t'"likely cause: "* ]]; then
        echo "failures by likely cause, then by symptom (profile $2):"
    else
        echo "failures by symptom (profile $2):"
    fi
    while IFS=$'\t' read -r count symptom categories first; do
        printf '  %d %s: %s\n' "$count" "$( ((count == 1)) && echo case || echo cases)" "$symptom"
        printf '      categories: %s; e.g. %s\n' "$categories" "$first"
    done <<< "$groups"
}

# report_failures RESULTS OUTPUT SHOW: the full reports (OUTPUT/failures)
# of SHOW failures, the first case of each group first, then the names of
# the others.
report_failures() {
    local results=$1 output=$2 show=$3 id verdict symptom shown=0 order=() rest=()
    declare -A listed=() symptom_of=()
    while IFS=$'\t' read -r _ _ _ id; do
        order+=("$id") listed[$id]=1
    done < <(failure_groups "$results" "$output")
    ((${#order[@]})) || return 0
    while IFS=$'\t' read -r id _ verdict symptom _; do
        [[ $verdict != pass ]] || continue
        symptom_of[$id]=$symptom
        [[ -n ${listed[$id]:-} ]] || order+=("$id")
    done < <(tail -n +2 "$results")
    for id in "${order[@]}"; do
        if ((shown < show)) && [[ -f $output/failures/$id.txt ]]; then
            echo "---------------------------------------- FAILED $id (${symptom_of[$id]})"
            cat -- "$output/failures/$id.txt"
            shown=$((shown + 1))
        else
            rest+=("$id")
        fi
    done
    if ((${#rest[@]})); then
        echo "---------------------------------------- ${#rest[@]}$( ((shown == 0)) || echo ' more') failed:"
        printf '  %s\n' "${rest[@]:0:40}"
        ((${#rest[@]} <= 40)) || echo "  ... and $((${#rest[@]} - 40)) more"
    fi
    echo "every failure's report: $output/failures/<category>/<name>.txt"
}

# report_table RESULTS PROFILE [MEMCHECK [CAUSES]]: passed and failed per
# category and the final line, the memory check's cases (MEMCHECK, its
# TSV) counted in it, the diagnosis's lines (the file CAUSES) right
# before it; returns 1 when anything failed.
report_table() {
    local results=$1 profile=$2 memcheck=${3:-} causes=${4:-} passed failed whitespace_passed note='' lines
    mapfile -t lines < <(awk -F '\t' -v profile="$profile" '
        NR == 1 { next }
        !($2 in pass) { order[++n] = $2; pass[$2] = 0; fail[$2] = 0 }
        $3 == "pass" { pass[$2]++; passed++; if ($5 == "whitespace") whitespace++ }
        $3 != "pass" { fail[$2]++; failed++ }
        END {
            printf "  %-20s %7s %7s   (profile %s)\n", "category", "passed", "failed", profile
            for (i = 1; i <= n; i++)
                printf "  %-20s %7d %7d%s\n", order[i], pass[order[i]], fail[order[i]], fail[order[i]] ? "  FAILED" : ""
            printf "  %-20s %7d %7d\n", "total", passed, failed
            printf "%d\t%d\t%d\n", passed, failed, whitespace
        }' "$results")
    # (the last line: the counts)
    printf '%s\n' "${lines[@]:0:${#lines[@]}-1}"
    IFS=$'\t' read -r passed failed whitespace_passed <<< "${lines[-1]}"
    if [[ -n $memcheck ]]; then
        local checked clean
        checked=$(($(wc -l < "$memcheck") - 1)) clean=$(awk -F '\t' '$2 == "clean"' "$memcheck" | wc -l)
        passed=$((passed + clean)) failed=$((failed + checked - clean))
        note=", memcheck of $checked cases included"
    fi
    ((whitespace_passed == 0)) || note+="; $whitespace_passed passed only with white space ignored"
    [[ -z $causes || ! -s $causes ]] || cat -- "$causes"
    echo "$passed passed, $failed failed (profile $profile$note)"
    ((failed == 0))
}
