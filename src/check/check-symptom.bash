# shellcheck shell=bash
# check-symptom.bash -- why a failed run failed, as `CODE<TAB>phrase`: the
# code for programs (hang, flood, crash, nothing, stdout-REGION with the
# game's region of the first difference, whitespace when only white
# space differs, status, stderr), the phrase for people, the same for
# every case that failed the same way (the groups' key). Sourced by
# src/check/check-worker, after src/cases/cases.bash and
# src/check/check-runner.bash.

# symptom_of_run CASE ACTUAL TIMEOUT LINE [WHITESPACE_PHRASE [ACCEPTED]]:
# the symptom of the run ACTUAL.* of CASE; LINE, the line where stdout
# first differs in more than white space (empty when unknown);
# WHITESPACE_PHRASE, the kind of a difference only in white space (empty
# when there is none); ACCEPTED 1 when --compare whitespace took that
# stdout as the expected one.
symptom_of_run() {
    local case_path=$1 actual=$2 timeout=$3 line=$4 ws_phrase=${5:-} accepted=${6:-0} status expected region
    read -r status < "$actual.status"
    corpus_read_expected_status "$case_path" expected
    if ((status == 124)); then printf 'hang\thang (killed after %ss)\n' "$timeout"; return; fi
    if ((status == CHECK_FLOOD_STATUS)); then printf 'flood\toutput flood (stopped at 64 MiB)\n'; return; fi
    if ((status > 128)); then
        printf 'crash\tcrash (%s)\n' "$(corpus_describe_status "$status" | sed 's/^a crash (signal \(.*\))$/\1/')"
        return
    fi
    if ((accepted == 0)) && ! cmp -s "$case_path.out" "$actual.out"; then
        if [[ ! -s $actual.out ]]; then printf 'nothing\tprinted nothing\n'; return; fi
        if [[ -n $ws_phrase ]]; then symptom_whitespace "$ws_phrase"; return; fi
        [[ -n $line ]] || line=$(corpus_first_difference_line "$case_path.out" "$actual.out")
        region=$(corpus_line_region "$case_path.out" "$line" | cut -f1)
        printf 'stdout-%s\t%s\n' "$region" "$(game_region_symptom "$region")"
        return
    fi
    local same=identical same_status='and status identical'
    if [[ -n $ws_phrase ]]; then
        same='the same but for white space' same_status='the same but for white space, status identical'
    fi
    if [[ $status != "$expected" ]]; then
        printf 'status\tstatus only: stdout %s, status %s expected, got %s\n' "$same" "$expected" "$status"
        return
    fi
    printf 'stderr\tstderr only: stdout %s\n' "$same_status"
}

# symptom_whitespace PHRASE: `CODE<TAB>phrase` of a difference only in
# white space of the kind PHRASE (in words).
symptom_whitespace() {
    printf 'whitespace\tstdout differs only in white space (%s)\n' "$1"
}
