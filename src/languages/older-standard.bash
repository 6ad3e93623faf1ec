# shellcheck shell=bash
# older-standard.bash -- builds of their time. A handout's build command
# ran on the compilers of its day: the HW4 grader's `g++ *.cpp -o hw4`
# meant C++98 in 2013, C++17 on today's g++, and a program its grader
# accepted may no longer build (a dynamic exception specification, a
# `register` variable, make_pair<int, int>(x, y), ...). When the
# language's own command fails with the compiler's errors, the build is
# tried again with the options of the older standard (languages.tsv's last
# column: -std=gnu++98 for C++), and a build that succeeds says so.
# Sourced by languages.bash.
#
#   LANGUAGE_OLDER_STANDARDS    1 (set here): try the older standard; 0: never
#   language_build_of_its_time DIR LANG CMD TIMEOUT SANDBOX OUT LOG
#       language_build's arguments and status. When CMD is empty (the
#       language's own command), the build ended with the compiler's
#       errors (not a hang, a kill, or nothing made) and LANG has older
#       options, builds again with them. When that one builds: status 0,
#       LOG its messages, LOG.handout the first build's, and LANGUAGE_NOTE
#       "built with OPTIONS: the handout's command failed with: ERROR"
#       (its first error). Otherwise the first build's status, LOG its
#       messages and a last line on the older standard's failure, and
#       LANGUAGE_NOTE empty.
#   language_older_command LANG
#       LANG's build command with the older options after the compiler's
#       name (`g++ -std=gnu++98 "$@" -o hw4`)

LANGUAGE_OLDER_STANDARDS=1

language_older_command() {
    local build older
    build=$(language_field "$1" build) older=$(language_field "$1" older)
    printf '%s %s %s\n' "${build%% *}" "$older" "${build#* }"
}

# shellcheck disable=SC2034 # LANGUAGE_NOTE is for the caller
language_build_of_its_time() {
    local lang=$2 command=$3 log=$7 status=0 older first
    LANGUAGE_NOTE=''
    rm -f -- "$log.handout"
    language_build "$@" || status=$?
    older=$(language_field "$lang" older)
    if ((status == 0 || status == 3 || status == 124 || status > 128)) || [[ -n $command || $older == - ]] ||
        ((!LANGUAGE_OLDER_STANDARDS)); then
        return "$status"
    fi
    first=$(language_first_error "$log")
    mv -- "$log" "$log.handout"
    if language_build "$1" "$lang" "$(language_older_command "$lang")" "${@:4:3}" "$log"; then
        LANGUAGE_NOTE="built with $older: the handout's command failed with: ${first:-exit status $status}"
        return 0
    fi
    rm -f -- "$log"
    mv -- "$log.handout" "$log"
    printf '(%s was tried too: it did not build either)\n' "$older" >> "$log"
    return "$status"
}
