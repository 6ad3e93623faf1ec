# shellcheck shell=bash
# intake.bash -- scripts/mark's door to src/harness/mark/intake (sourced by it).

# intake_take_in: runs `python3 -m harness.mark.intake` once, before the submissions
# are named, with scripts/mark's globals (output, deadline, submitted,
# extensions, submissions, root, report_python): it checks --submitted
# and --extensions (exit 2, file:line), picks each student's attempt and
# unpacks the archives. Then, from OUTPUT/intake.list, per submission:
# submissions (the folder to mark), taken_names, taken_states (ok or
# bad-archive), taken_reasons and taken_keys (the attempt marked, as the
# CSV names it: part of the submission's key).
# shellcheck disable=SC2154 # scripts/mark's globals
intake_take_in() {
    mkdir -p "$output"
    PYTHONPATH="$root/src" "$report_python" -B -m harness.mark.intake --output "$output" --deadline "$deadline" \
        --submitted "$submitted" --extensions "$extensions" -- "${submissions[@]}" || exit 2
    submissions=() taken_names=() taken_states=() taken_reasons=() taken_keys=()
    local name path state reason key
    while IFS= read -r -d '' name && IFS= read -r -d '' path && IFS= read -r -d '' state &&
        IFS= read -r -d '' reason && IFS= read -r -d '' key; do
        taken_names+=("$name") submissions+=("$path") taken_states+=("$state")
        taken_reasons+=("$reason") taken_keys+=("$key")
    done < "$output/intake.list"
}
