#!/usr/bin/env bash
# contain-as-user.bash -- measures what the sandbox holds when an ordinary
# user runs check-engine: each hostile program of this folder, as a user
# made for the run (removed afterwards), with bubblewrap and without it
# (bwrap not on PATH: limits only), on two cases. Prints TSV: sandbox,
# program, check-engine's exit status, its last line, the user's processes
# (not zombies) still running a second after it ended, the files written in the user's
# home. src/check/README.md ("As an ordinary user") quotes a run.
# usage: src/sandbox/tests/hostile/contain-as-user.bash   (as root)
set -euo pipefail

if [[ ${1:-} == --help || ${1:-} == -h ]]; then
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
((EUID == 0)) || { echo "contain-as-user: run as root (it makes a user)" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)
name=ckref-contain-$((RANDOM % 9000 + 1000))
home=$(mktemp -d /tmp/contain-as-user.XXXXXX)
chmod 755 "$home"
useradd --home-dir "$home" --no-create-home --user-group --shell /bin/bash "$name"
trap 'pkill -KILL -u "$name" 2>/dev/null || true; userdel "$name" 2>/dev/null || true; rm -rf -- "$home"' EXIT
mkdir -p "$home/bin" "$home/cases/probe" "$home/tmp"
for program in "$root"/src/sandbox/tests/hostile/*.c; do
    cc -std=c11 -O2 -DREPO="\"$root\"" -DHOMEDIR="\"$home\"" -DMARKER='"sbx-as-user"' \
        -o "$home/bin/$(basename "$program" .c)" "$program"
done
cp "$root"/testdata/checkers/examples/seed-game-A.* "$root"/testdata/checkers/official/test0.* "$home/cases/probe/"
# shellcheck source=src/test-lib/path-without.bash
source "$root/src/test-lib/path-without.bash"
path_without bwrap "$home/nobwrap" /usr/local/bin:/usr/bin:/bin
chown -R "$name:$name" "$home"

printf 'sandbox\tprogram\tstatus\tlast line\tleft running\thome written\n'
for sandbox in bwrap limits; do
    path=/usr/local/bin:/usr/bin:/bin
    [[ $sandbox == bwrap ]] || path=$home/nobwrap
    for program in "$home"/bin/*; do
        touch "$home/.stamp"
        status=0
        last=$(cd "$root" && setpriv --reuid="$name" --regid="$name" --init-groups \
            env -i HOME="$home" TMPDIR="$home/tmp" PATH="$path" timeout 300 \
            scripts/check-engine "$program" --cases "$home/cases" --timeout 2 --jobs 1 --show 0 \
            --output "$home/out" 2>&1 | tail -n 1) || status=$?
        sleep 1
        # (zombies are not counted: they run nothing, and a container's
        # init may be slow to reap the ones it inherits)
        # shellcheck disable=SC2009 # (pgrep cannot leave zombies out)
        left=$(ps -u "$name" -o stat= | grep -vc '^Z' || true)
        written=$(find "$home" -maxdepth 1 -newer "$home/.stamp" ! -name out ! -name tmp ! -path "$home" \
            -printf '%f ' 2>/dev/null)
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$sandbox" "${program##*/}" "$status" "$last" "$left" "${written:-none}"
        pkill -KILL -u "$name" 2>/dev/null || true
        sleep 0.2
    done
done
