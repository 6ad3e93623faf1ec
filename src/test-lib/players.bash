# shellcheck shell=bash
# players.bash -- copies of the HW4 test players
# (src/draughts-judge/tests/players) with a chosen behaviour, for the
# tests of check-engine and mark on other languages. The sandbox passes no
# environment, so the variant is set in the copy's sources.

# player LANG VARIANT [DIR]: a copy of the LANG player (java, python, cpp,
# csharp)
# whose default variant is VARIANT, at DIR (default
# $BATS_TEST_TMPDIR/LANG-VARIANT); its path on stdout.
player() {
    local players dir=${3:-$BATS_TEST_TMPDIR/$1-$2}
    players=$(cd "$(dirname "${BASH_SOURCE[0]}")/../draughts-judge/tests/players" && pwd)
    cp -R "$players/$1" "$dir"
    case $1 in
        java) sed -i "s/if (variant == null) variant = \"reference-like\";/if (variant == null) variant = \"$2\";/" "$dir/hw4.java" ;;
        python) sed -i "s/os.environ.get(\"HW4_VARIANT\", \"reference-like\")/os.environ.get(\"HW4_VARIANT\", \"$2\")/" "$dir/player.py" ;;
        csharp) sed -i "s/?? \"reference-like\";/?? \"$2\";/" "$dir/hw4.cs" ;;
        cpp) sed -i "s/std::string name = env ? env : \"reference-like\";/std::string name = env ? env : \"$2\";/" "$dir/hw4.cpp" ;;
    esac
    [[ $2 == reference-like ]] || ! diff -rq "$players/$1" "$dir" >/dev/null || fail "the variant $2 was not set in $dir"
    printf '%s\n' "$dir"
}
