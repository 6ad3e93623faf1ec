# mark-marks.bats -- marks a course can publish: a class made from our own
# sources (correct copies, planted faults, disguised copies, late
# submissions, one with trailing spaces, one with no time but its files')
# is marked with the handout's stages, a manual part, a deadline,
# submission times and --similarity; every final mark is checked against
# one worked out here, independently: each case's stage from the case
# itself (src/test-lib/handout-stage.bash), the rounding and the days late
# in awk and date(1). Then --compare whitespace, and the class page with
# its histogram and similar pairs in Chromium.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

# The deadline, and when each submission came in (none: its files' time).
DEADLINE=2021-10-15T18:00:00+11:00
declare -gA SUBMITTED=(
    [correct]=2021-10-15T17:59:59+11:00 [mutant-a]=2021-10-15T18:00:00+11:00
    [late-hours]=2021-10-15T10:00:00Z [late-two-days]=2021-10-17T18:00:01+11:00
    [trailing-spaces]=2021-10-14T10:00:00+11:00 [mutant-very-late]=2021-10-27T18:00:00+11:00
)
# no-time's files were last changed two days and an hour after the deadline.
FILES_TIME=2021-10-17T08:00:00Z

setup_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    local class=$BATS_FILE_TMPDIR/class name
    for name in correct late-hours late-two-days no-time; do mark_class_copy "$class/$name"; done
    mark_class_mutant "$class/mutant-a" "${MARK_CLASS_MUTANTS[0]}"
    mark_class_mutant "$class/mutant-very-late" "${MARK_CLASS_MUTANTS[8]}"
    mark_class_trailing_spaces "$class/trailing-spaces"
    # A program of its own, not a copy (it fails every checkers case).
    mkdir -p "$class/independent" && cp -- "$root/src/draughts"/*.[ch] "$class/independent/"
    # Copies of "correct" in disguise (both compile: the disguiser spares the C library's names).
    PYTHONPATH="$root/src" /usr/bin/python3 -B -m harness.similarity.disguise --comments --whitespace --seed 5 \
        "$class/correct" "$class/disguised-comments"
    PYTHONPATH="$root/src" /usr/bin/python3 -B -m harness.similarity.disguise --rename --seed 6 "$class/correct" "$class/disguised-renamed"
    find "$class/no-time" -exec touch -d "$FILES_TIME" {} +
    {
        echo "Name,Submitted"
        for name in "${!SUBMITTED[@]}"; do echo "$name,${SUBMITTED[$name]}"; done
    } > "$BATS_FILE_TMPDIR/submitted.csv"
    printf 'name,style\ncorrect,2\nmutant-a,1.5\nlate-hours,1\nlate-two-days,0.5\ntrailing-spaces,2\nno-time,1\n' \
        > "$BATS_FILE_TMPDIR/manual.csv"
    { cat "$root/src/mark/schemes/checkers.tsv"; printf 'style\t2\tproportional\tvisible\tmanual\tprogram style\n'; } \
        > "$BATS_FILE_TMPDIR/scheme.tsv"
    local categories=() category
    for category in "${MARK_CLASS_CATEGORIES[@]}"; do categories+=(--category "$category"); done
    "$root/scripts/mark" --output "$BATS_FILE_TMPDIR/out" "${categories[@]}" --memcheck 0 --timeout 5 \
        --scheme "$BATS_FILE_TMPDIR/scheme.tsv" --manual "$BATS_FILE_TMPDIR/manual.csv" \
        --deadline "$DEADLINE" --submitted "$BATS_FILE_TMPDIR/submitted.csv" --similarity \
        "$class"/* > "$BATS_FILE_TMPDIR/mark.log" 2>&1 || echo "$?" > "$BATS_FILE_TMPDIR/mark.failed"
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/test-lib/mark-class.bash
    source src/test-lib/mark-class.bash
    # shellcheck source=src/test-lib/handout-stage.bash
    source src/test-lib/handout-stage.bash
    # shellcheck source=src/test-lib/browser.bash
    source src/test-lib/browser.bash
    out=$BATS_FILE_TMPDIR/out
}

# expected_mark NAME: the mark the handout's stages give NAME's verdicts:
# 8, 8 and 4 marks, each times the cases passed over its cases, rounded
# half up to the cent, plus its manual style mark.
expected_mark() {
    local name=$1 style results
    style=$(awk -F, -v name="$name" '$1 == name { print $2 }' "$BATS_FILE_TMPDIR/manual.csv")
    # (each case's stage, and its verdict: case and verdict are columns 1 and 3)
    results=$out/submissions/$name/check/results.tsv
    paste <(tail -n +2 "$results" | cut -f1 | handout_stages testdata/checkers | cut -f2) \
        <(tail -n +2 "$results" | cut -f3) |
        awk -F '\t' -v style="${style:-0}" '
            { total[$1]++; if ($2 == "pass") passed[$1]++ }
            END {
                worth["stage0"] = 8; worth["stage1"] = 8; worth["stage2"] = 4
                cents = 0
                for (s in worth) if (total[s]) cents += int((200 * worth[s] * passed[s] + total[s]) / (2 * total[s]))
                printf "%.2f\n", cents / 100 + style
            }'
}

# days_late TIME: whole days or part days after the deadline, by date(1).
days_late() {
    local seconds=$(($(date -d "$1" +%s) - $(date -d "$DEADLINE" +%s)))
    ((seconds > 0)) || { echo 0; return; }
    echo $(((seconds + 86399) / 86400))
}

@test "mark-marks: the class is marked, every row with its final mark" {
    [[ ! -f $BATS_FILE_TMPDIR/mark.failed ]] || { cat "$BATS_FILE_TMPDIR/mark.log"; false; }
    run field correct max_mark
    assert_output 22.00
    run field mutant-a mark
    refute_output 21.50
}

@test "mark-marks: each final mark is the stages' marks, the manual mark and the late penalty, worked out here" {
    # The rows' cells, read at once (a Python start a cell was most of the test).
    local name mark days final checked=0 n m late f from compiled
    local -A mark_of=() late_of=() final_of=() from_of=() compiled_of=()
    while IFS=$'\x1f' read -r n m late f from compiled; do
        mark_of[$n]=$m late_of[$n]=$late final_of[$n]=$f from_of[$n]=$from compiled_of[$n]=$compiled
    done < <(fields "$out/marks.csv" name mark late_days final_mark submitted_from compiled)
    for name in correct mutant-a late-hours late-two-days no-time trailing-spaces mutant-very-late \
        disguised-comments disguised-renamed independent; do
        [[ -v mark_of[$name] ]] || fail "no row for $name"
        mark=$(expected_mark "$name")
        assert_equal "$name mark ${mark_of[$name]}" "$name mark $mark"
        if [[ -z ${SUBMITTED[$name]:-} ]]; then
            days=$(days_late "@$(find "$BATS_FILE_TMPDIR/class/$name" -type f -printf '%T@\n' | sort -n | tail -n 1)")
        else
            days=$(days_late "${SUBMITTED[$name]}")
        fi
        assert_equal "$name late_days ${late_of[$name]}" "$name late_days $days"
        final=$(awk -v m="$mark" -v d="$days" 'BEGIN { f = m - 2 * d; printf "%.2f\n", f < 0 ? 0 : f }')
        assert_equal "$name final_mark ${final_of[$name]}" "$name final_mark $final"
        checked=$((checked + 1))
    done
    assert_equal "$checked" 10
    # The figures the worked-out values must come to.
    assert_equal "${final_of[correct]}" 22.00
    assert_equal "${final_of[late-hours]}" 19.00
    assert_equal "${late_of[late-two-days]}" 3
    assert_equal "${late_of[no-time]}" 3
    assert_equal "${from_of[no-time]}" files
    assert_equal "${final_of[mutant-very-late]}" 0.00
    assert_equal "${mark_of[disguised-comments]}" 20.00
    assert_equal "${compiled_of[disguised-renamed]}" yes
    assert_equal "${mark_of[disguised-renamed]}" 20.00
}

@test "mark-marks: --similarity finds every disguised copy, and not the independent program" {
    local csv=$out/similarity/similarity.csv pair
    [[ -f $csv ]]
    for pair in correct,disguised-comments correct,disguised-renamed disguised-comments,disguised-renamed; do
        run /usr/bin/python3 -c '
import csv, sys
a, b = sys.argv[2].split(",")
rows = [r for r in csv.DictReader(open(sys.argv[1], encoding="utf-8")) if {r["name_a"], r["name_b"]} == {a, b}]
print(rows[0]["above"] if rows else "missing")' "$csv" "$pair"
        assert_output yes
    done
    # The one program of the class that is not a copy of our checkers
    # engine (our draughts engine) is above the threshold with nobody.
    run awk -F, '($1 == "independent" || $2 == "independent") && $7 == "yes"' "$csv"
    assert_output ''
    run grep -c ',yes,' "$csv"
    ((output >= 3))
}

@test "mark-marks: a missing manual mark counts 0 and the row says so" {
    assert_equal "$(field mutant-very-late style_score)" 0.00
    run field mutant-very-late marks_note
    assert_output --partial 'no manual mark for style'
}

@test "mark-marks: trailing spaces fail every case by default, and are named" {
    assert_equal "$(field trailing-spaces passed)" 0
    run cut -f4,5 "$out/submissions/trailing-spaces/check/results.tsv"
    assert_output --partial $'stdout differs only in white space (trailing spaces)\twhitespace'
}

# bats test_tags=slow
@test "mark-marks: --compare whitespace counts white-space-only cases as passed" {
    # (the official cases only: among them every stage's, so a full mark
    # is still 20.00, and every one has a board to pad with spaces)
    local class=$BATS_FILE_TMPDIR/class
    run "$root/scripts/mark" --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 --timeout 5 \
        --compare whitespace "$class/trailing-spaces" "$class/correct"
    assert_success
    local csv=$BATS_TEST_TMPDIR/out/marks.csv
    assert_equal "$(field trailing-spaces passed "$csv")" "$(field correct passed "$csv")"
    assert_equal "$(field trailing-spaces final_mark "$csv")" 20.00
    run field trailing-spaces reason "$csv"
    assert_output "$(field trailing-spaces passed "$csv") passed only with white space ignored (--compare whitespace)"
    run field correct reason "$csv"
    assert_output ""
}

# bats test_tags=slow
@test "mark-marks: the class page shows the parts, the final marks and their histogram in Chromium" {
    browser
    shot "$out/index.html" "$BATS_TEST_TMPDIR/class.png"
    (($(colours "$BATS_TEST_TMPDIR/class.png") > 20))
    run dom "file://$out/index.html"
    assert_output --partial 'aria-label="histogram of final marks"'
    assert_output --regexp '<th scope="col"[^>]*>stage0</th>'
    assert_output --regexp '<th scope="col"[^>]*>final</th>'
    # Ten final marks in ten bars: the counts the rows give.
    local counts expected
    counts=$(grep -o 'data-count="[0-9]*"' <<<"$output" | grep -o '[0-9]*' | awk '{ n += $1 } END { print n }')
    assert_equal "$counts" 10
    expected=$(/usr/bin/python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
print(sum(1 for r in rows if float(r["final_mark"]) >= 0.9 * float(r["max_mark"])))' "$out/marks.csv")
    assert_output --regexp "data-count=\"$expected\"><title>$expected with a final mark from 19.80 to 22.00"
    # The similar pairs, each with its side-by-side page.
    assert_output --partial '<h2 id="similarity">Similar submissions</h2>'
    local page
    page=$(grep -o 'href="similarity/pairs/[^"]*"' <<<"$output" | head -n 1 | cut -d'"' -f2)
    [[ -n $page && -f $out/$page ]]
    run broken_links "$out/index.html"
    assert_success
    refute_output --partial 'missing:'
}

# measure PAGE: the marks table as Chromium lays it out in a window 1280
# pixels wide: "right=R scroll=S tallest=T heads=NAME:RIGHT,..." (R the
# table's right edge, S the page's width, T the tallest row's height).
measure() {
    local copy=${1%.html}.measure.html
    sed 's|</body>|<script>(function () {\
var t = document.getElementById("marks"), tallest = 0, heads = [];\
Array.prototype.forEach.call(t.tBodies[0].rows, function (r) { tallest = Math.max(tallest, r.getBoundingClientRect().height); });\
t.querySelectorAll("thead th").forEach(function (th) { heads.push(th.textContent + ":" + Math.ceil(th.getBoundingClientRect().right)); });\
var p = document.createElement("pre"); p.id = "measure";\
p.textContent = "right=" + Math.ceil(t.getBoundingClientRect().right) + " scroll=" + document.documentElement.scrollWidth + " tallest=" + Math.ceil(tallest) + " heads=" + heads.join(",");\
document.body.appendChild(p); })();</script></body>|' "$1" > "$copy"
    timeout 120 "$(browser)" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --window-size=1280,900 \
        --user-data-dir="$(mktemp -d "$BATS_TEST_TMPDIR/chromium.XXXXXX")" --dump-dom "file://$copy" 2>/dev/null |
        grep -o 'right=[0-9][^<]*'
    rm -f -- "$copy"
}

@test "mark-marks: at 1280 pixels the marks table fits, led by name, final, mark, late and similar, a row a line" {
    browser
    local measured right scroll tallest
    measured=$(measure "$out/index.html")
    right=${measured#right=} right=${right%% *}
    scroll=${measured#*scroll=} scroll=${scroll%% *}
    tallest=${measured#*tallest=} tallest=${tallest%% *}
    ((right <= 1280)) || fail "the table's right edge is at $right px: $measured"
    ((scroll <= 1280)) || fail "the page is $scroll px wide: $measured"
    ((tallest <= 30)) || fail "a row is $tallest px tall: $measured"
    [[ $measured == *" heads=name:"*",final:"*",mark:"*",late:"*",similar:"* ]] || fail "the columns: $measured"
}

@test "mark-marks: a student found similar is flagged on its row, and its page links its pair's page" {
    run grep -o '<a href="submissions/disguised-comments/index.html#similar">&#9873; [0-9.]*%</a>' "$out/index.html"
    assert_success
    run cat "$out/submissions/disguised-comments/index.html"
    assert_output --partial '<h2 id="similar">Found similar</h2>'
    assert_output --partial '<a href="../correct/index.html">correct</a>'
    assert_output --regexp '<a href="\.\./\.\./similarity/pairs/[^"]*">the matching code side by side</a>'
    run broken_links "$out/submissions/disguised-comments/index.html"
    assert_success
    refute_output --partial 'missing:'
    # The independent program is similar to nobody: no flag, no section.
    run grep -c 'submissions/independent/index.html#similar' "$out/index.html"
    assert_output 0
    run grep -c 'id="similar"' "$out/submissions/independent/index.html"
    assert_output 0
}

@test "mark-marks: submission times are shown in the deadline's zone" {
    # submitted.csv says 2021-10-15T10:00:00Z; the files' time is 2021-10-17T08:00:00Z.
    assert_equal "$(field late-hours submitted)" 2021-10-15T21:00:00+11:00
    assert_equal "$(field no-time submitted)" 2021-10-17T19:00:00+11:00
    grep -q '2021-10-17T19:00:00+11:00 (files)' "$out/submissions/no-time/index.html"
}
