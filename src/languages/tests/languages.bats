# languages.bats -- a program handed in as a folder of C++, Java, C# or
# Python is built and run in the sandbox as the HW4 grader builds and runs it,
# and judged: the test players of src/draughts-judge/tests/players, a
# correct and a faulty variant each (the variant is set in a copy of the
# sources: the sandbox passes no environment). Memory bombs in C, Java and
# Python are stopped by the limit that lets a JVM start.

# shellcheck source=src/test-lib/workflow.bash
source "$BATS_TEST_DIRNAME/../../test-lib/workflow.bash"
# shellcheck source=src/test-lib/players.bash
source "$BATS_TEST_DIRNAME/../../test-lib/players.bash"

setup() {
    workflow_setup
    players=$root/src/draughts-judge/tests/players
    out=$BATS_TEST_TMPDIR/out
    # shellcheck source=src/languages/languages.bash
    source "$root/src/languages/languages.bash"
}

@test "languages: a folder's language from its files; none or several is a sentence" {
    run language_of "$players/java"
    assert_output java
    run language_of "$players/cpp"
    assert_output cpp
    run language_of "$players/python"
    assert_output python
    run language_of "$players/csharp"
    assert_output csharp
    mkdir "$BATS_TEST_TMPDIR/empty" "$BATS_TEST_TMPDIR/mixed"
    run language_of "$BATS_TEST_TMPDIR/empty"
    assert_failure
    assert_output --partial 'no source file of a known language'
    touch "$BATS_TEST_TMPDIR/mixed/a.c" "$BATS_TEST_TMPDIR/mixed/B.java"
    run language_of "$BATS_TEST_TMPDIR/mixed"
    assert_failure
    assert_output --partial 'several languages (c java)'
    touch "$BATS_TEST_TMPDIR/mixed/C.cs"
    run language_of "$BATS_TEST_TMPDIR/mixed"
    assert_output --partial 'several languages (c java csharp)'
}

@test "languages: the older standard's command; the compilers' errors and warnings counted, Mono's too" {
    assert_equal "$(language_older_command cpp)" 'g++ -std=gnu++98 "$@" -o hw4'
    assert_equal "$(language_field java older)" -
    local log=$BATS_TEST_TMPDIR/build.log
    printf '%s\n' '$ mcs -out:hw4.exe hw4.cs' "hw4.cs(3,9): warning CS0168: The variable 'x' is declared but never used" \
        'hw4.cs(7,1): error CS1525: Unexpected symbol `}'"'" 'a.cpp:2:3: warning: unused variable' \
        "a.cpp:4:1: error: 'x' was not declared in this scope" 'Compilation failed: 2 error(s), 2 warnings' > "$log"
    assert_equal "$(language_messages errors "$log")" 2
    assert_equal "$(language_messages warnings "$log")" 2
    assert_equal "$(language_first_error "$log")" 'hw4.cs(7,1): error CS1525: Unexpected symbol `}'"'"
}

@test "languages: Java, Python and C++ players built and run as the grader does, judged: each passes" {
    local lang
    # (the handout's examples, mandatory jumps and crowning among them: the
    # build, the run and the judge are the point here; judge.bats judges
    # each player on every case of the corpus)
    for lang in java python cpp; do
        run scripts/check-engine --program draughts "$(player "$lang" reference-like)" \
            --category examples --show 0 --output "$out"
        assert_success
        assert_line --regexp '^[1-9][0-9]* passed, 0 failed \(profile assignment\)$'
    done
    assert_line --index 0 --partial ': cpp'
    # the build as it ran, kept in the output folder
    assert_line --index 1 --regexp "^check-engine: built in the sandbox \\($out/program/built\\) with: g\\+\\+ ([a-z0-9_]+\\.cpp )+-o hw4\$"
}

@test "languages: a Java player with a wrong leaf value and a Python one cutting on alpha > beta fail, with the fault in the game's terms" {
    # Four cases, not a category (a JVM starts per case): wrong-leaf shows
    # on three of them (all but examples/opening), cut-strict on all four.
    local few=$BATS_TEST_TMPDIR/few
    mkdir -p "$few"
    (cd testdata/draughts && cp --parents -t "$few" examples/handout-case5.* examples/opening.* \
        opening/opening-23-s1.* opening/opening-24-s1.*)
    run scripts/check-engine --program draughts "$(player java wrong-leaf)" --cases "$few" --show 0 --no-diagnose \
        --output "$out"
    assert_failure
    assert_line --index 1 --regexp '^check-engine: built in the sandbox \(.*\) with: javac ([A-Za-z0-9_]+\.java ?)+$'
    # shellcheck disable=SC2016 # a backquote of the judge's text
    assert_line --regexp "^  [0-9]+ cases: judge: a node's value is wrong \\(h= at B4\\)$"
    run scripts/check-engine --program draughts "$(player python cut-strict)" --cases "$few" --show 0 --no-diagnose \
        --output "$out"
    assert_failure
    assert_line --regexp '^  [0-9]+ cases: judge: a node goes on where it must prune \(alpha >= beta, cut on equality\)$'
}

@test "languages: a folder that does not build fails (status 1) with the compiler's first error" {
    local dir=$BATS_TEST_TMPDIR/broken
    cp -R "$players/java" "$dir"
    echo 'this is not Java' >> "$dir/hw4.java"
    run scripts/check-engine --program draughts "$dir" --category examples --output "$out"
    assert_failure 1
    assert_output --regexp "does not build: 'javac ([A-Za-z0-9]+\\.java ?)+' ended with exit status 1: .*error"
}

