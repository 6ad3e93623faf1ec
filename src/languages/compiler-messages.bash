# shellcheck shell=bash
# compiler-messages.bash -- the errors and warnings in a build's log, as
# the compilers of languages.tsv write them: gcc, g++ and javac
# (`FILE:LINE:COL: error: ...`, `FILE:LINE: error: ...`) and Mono's mcs
# (`FILE(LINE,COL): error CS1525: ...`). Sourced by languages.bash.
#
#   language_messages errors|warnings LOG   how many LOG holds
#   language_first_error LOG                its first error (or the
#                                           linker's), cut to 160 bytes

# The messages' patterns (grep's basic regular expressions).
LANGUAGE_ERROR_PATTERN=': error: \|: fatal error: \|): error CS[0-9]*: \|): fatal error CS[0-9]*: '
LANGUAGE_WARNING_PATTERN=': warning: \|): warning CS[0-9]*: '

language_messages() {
    local pattern=$LANGUAGE_ERROR_PATTERN
    [[ $1 == errors ]] || pattern=$LANGUAGE_WARNING_PATTERN
    grep -c -- "$pattern" "$2" || true
}

language_first_error() {
    grep -m1 -- "$LANGUAGE_ERROR_PATTERN\\|undefined reference" "$1" | cut -c1-160 || true
}
