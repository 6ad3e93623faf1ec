# shellcheck shell=bash
# mark.bash -- src/mark/mark-one's hash of a folder (the class's side is
# the package's: harness.hashes.tree_hash, the same bytes). Sourced after
# src/cases/cases.bash.

# mark_tree_hash DIR: one sha256 over the names and bytes of every regular
# file under DIR (symbolic links and special files are never read).
mark_tree_hash() {
    (
        cd "$1" || exit 1
        find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum -- |
            sha256sum | cut -d' ' -f1
    )
}
