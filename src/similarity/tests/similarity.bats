# similarity.bats -- scripts/similarity on copies of the repository's own
# programs: each disguise of disguise.py alone is found above the
# threshold, programs written apart stay below it (C, and C++, Java and
# Python through their own front ends), --base takes a shared skeleton out
# of the figures, and the CSV and the pair pages hold what they promise.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

DISGUISES=(rename reorder comments whitespace)

# A class of C programs, compared once for the file: checkers, each of its
# disguised copies, and three programs written apart from it.
setup_file() {
    cd "$BATS_TEST_DIRNAME/../../.." || return 1
    local class=$BATS_FILE_TMPDIR/class disguise
    mkdir -p "$class"/{checkers,draughts,judge,sandbox}
    cp src/checkers/*.[ch] "$class/checkers/"
    cp src/draughts/*.[ch] "$class/draughts/"
    cp src/draughts-judge/*.[ch] "$class/judge/"
    cp src/sandbox/*.[ch] "$class/sandbox/"
    for disguise in "${DISGUISES[@]}"; do
        PYTHONPATH=src /usr/bin/python3 -B -m harness.similarity.disguise "--$disguise" --seed 7 "$class/checkers" "$class/$disguise"
    done
    scripts/similarity --output "$BATS_FILE_TMPDIR/report" "$class"/* > "$BATS_FILE_TMPDIR/stdout" 2>&1
}

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return 1
    report=$BATS_FILE_TMPDIR/report
}

# pair_row CSV A B: the CSV's row of the pair A, B (either order), if any.
pair_row() {
    awk -F , -v a="$2" -v b="$3" 'NR > 1 && (($1 == a && $2 == b) || ($1 == b && $2 == a))' "$1"
}

# assert_above CSV A B / assert_below CSV A B: the pair against the threshold (50).
assert_above() {
    local row
    row=$(pair_row "$@")
    [[ -n $row ]] || fail "no row for $2 and $3 in $1"
    awk -F , '{ exit !($4 >= 50 && $11 == "yes") }' <<<"$row" || fail "$2 and $3 not above 50%: $row"
}
assert_below() {
    local row
    row=$(pair_row "$@")
    [[ -z $row ]] || awk -F , '{ exit !($4 < 50 && $11 == "no") }' <<<"$row" || fail "$2 and $3 above: $row"
}

@test "similarity: each disguise on its own is found above the threshold" {
    local disguise
    run cat "$BATS_FILE_TMPDIR/stdout"
    assert_line 'similarity: 8 submissions, 28 pairs compared, 10 above 50%'
    for disguise in "${DISGUISES[@]}"; do
        cmp -s src/checkers/search.c "$BATS_FILE_TMPDIR/class/$disguise/search.c" &&
            fail "the $disguise copy is not disguised"
        assert_above "$report/similarity.csv" checkers "$disguise"
    done
    # Reordered: the same function definitions, in another order.
    local original reordered
    original=$(grep -h '^[a-z].*(' src/checkers/*.c)
    reordered=$(grep -h '^[a-z].*(' "$BATS_FILE_TMPDIR"/class/reorder/*.c | grep -v ' ;$')
    [[ $original != "$reordered" ]] || fail "reorder kept every function in its place"
    # (each also declared before the first, so that it compiles in any order)
    assert_equal "$(sort -u <<<"$reordered")" "$(sort -u <<<"$original")"
}

@test "similarity: C programs written apart stay below the threshold" {
    local a b
    for a in checkers draughts judge sandbox; do
        for b in checkers draughts judge sandbox; do
            [[ $a < $b ]] || continue
            assert_below "$report/similarity.csv" "$a" "$b"
        done
    done
}

@test "similarity: C++, Java, C# and Python: a copy is found, programs written apart are not" {
    local class=$BATS_TEST_TMPDIR/class players=src/draughts-judge/tests/players file
    mkdir -p "$class"/{cpp-player,cpp-engine,cpp-copy,java-player,java-other,java-copy,python-player,python-oracle,python-copy,csharp-player,csharp-copy}
    cp "$players"/cpp/* "$class/cpp-player/"
    # Written apart: the draughts engine as C++, the C++ player as Java,
    # the checkers oracle.
    for file in src/draughts/*.c; do cp "$file" "$class/cpp-engine/$(basename "$file" .c).cpp"; done
    for file in "$players"/cpp/*.cpp; do cp "$file" "$class/java-other/$(basename "$file" .cpp).java"; done
    cp "$players"/java/* "$class/java-player/"
    cp "$players"/python/* "$class/python-player/"
    cp "$players"/csharp/* "$class/csharp-player/"
    cp src/corpus/checkers-oracle/*.py "$class/python-oracle/"
    # Copies: indented further, a comment line on top.
    for file in "$players"/cpp/* "$players"/java/* "$players"/python/* "$players"/csharp/*; do
        case $file in */cpp/*) to=cpp-copy ;; */java/*) to=java-copy ;; */csharp/*) to=csharp-copy ;; *) to=python-copy ;; esac
        { echo '# mine'; sed 's/^/  /' "$file"; } > "$class/$to/$(basename "$file")"
        [[ $to == python-copy ]] || sed -i '1s|^# mine|// mine|' "$class/$to/$(basename "$file")"
    done
    run scripts/similarity --output "$BATS_TEST_TMPDIR/report" "$class"/*
    assert_success
    assert_line 'similarity: 11 submissions, 10 pairs compared, 4 above 50%'
    local csv=$BATS_TEST_TMPDIR/report/similarity.csv language
    for language in cpp java python csharp; do
        assert_above "$csv" "$language-player" "$language-copy"
        grep -q "^$language-player,$language-copy,$language,\|^$language-copy,$language-player,$language," "$csv" ||
            fail "the $language pair is not compared as $language"
    done
    assert_below "$csv" cpp-player cpp-engine
    assert_below "$csv" java-player java-other
    assert_below "$csv" python-player python-oracle
}

@test "similarity: --base takes a shared skeleton out: above without it, below with it" {
    local class=$BATS_TEST_TMPDIR/class skeleton=$BATS_TEST_TMPDIR/skeleton.c
    mkdir -p "$class"/{alice,bob}
    cat src/checkers/*.[ch] > "$skeleton"
    cp src/sandbox/limits.c src/sandbox/cleanup.c "$skeleton" "$class/alice/"
    cp src/draughts/moves.c src/draughts/output.c "$skeleton" "$class/bob/"
    run scripts/similarity --output "$BATS_TEST_TMPDIR/without" "$class"/*
    assert_success
    assert_above "$BATS_TEST_TMPDIR/without/similarity.csv" alice bob
    run scripts/similarity --base "$skeleton" --output "$BATS_TEST_TMPDIR/with" "$class"/*
    assert_success
    assert_line --partial 'skeleton lines blanked'
    assert_line 'similarity: 2 submissions, 1 pairs compared, 0 above 50%'
    assert_below "$BATS_TEST_TMPDIR/with/similarity.csv" alice bob
}

@test "similarity: the CSV has its columns, the most similar first, the figure the larger share" {
    local csv=$report/similarity.csv
    run head -n 1 "$csv"
    assert_output 'name_a,name_b,language,percent,token,token_a_in_b,token_b_in_a,structural,structural_a_in_b,structural_b_in_a,above,page'
    run awk -F , 'NR > 1 && NF != 12 { print "columns: " $0 }
        NR > 2 && $4 + 0 > previous + 0 { print "order: " $0 }
        NR > 1 && $5 != ($6 + 0 > $7 + 0 ? $6 : $7) { print "token figure: " $0 }
        NR > 1 && $8 != "" && $8 != ($9 + 0 > $10 + 0 ? $9 : $10) { print "structural figure: " $0 }
        NR > 1 && $4 != ($5 + 0 > $8 + 0 ? $5 : $8) { print "figure: " $0 }
        NR > 1 && ($11 == "yes") != ($12 ~ /^pairs\/[A-Za-z0-9._-]+\.html$/) { print "page: " $0 }
        NR > 1 && $12 != "" { system("test -f '"$report"'/" $12 " || echo missing: " $12) }
        NR > 1 { previous = $4 }' "$csv"
    assert_output ''
    [[ $(wc -l < "$csv") -gt 11 ]] || fail "too few rows: $(cat "$csv")"
}

@test "similarity: a pair's page shows both names and the matching lines, escaped, with nothing loaded" {
    local page line
    page=$report/$(pair_row "$report/similarity.csv" checkers reorder | cut -d , -f 12)
    [[ -f $page ]] || fail "no page for checkers and reorder"
    run grep -c '<h1>checkers and reorder</h1>' "$page"
    assert_output 1
    # A line of search.c, as both sides show it (escaped: -> is -&gt;).
    line='tree_node_t *next = node-&gt;next_sibling;'
    [[ $(grep -cF "$line" "$page") -ge 2 ]] || fail "the page does not show '$line' on both sides"
    run grep -c 'search.c: lines [0-9]*-[0-9]*' "$page"
    [[ $output -ge 2 ]] || fail "no line ranges of search.c: $output"
    run grep -Ei '(src|href)=|https?:|@import' "$page"
    assert_failure
}

@test "similarity: the class page lists the pairs that stand out and the flagged ones, not the others" {
    local page=$report/index.html disguise
    [[ -f $page ]] || fail "no class page"
    run grep -c 'Pairs that stand out from this class' "$page"
    assert_output 1
    for disguise in "${DISGUISES[@]}"; do
        [[ $(grep -c "<td>checkers</td><td>$disguise</td>" "$page") -ge 1 ]] || fail "checkers and $disguise not listed"
    done
    run grep -c '<td>checkers</td><td>draughts</td>' "$page"
    assert_output 0
}

@test "similarity: --names gives the names, every value escaped, the page's file name safe" {
    local class=$BATS_TEST_TMPDIR/class
    mkdir -p "$class"/{one,two}
    cp src/checkers/*.[ch] "$class/one/"
    cp src/checkers/*.[ch] "$class/two/"
    printf '%s\t%s\n' "$class/one" '<b>Ann & "Co"</b>' "$class/two" 'Bob/../x' > "$BATS_TEST_TMPDIR/names.tsv"
    run scripts/similarity --names "$BATS_TEST_TMPDIR/names.tsv" --output "$BATS_TEST_TMPDIR/report" "$class"/*
    assert_success
    local page
    page=$(awk -F , 'NR == 2 { print $NF }' "$BATS_TEST_TMPDIR/report/similarity.csv")
    [[ $page =~ ^pairs/[A-Za-z0-9._-]+\.html$ ]] || fail "unsafe page name: $page"
    run grep -c '<h1>&lt;b&gt;Ann &amp; &#34;Co&#34;&lt;/b&gt; and Bob/../x</h1>' "$BATS_TEST_TMPDIR/report/$page"
    assert_output 1
    run grep -c '<b>Ann' "$BATS_TEST_TMPDIR/report/$page"
    assert_output 0
}

@test "similarity: bad usage is refused with status 2" {
    run scripts/similarity --output "$BATS_TEST_TMPDIR/out" /nonexistent
    assert_failure 2
    run scripts/similarity --threshold 0 --output "$BATS_TEST_TMPDIR/out" src/checkers src/draughts
    assert_failure 2
    run scripts/similarity --output "$BATS_TEST_TMPDIR/out" src/checkers src/checkers
    assert_failure 2
    assert_output --partial 'give --names'
    run scripts/similarity --help
    assert_success
    assert_output --partial '--base FILE'
}
