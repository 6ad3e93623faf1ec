# feedback.bats -- feedback to every student (its unit tests,
# src/harness/mark/tests/test_feedback_*.py, run in make unit):
# scripts/mark on a class of two with --roster, --feedback and
# --send-feedback, the e-mails received by aiosmtpd's mailbox on a free
# port of 127.0.0.1.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

teardown() {
    if [[ -n ${smtp_pid:-} ]]; then kill "$smtp_pid" 2>/dev/null || true; fi
}

# start_mailbox DIR: aiosmtpd on a free port of 127.0.0.1, keeping what it
# receives in the Maildir DIR; sets smtp_pid and smtp_port.
start_mailbox() {
    smtp_port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    /usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$smtp_port" -c aiosmtpd.handlers.Mailbox "$1" \
        > "$BATS_TEST_TMPDIR/smtp.log" 2>&1 &
    smtp_pid=$!
    local tries=0
    until /usr/bin/python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
        "$smtp_port" 2>/dev/null; do
        ((++tries < 50)) || fail "aiosmtpd did not start: $(cat "$BATS_TEST_TMPDIR/smtp.log")"
        sleep 0.1
    done
}

# bats test_tags=slow
@test "feedback: scripts/mark --roster --feedback --send-feedback: each student receives their marks and page" {
    # shellcheck source=src/test-lib/mark-class.bash
    source src/test-lib/mark-class.bash
    mark_class_copy "$BATS_TEST_TMPDIR/class/alice"
    mark_class_copy "$BATS_TEST_TMPDIR/class/bob"
    echo 'int oops(void) { return }' >> "$BATS_TEST_TMPDIR/class/bob/main.c"
    printf 'name,token,email\nalice,t1,alice@example.edu\nbob,t2,bob@example.edu\ncarol,t3,carol@example.edu\n' \
        > "$BATS_TEST_TMPDIR/roster.csv"
    start_mailbox "$BATS_TEST_TMPDIR/maildir"
    run scripts/mark --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 \
        --roster "$BATS_TEST_TMPDIR/roster.csv" --feedback "$BATS_TEST_TMPDIR/fb" \
        --feedback-from marker@example.edu --send-feedback "smtp://127.0.0.1:$smtp_port" "$BATS_TEST_TMPDIR"/class/*
    assert_success
    assert_line 'feedback: 1 on the roster without a submission (no e-mail): carol'
    assert_line --partial 'feedback: 2 e-mails written to'
    assert_line 'feedback: 2 sent, 0 failed, 0 already sent before'
    mapfile -t received < <(grep -l '^To: ' "$BATS_TEST_TMPDIR"/maildir/new/*)
    ((${#received[@]} == 2)) || fail "${#received[@]} e-mails received"
    run grep -h -e '^To: ' -e '^Subject: ' -e '^Final mark: ' -e 'filename=' "${received[@]}"
    assert_line 'To: alice@example.edu'
    assert_line 'To: bob@example.edu'
    # alice passes every official test: each part of the scheme holds some, so each is whole (8 + 8 + 4).
    assert_line 'Final mark: 20.00 of 20.00'
    assert_line 'Final mark: 0.00 of 20.00'
    assert_line 'Content-Disposition: attachment; filename="alice.html"'
    assert_line 'Content-Disposition: attachment; filename="bob.html"'
    # A re-run sends nobody twice; on the output made, without marking again.
    run scripts/feedback --feedback "$BATS_TEST_TMPDIR/fb" --send-feedback "smtp://127.0.0.1:$smtp_port"
    assert_success
    assert_line 'feedback: 0 sent, 0 failed, 2 already sent before'
    [[ $(find "$BATS_TEST_TMPDIR/maildir/new" -type f | wc -l) == 2 ]] || fail "sent twice"
}

@test "feedback: scripts/mark refuses a roster without email before any work, and scripts/feedback has --help" {
    printf 'name,token\nalice,t1\n' > "$BATS_TEST_TMPDIR/roster.csv"
    mkdir -p "$BATS_TEST_TMPDIR/class/alice"
    run scripts/mark --output "$BATS_TEST_TMPDIR/out" --category official --memcheck 0 \
        --roster "$BATS_TEST_TMPDIR/roster.csv" --feedback "$BATS_TEST_TMPDIR/fb" "$BATS_TEST_TMPDIR/class/alice"
    assert_failure 2
    assert_output --partial "feedback: --roster: $BATS_TEST_TMPDIR/roster.csv:1: the roster needs the column email"
    refute_output --partial 'submissions to mark'
    run scripts/feedback --help
    assert_success
    assert_output --partial 'SMTP_PASSWORD'
    run scripts/feedback
    assert_failure 2
    assert_output --partial 'nothing to do'
}
