#!/usr/bin/env bash
# setup.sh -- Gradescope runs this once, as root, when it builds the
# autograder's image (the zip's contents are in /autograder/source): it
# installs what marking needs with apt-get and builds the engines, the
# sandbox and the HW4 judge with make. What it installs follows the
# zip's autograder.env: Valgrind only when the memory check is on, and what
# the game's languages need (GAME_PACKAGES, which the packager wrote from
# the game's record in harness.games: the C++ compiler, the JDK and Mono
# for HW4, handed in in C, C++, Java, C# or Python).
set -euo pipefail

usage() {
    # (as Gradescope runs it: /autograder/source/setup.sh)
    echo "usage: $0"
    cat <<'USAGE'
Installs with apt-get what marking needs (as the zip's autograder.env
says) and builds the repository in /autograder/source with make. Run as
root, once, by Gradescope when it builds the autograder's image.
Environment: AUTOGRADER_ROOT (default /autograder), for a stand-in tree.
USAGE
}

case ${1:-} in
    --help | -h) usage; exit 0 ;;
    '') ;;
    *) usage >&2; exit 2 ;;
esac

source_dir=${AUTOGRADER_ROOT:-/autograder}/source
# shellcheck source=/dev/null # written by src/harness/gradescope/package.py
source "$source_dir/autograder.env"

packages=(make gcc libc6-dev libseccomp-dev python3 python3-jinja2 parallel bubblewrap procps coreutils diffutils hostname)
if ((GRADESCOPE_MEMCHECK > 0)); then packages+=(valgrind); fi
# shellcheck disable=SC2153 # (autograder.env's, sourced above)
read -ra game_packages <<<"$GAME_PACKAGES"
packages+=("${game_packages[@]}")

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"

# A zip keeps no modes where it is unpacked without them: every script
# (a file that starts with #!) is made executable again.
mapfile -t scripts < <(find "$source_dir" -type f -exec awk 'FNR == 1 && /^#!/ { print FILENAME } { nextfile }' {} +)
chmod 755 -- "${scripts[@]}"
make -C "$source_dir" -j "$(nproc)"
# The sandbox's verdict on this image, for the build log (run_autograder
# tries again for every submission: the image may be built elsewhere).
"$source_dir/build/sandbox" describe --timeout "$GRADESCOPE_TIMEOUT"
