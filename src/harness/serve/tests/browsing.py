"""browsing.py -- what the browser tests share (test_browser, test_fit,
test_walk): Debian's headless Chromium through Selenium (a download
folder set by its prefs when asked), waiting for an element of the next
page, and one page measured at one width: its scroll width against the
window's, its body type, axe-core's violations, a screenshot.

axe-core is npm's package, installed on first use into build/tools/npm
(as src/tools/tests/lint.bats installs its npm tool); npm comes from
Debian (tools.tsv's npm row: the unit target needs it)."""

from __future__ import annotations

import base64
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service as DriverService
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness import paths

AXE = "axe-core@4.14.1"
TOOLS = paths.ROOT / "build" / "tools" / "npm"
SHOTS = paths.ROOT / "build" / "reports" / "screenshots"
WIDTHS = (390, 1280)
HEIGHT = 900
BLOCKING = ("serious", "critical")
PNG = b"\x89PNG\r\n\x1a\n"


def browser(profile, javascript=True, downloads=None):
    """Headless Chromium with its own profile folder; with DOWNLOADS, a
    link's file is saved there without asking (Chromium's prefs, and its
    download behaviour for the files it would hold as dangerous)."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--user-data-dir=" + profile):
        options.add_argument(flag)
    prefs = {}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if downloads:
        prefs.update({"download.default_directory": str(downloads), "download.prompt_for_download": False,
                      "download.directory_upgrade": True,
                      # a page's second download is no "multiple downloads" question
                      "profile.default_content_setting_values.automatic_downloads": 1})
    if prefs:
        options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=DriverService(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    # (No download setting beyond a person's own preferences: Chromium
    # held a file named *.out, as it would a.out, for the person's "keep",
    # so the expected output is downloaded as STEM.expected, and the walk
    # proves that it arrives unasked.)
    return driver


# What Chromium says when a page was replaced between finding an element
# and reading it (without JavaScript, its refresh): a stale element, in
# other words, but not raised as one.
REPLACED = "does not belong to the document"


def until(driver, check, timeout=60, poll=0.2):
    """CHECK(driver) once true, the page loading or reloading under it
    meanwhile: an element missing, stale, or read just as its page was
    replaced is not there yet; any other error of the browser is raised."""
    def settled(current):
        try:
            return check(current)
        except WebDriverException as error:  # (a missing or stale element too: raised, and the wait ignores it)
            if REPLACED in str(error):
                return False
            raise
    return WebDriverWait(driver, timeout, poll_frequency=poll,
                         ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)).until(settled)


def found(driver, element_id, timeout=30):
    """The element ELEMENT_ID once the page that holds it has loaded: a
    click that submits a form returns before the next page is there."""
    return until(driver, lambda d: d.find_element(By.ID, element_id), timeout, poll=0.1)


def axe_source() -> str:
    """axe.min.js, installed into build/tools/npm when it is not there yet."""
    script = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("npm is needed to install axe-core for the accessibility test (apt-get install npm)")
        done = subprocess.run([npm, "install", "--silent", "--no-save", "--no-audit", "--no-fund",
                               "--prefix", str(TOOLS), AXE], capture_output=True, text=True)
        if done.returncode != 0 or not script.exists():
            raise RuntimeError("npm install %s into %s failed: %s" % (AXE, TOOLS, done.stderr.strip()[-500:]))
    return script.read_text(encoding="utf-8")


# Runs axe-core on the page; answers its violations, each as {id, impact, nodes}.
AXE_RUN = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(function (r) {
  done(r.violations.map(function (v) { return {id: v.id, impact: v.impact, nodes: v.nodes.length}; }));
}, function (e) { done({error: String(e)}); });
"""
MEASURE = """
var widest = null, right = 0;
document.querySelectorAll('main *').forEach(function (e) {
  if (e.closest('.wide, pre')) return;
  var r = e.getBoundingClientRect().right;
  if (r > right) { right = r; widest = e.tagName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''); }
});
return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
        font: parseFloat(getComputedStyle(document.body).fontSize), widest: widest + ' ' + Math.ceil(right)};
"""


@dataclass
class Measure:
    """One page at one width."""
    name: str
    width: int
    scroll: int
    inner: int
    font: float
    violations: list = field(default_factory=list)
    widest: str = ""  # the element that reaches furthest right, and where

    def blocking(self):
        return sorted(v["id"] for v in self.violations if v["impact"] in BLOCKING)

    def problems(self):
        found_ = []
        if self.inner != self.width:
            found_.append("laid out %d px wide in a %d px window (no viewport meta, or too wide: %s)"
                          % (self.inner, self.width, self.widest))
        if self.scroll > self.inner:
            found_.append("scrolls sideways: %d px wide in %d (%s)" % (self.scroll, self.inner, self.widest))
        if self.font < 16:
            found_.append("body type %.1f px" % self.font)
        if self.blocking():
            found_.append("axe-core: serious or critical: %s" % " ".join(self.blocking()))
        return ["%s at %d: %s" % (self.name, self.width, p) for p in found_]


def measure(driver, axe: str, name: str, url: str, width: int, shot: Path) -> Measure:
    """The page at URL loaded WIDTH px wide (below 800: as a phone, so that
    the viewport meta counts), measured, its screenshot saved as SHOT, and
    axe-core run over it; printed and answered."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": width < 800})
    driver.get(url)
    got = driver.execute_script(MEASURE)
    screenshot(driver, shot)
    driver.execute_script(axe)
    violations = driver.execute_async_script(AXE_RUN)
    if isinstance(violations, dict):
        raise AssertionError("axe-core failed on %s: %s" % (name, violations["error"]))
    result = Measure(name, width, got["scroll"], got["inner"], got["font"], violations, got["widest"])
    print("fit: %s %d: scroll %d, inner %d, font %.1f px; axe serious/critical %d (%s); all %d (%s)" % (
        name, width, result.scroll, result.inner, result.font, len(result.blocking()),
        " ".join(result.blocking()), len(violations),
        " ".join("%s:%s" % (v["id"], v["impact"]) for v in violations)))
    return result


def screenshot(driver, shot: Path, tallest: int = 6000) -> None:
    """The whole page as a PNG, down to TALLEST px (a report's boxes and
    links are below the first screen), at the width it is laid out in."""
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    width = driver.execute_script("return window.innerWidth")
    image = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": min(size["height"], tallest), "scale": 1}})
    shot.write_bytes(base64.b64decode(image["data"]))


def is_png(path: Path) -> bool:
    """PATH exists and holds a PNG image beyond its signature."""
    return path.is_file() and path.stat().st_size > len(PNG) and path.read_bytes()[:len(PNG)] == PNG
