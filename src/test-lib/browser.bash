# shellcheck shell=bash
# browser.bash -- a page as a person sees it: headless Chromium's screenshot
# and DOM (after the page's scripts ran), the colours of a screenshot, and
# the links of a page that do not resolve. For the report tests (bats:
# `fail` comes from bats-support).

# browser: headless Chromium, under the name this system gives it (Debian:
# chromium; Ubuntu's runners: google-chrome).
browser() {
    command -v chromium || command -v chromium-browser || command -v google-chrome ||
        fail "Chromium is needed (apt-get install chromium)"
}

# shot PAGE PNG: a screenshot of PAGE by headless Chromium.
shot() {
    local profile
    profile=$(mktemp -d "$BATS_TEST_TMPDIR/chromium.XXXXXX")
    timeout 120 "$(browser)" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --screenshot="$2" --window-size=1280,900 "file://$1" >/dev/null 2>&1
    [[ -s $2 ]] || fail "no screenshot of $1"
}

# dom URL: the page's DOM after its scripts ran, by headless Chromium.
dom() {
    timeout 120 "$(browser)" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$(mktemp -d "$BATS_TEST_TMPDIR/chromium.XXXXXX")" --dump-dom "$1" 2>/dev/null
}

# colours PNG: how many distinct colours the screenshot PNG has.
colours() {
    /usr/bin/python3 -B "$(dirname "${BASH_SOURCE[0]}")/png_colours.py" "$1"
}

# broken_links PAGE: every relative href or src of PAGE that resolves to
# nothing, then "links: N".
broken_links() {
    /usr/bin/python3 -B "$(dirname "${BASH_SOURCE[0]}")/page_links.py" "$1"
}
