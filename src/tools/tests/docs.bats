# docs.bats -- every command a README marks runnable works when pasted on a
# clean copy of the repository, and the top README stays short.
#
# A runnable block is a fenced `sh` block right after the line
# `<!-- runnable -->`; other blocks are examples (they name your program,
# or take minutes) and are not run.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

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

# bats test_tags=slow
@test "docs: every runnable block of every README works on a clean copy" {
    local copy=$BATS_TEST_TMPDIR/clone readme count=0 block
    copy_work_tree "$copy"
    for readme in README.md src/README.md testdata/README.md scripts/README.md src/*/README.md; do
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

# missing_paths README...: each path a README names (in backquotes or as a
# link) that is not in the repository, as README:LINE: PATH. A word is a
# path when it holds a slash and its first part is in the repository (at
# the top, beside the README, or for src/README.md in a component's
# folder), or when it names a source file (.c, .py, .awk, ...). Paths
# under build/, ./ and ../, and those with a placeholder part (P, NAME,
# DIR, SUITE.xml: capitals) are left alone.
missing_paths() {
    /usr/bin/python3 - "$@" <<'PYTHON'
import os, re, sys
SPAN = re.compile(r"`([^`\n]+)`|\]\(([^)\s#]+)")
PATH = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*/?$")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*$")
CODE = (".c", ".h", ".py", ".bash", ".bats", ".awk", ".sh", ".md", ".equivalent", ".yml")
for readme in sys.argv[1:]:
    folder = os.path.dirname(readme) or "."
    bases = ["."] + ([folder] if folder != "." else [])
    if readme == "src/README.md":  # (it names each component's files from its folder)
        bases += ["src"] + sorted(os.path.join("src", name) for name in os.listdir("src"))
    for number, line in enumerate(open(readme, encoding="utf-8"), 1):
        for span in SPAN.finditer(line):
            for word in (span.group(1) or span.group(2)).split():
                word = word.rstrip(",.;:)")
                parts = word.rstrip("/").split("/")
                if "/" not in word or not PATH.match(word) or parts[0] in (".", "..", "build") \
                        or any(PLACEHOLDER.match(part.split(".")[0]) for part in parts):
                    continue
                claimed = word.endswith(CODE) or any(os.path.exists(os.path.join(b, parts[0])) for b in bases)
                if claimed and not any(os.path.exists(os.path.join(b, word)) for b in bases):
                    print("%s:%d: %s" % (readme, number, word))
PYTHON
}

@test "docs: every path a README names exists in the repository" {
    run missing_paths README.md scripts/README.md src/README.md testdata/README.md src/*/README.md
    assert_success
    assert_output ''
    # and a path that is gone is seen, in backquotes or as a link
    cat > "$BATS_TEST_TMPDIR/README.md" <<'MARKDOWN'
operators in `lib/mutate.awk`; see [the runner](src/golden/run-gold).
a placeholder `src/P/main.c`, an output `build/x/y`, a case `stage0/opening`
MARKDOWN
    run missing_paths "$BATS_TEST_TMPDIR/README.md"
    assert_output "$(printf '%s\n' "$BATS_TEST_TMPDIR/README.md:1: lib/mutate.awk" "$BATS_TEST_TMPDIR/README.md:1: src/golden/run-gold")"
}
