# shellcheck shell=bash
# hardening.bash -- the sanitizer build and the run-time settings that make
# every sanitizer finding fatal and recognisable. Sourced by src/hardening/sanitize,
# src/hardening/oom and scripts/fuzz, so the three agree on what "a report" is.

# The exit status of a run that a sanitizer stopped. Distinct from the
# engine's own 0..4, so a report can never pass for an expected status.
# shellcheck disable=SC2034 # used by the scripts that source this file
HARDENING_REPORT_STATUS=86

HARDENING_WARNINGS=(-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror)
# -O1 keeps the runs fast while leaving the reports' stacks readable.
# shellcheck disable=SC2054 # the commas belong to the flags
HARDENING_SANITIZE_FLAGS=(-O1 -g -fno-omit-frame-pointer
    -fsanitize=address,undefined -fno-sanitize-recover=all)

# hardening_export_sanitizer_options LEAKS: every report ends the run
# with HARDENING_REPORT_STATUS: AddressSanitizer, UndefinedBehaviorSanitizer
# and, when LEAKS is 1 (not 0), LeakSanitizer (at exit). Settings already in the
# environment come after ours and so win, except that nothing can make a
# report non-fatal (-fno-sanitize-recover is compiled in).
hardening_export_sanitizer_options() {
    local status=$HARDENING_REPORT_STATUS leaks=$1
    export ASAN_OPTIONS="exitcode=$status:abort_on_error=0:detect_leaks=$leaks:detect_stack_use_after_return=1:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="exitcode=$status:halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
}

# hardening_build COMPILER OUTPUT SOURCE_DIR FLAG...: the engine from
# SOURCE_DIR/*.c, warning-free, with the given extra flags. A sanitized
# build by gcc links the sanitizers' run-time statically, as clang's does:
# the same checks, and a run starts in 5 ms of CPU instead of 7 (loading
# libasan.so), which the suites pay at every one of their thousands of runs.
hardening_build() {
    local compiler=$1 output=$2 sources=$3 static=()
    shift 3
    if [[ " $* " == *" -fsanitize="* ]] && ! hardening_is_clang "$compiler"; then
        static=(-static-libasan -static-libubsan)
    fi
    mkdir -p "$(dirname "$output")"
    "$compiler" "${HARDENING_WARNINGS[@]}" "$@" "${static[@]}" -o "$output" "$sources"/*.c
}

# hardening_is_clang COMPILER: whether COMPILER is clang (or a compiler
# built on it), which has no -static-libasan.
hardening_is_clang() {
    "$1" -dM -E - < /dev/null 2>/dev/null | grep -q '__clang__'
}

# hardening_require_sanitized BINARY: fails unless BINARY really carries
# ASan and UBSan, so that a silently unsanitized build cannot pass.
hardening_require_sanitized() {
    local symbols
    symbols=$(nm -- "$1" 2>/dev/null || true)
    if ! grep -q '__asan_init' <<<"$symbols" || ! grep -q '__ubsan_handle' <<<"$symbols"; then
        echo "$1 is not instrumented with AddressSanitizer and UBSan" >&2
        return 1
    fi
}