@test "languages: C++ of 2013 built with -std=gnu++98 when the handout's command fails, said so; not with --no-old-standards" {
    local cpp98=src/languages/tests/fixtures/cpp98
    run scripts/check-engine --program draughts "$cpp98" --no-old-standards --category examples --output "$out"
    assert_failure 1
    assert_output --regexp "does not build: 'g\\+\\+ hw4.cpp -o hw4' ended with exit status 1: hw4.cpp:[0-9]+:[0-9]+: error: "
    local first=${output##*exit status 1: }
    run scripts/check-engine --program draughts "$cpp98" --category examples --show 0 --output "$out"
    assert_success
    assert_line --index 1 --regexp '^check-engine: built in the sandbox \(.*\) with: g\+\+ -std=gnu\+\+98 hw4.cpp -o hw4$'
    assert_line --index 2 "check-engine: built with -std=gnu++98: the handout's command failed with: $first"
    assert_line --regexp '^[1-9][0-9]* passed, 0 failed \(profile assignment\)$'
}

@test "languages: the build's log begins with its commands as they ran, the files named" {
    local dir=$BATS_TEST_TMPDIR/two-files
    mkdir -p "$dir"
    printf '%s\n' 'int twice(int x);' 'int main() { return twice(0); }' > "$dir/main.cpp"
    printf '%s\n' 'int twice(int x) { return 2 * x; }' > "$dir/twice.cpp"
    language_build "$dir" cpp '' 60 1 "$BATS_TEST_TMPDIR/built" "$BATS_TEST_TMPDIR/build.log"
    run head -n 1 "$BATS_TEST_TMPDIR/build.log"
    assert_output '$ g++ main.cpp twice.cpp -o hw4'
    [[ -x $BATS_TEST_TMPDIR/built/hw4 ]] || fail "no hw4 built"
    # a command of one's own: each of its commands, as it ran
    language_build "$dir" cpp 'g++ -c *.cpp && g++ -o hw4 *.o' 60 1 "$BATS_TEST_TMPDIR/built" "$BATS_TEST_TMPDIR/build.log"
    run grep '^\$ ' "$BATS_TEST_TMPDIR/build.log"
    assert_output "$(printf '%s\n' '$ g++ -c main.cpp twice.cpp' '$ g++ -o hw4 main.o twice.o')"
}

# bomb LANG: the launcher and folder of a program that allocates without
# end in LANG, in $BATS_TEST_TMPDIR/bomb-LANG.
bomb() {
    local dir=$BATS_TEST_TMPDIR/bomb-$1
    mkdir -p "$dir"
    case $1 in
        c) printf '%s\n' '#include <stdio.h>' '#include <stdlib.h>' '#include <string.h>' \
               'int main(void) { puts("started"); fflush(stdout);' \
               '    for (;;) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); } }' > "$dir/bomb.c"
           cc -O0 -o "$dir/program" "$dir/bomb.c" ;;
        java) printf '%s\n' 'import java.util.*;' 'public class hw4 { public static void main(String[] a) {' \
               '  System.out.println("started"); System.out.flush();' \
               '  List<long[]> l = new ArrayList<>(); for (;;) l.add(new long[1 << 17]); } }' > "$dir/hw4.java"
              (cd "$dir" && javac hw4.java) ;;
        python) printf '%s\n' 'print("started", flush=True)' 'l = []' 'while True: l.append(bytearray(1 << 20))' > "$dir/hw4.py" ;;
    esac
    language_launcher "$dir" "$1" "$dir.run"
}

@test "languages: a memory bomb in C, Java or Python is stopped at the limit, well before the timeout" {
    local lang status started
    for lang in c java python; do
        bomb "$lang"
        # (the default memory limit, check-engine's: 1024 MiB of data)
        sandbox_start "$BATS_TEST_TMPDIR/bomb-$lang.run" --folder "$BATS_TEST_TMPDIR/bomb-$lang" --timeout 30
        started=$SECONDS
        sandbox_run stdin /dev/null "$out.out" "$out.err" "$out.status"
        sandbox_stop
        read -r status < "$out.status"
        # It started (a JVM that cannot start proves nothing), then it
        # was stopped: not a success, not a hang.
        [[ $(head -n 1 "$out.out") == started ]] || fail "$lang bomb did not start: $(head -c 300 "$out.err")"
        ((status != 0 && status != 124)) || fail "$lang bomb: status $status"
        ((SECONDS - started < 20)) || fail "$lang bomb: ran $((SECONDS - started)) s"
    done
}

@test "languages: the program's folder is read-only to it, and a copy: the caller's files are never touched" {
    local dir=$BATS_TEST_TMPDIR/writer
    mkdir -p "$dir"
    printf '%s\n' 'import os, sys' \
        'try:' '    open(os.path.join(os.environ["SANDBOX_FOLDER"], "mine.txt"), "w").write("x")' \
        '    print("wrote")' 'except OSError as e:' '    print("refused", e.errno)' > "$dir/hw4.py"
    language_launcher "$dir" python "$dir.run"
    sandbox_start "$dir.run" --folder "$dir"
    sandbox_run stdin /dev/null "$out.out" "$out.err" "$out.status"
    local own_copy=0
    # (limits only, as the caller's own uid: the copy is the program's)
    [[ $SANDBOX_MODE == bwrap || -n $SANDBOX_UID ]] || own_copy=1
    sandbox_stop
    run cat "$out.out"
    if ((own_copy)); then assert_output wrote; else assert_output --regexp '^refused (13|30)$'; fi
    [[ ! -e $dir/mine.txt ]] || fail "the program wrote into the caller's folder"
}
