# mark-remote.bats -- scripts/mark --sshloginfile: the submissions are
# handed to GNU parallel's remote execution (--transferfile, --return,
# --cleanup) and marked by the repository on the other machine. The test
# starts its own sshd on a free port of 127.0.0.1 with throwaway host and
# user keys, marks 5 submissions through it, requires marks.csv to be the
# local run's (but for the seconds each took), and stops the sshd.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    local dir=$BATS_FILE_TMPDIR/ssh port tries=0
    command -v /usr/sbin/sshd rsync ssh-keygen >&2 ||
        { echo "needs openssh-server and rsync (apt-get install openssh-server rsync)" >&2; return 1; }
    mkdir -p "$dir"
    chmod 700 "$dir"
    ssh-keygen -q -t ed25519 -N '' -C mark-test-host -f "$dir/host_key"
    ssh-keygen -q -t ed25519 -N '' -C mark-test-user -f "$dir/user_key"
    cp -- "$dir/user_key.pub" "$dir/authorized_keys"
    port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    cat > "$dir/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PidFile $dir/sshd.pid
PermitRootLogin yes
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
MaxStartups 50:30:100
MaxSessions 50
Subsystem sftp internal-sftp
EOF
    cat > "$dir/ssh_config" <<EOF
Host mark-test
    HostName 127.0.0.1
    Port $port
    User $(id -un)
    IdentityFile $dir/user_key
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    BatchMode yes
    LogLevel ERROR
EOF
    # sshd wants its privilege separation folder.
    [[ -d /run/sshd ]] || mkdir -p /run/sshd
    /usr/sbin/sshd -D -f "$dir/sshd_config" -E "$dir/sshd.log" &
    echo "$!" > "$dir/sshd.started"
    until ssh -F "$dir/ssh_config" mark-test true 2>/dev/null; do
        sleep 0.2
        ((++tries < 100)) || { echo "sshd did not start: $(cat "$dir/sshd.log")" >&2; return 1; }
    done
    # Two workers on the one "machine".
    echo "2/ssh -F $dir/ssh_config mark-test" > "$dir/sshloginfile"
}

teardown_file() {
    local dir=$BATS_FILE_TMPDIR/ssh pid
    if [[ -f $dir/sshd.started ]]; then
        pid=$(cat "$dir/sshd.started")
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    ssh_dir=$BATS_FILE_TMPDIR/ssh
}

@test "mark-remote: the sshd listens on 127.0.0.1 only" {
    run ssh -F "$ssh_dir/ssh_config" mark-test 'echo "$SSH_CONNECTION"'
    assert_success
    assert_output --regexp '^127\.0\.0\.1 [0-9]+ 127\.0\.0\.1 [0-9]+$'
}

# bats test_tags=slow
@test "mark-remote: marks through ssh are the local marks, and nothing is left on the machine" {
    # The class's categories (official and examples: the planted fault
    # fails among them; the whole corpus, or its biggest categories, add
    # cases to wait on, not ways for the two runs to differ).
    local class=$BATS_TEST_TMPDIR/class categories=() category
    for category in "${MARK_CLASS_CATEGORIES[@]}"; do categories+=(--category "$category"); done
    mark_class_copy "$class/correct-1"
    mark_class_copy "$class/correct 2 'quoted'"
    mv -- "$class/correct 2 'quoted'/board.c" "$class/correct 2 'quoted'/my \"board\" it's.c"
    mark_class_mutant "$class/mutant" "${MARK_CLASS_MUTANTS[0]}"
    mkdir -p "$class/empty"
    mark_class_copy "$class/warnings"
    cp -- "$MARK_CLASS_FIXTURES/warnings.c" "$class/warnings/"
    local before
    before=$(find ~/.parallel/tmp -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    run scripts/mark --output "$BATS_TEST_TMPDIR/remote" "${categories[@]}" --memcheck 1 \
        --sshloginfile "$ssh_dir/sshloginfile" "$class"/*
    assert_success
    assert_line --index 0 --partial "on the machines of $ssh_dir/sshloginfile"
    assert_output --partial 'mark: 5 submissions: 1 empty, 4 marked; 3 with every case passed'
    run scripts/mark --output "$BATS_TEST_TMPDIR/local" "${categories[@]}" --memcheck 1 "$class"/*
    assert_success
    # The same marks, but for the seconds each took.
    local cut_seconds
    cut_seconds='import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
at = rows[0].index("seconds")
for row in rows: print(row[:at] + row[at + 1:])'
    diff <(/usr/bin/python3 -c "$cut_seconds" "$BATS_TEST_TMPDIR/local/marks.csv") \
        <(/usr/bin/python3 -c "$cut_seconds" "$BATS_TEST_TMPDIR/remote/marks.csv")
    (($(wc -l < "$BATS_TEST_TMPDIR/remote/marks.csv") == 6))
    # The reports came back too, the same.
    local folder
    for folder in "$BATS_TEST_TMPDIR"/local/submissions/*/; do
        folder=$(basename -- "$folder")
        diff -r -x index.html -x junit.xml -x result.tsv -x "done" -x check-engine.txt \
            "$BATS_TEST_TMPDIR/local/submissions/$folder" "$BATS_TEST_TMPDIR/remote/submissions/$folder"
        [[ -f $BATS_TEST_TMPDIR/remote/submissions/$folder/done ]]
    done
    [[ -s $BATS_TEST_TMPDIR/remote/submissions/mutant/check/2/results.tsv ]]
    # --cleanup: no work folder left behind on the "remote" machine.
    assert_equal "$(find ~/.parallel/tmp -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)" "$before"
}

# bats test_tags=slow
@test "mark-remote: a machine whose corpus differs refuses to mark, and the run fails" {
    local class=$BATS_TEST_TMPDIR/class fake=$BATS_TEST_TMPDIR/repo
    mark_class_copy "$class/correct"
    # A "remote" repository whose corpus differs by a line.
    mkdir -p "$fake"
    cp -r -- "$root/scripts" "$root/src" "$fake/"
    mkdir -p "$fake/testdata"
    # (the corpus linked, not copied; the one file changed is a copy of its own)
    cp -rl -- "$root/testdata/checkers" "$fake/testdata/"
    rm -- "$fake/testdata/checkers/official/test0.reason"
    cp -- "$root/testdata/checkers/official/test0.reason" "$fake/testdata/checkers/official/"
    echo 'one more line' >> "$fake/testdata/checkers/official/test0.reason"
    run scripts/mark --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 \
        --sshloginfile "$ssh_dir/sshloginfile" --remote-repo "$fake" "$class/correct"
    assert_failure 1
    assert_output --partial 'the corpus on'
    assert_output --partial 'differs from the one marking started with: not marked'
}
