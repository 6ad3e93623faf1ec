# docs.bats -- every command a README marks runnable works when pasted on a
# clean copy of the repository, and the top README stays short.
#
# A runnable block is a fenced `sh` block right after the line
# `<!-- runnable -->`; other blocks are examples (they name your program,
# or take minutes) and are not run.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
}

# runnable_blocks FILE: prints each runnable block as one NUL-terminated
# script.
runnable_blocks() {
    awk '
        /^<!-- runnable -->$/ { armed = 1; next }
        armed && /^```sh$/ { inside = 1; armed = 0; block = ""; next }
        inside && /^```$/ { printf "%s%c", block, 0; inside = 0; next }
        inside { block = block $0 "\n"; next }
        NF { armed = 0 }
    ' "$1"
}

# The files git knows of, and the new ones it does not ignore: what a
# clean clone of this work tree would hold.
copy_work_tree() {
    local dest=$1
    mkdir -p "$dest"
    git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' file; do
            [[ -e $file ]] && printf '%s\0' "$file"
        done | xargs -0 cp --parents -t "$dest"
}

@test "docs: README.md is at most 160 lines" {
    run wc -l < README.md
    ((output <= 160)) || fail "README.md has $output lines"
}

@test "docs: every runnable block of every README works on a clean copy" {
    local copy=$BATS_TEST_TMPDIR/clone readme count=0 block
    copy_work_tree "$copy"
    for readme in README.md src/README.md testdata/README.md scripts/README.md; do
        [[ -f $readme ]] || fail "$readme is missing"
        while IFS= read -r -d '' block; do
            count=$((count + 1))
            run bash -euo pipefail -c "cd '$copy' && $block"
            if ((status != 0)); then
                fail "$(printf 'runnable block %d of %s failed (status %d):\n%s\noutput:\n%s' \
                    "$count" "$readme" "$status" "$block" "$output")"
            fi
        done < <(runnable_blocks "$readme")
    done
    ((count >= 5)) || fail "only $count runnable blocks found"
}

@test "docs: a broken runnable block is caught" {
    printf '%s\n' '<!-- runnable -->' '```sh' 'false' '```' > "$BATS_TEST_TMPDIR/bad.md"
    local block
    while IFS= read -r -d '' block; do
        run bash -euo pipefail -c "$block"
        assert_failure
        return 0
    done < <(runnable_blocks "$BATS_TEST_TMPDIR/bad.md")
    fail "the runnable block was not found"
}
