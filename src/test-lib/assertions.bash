# shellcheck shell=bash
# assertions.bash -- bats-support and bats-assert for a bats file, found on
# BATS_LIB_PATH as `bats_load_library` finds them, without their cost:
# each library's load.bash finds its parts with "$(dirname ...)", a
# process for each of the 15 parts, and bats sources a test file again
# for every test. That was 0.16 s of CPU a test on this idle machine (50
# tests of two assertions: 13.7 s through bats_load_library, 5.9 s
# through this file). So each part that a load.bash names in that form
# is sourced directly from the library's folder, in the order load.bash
# gives; a load.bash with any other line is sourced whole, as bats would.
# Sourced at the top of a bats file:
#   source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# assertions_parts NAME...: ASSERTIONS_PARTS, the files to source for the
# libraries NAME... (bats' find_in_bats_lib_path finds each); status 1,
# with the reason on stderr, when one is not there.
assertions_parts() {
    local name loader line parts
    local form='^source "[$][(]dirname "[$][{]BASH_SOURCE[[]0[]][}]"[)]/([^"]+)"$'
    ASSERTIONS_PARTS=()
    for name; do
        if ! find_in_bats_lib_path loader "$name"; then
            printf "assertions.bash: no library '%s' on BATS_LIB_PATH (%s)\n" "$name" "${BATS_LIB_PATH-}" >&2
            return 1
        fi
        parts=()
        while IFS= read -r line || [[ -n $line ]]; do
            if [[ $line =~ $form ]]; then
                parts+=("${loader%/*}/${BASH_REMATCH[1]}")
            elif [[ -n $line && $line != '#'* ]]; then
                parts=("$loader")
                break
            fi
        done < "$loader"
        ASSERTIONS_PARTS+=("${parts[@]}")
    done
}

assertions_parts bats-support bats-assert || exit 1
for assertions_part in "${ASSERTIONS_PARTS[@]}"; do
    # shellcheck disable=SC1090 # (the libraries' own files)
    source "$assertions_part" || exit 1
done
unset -v assertions_part ASSERTIONS_PARTS
unset -f assertions_parts
