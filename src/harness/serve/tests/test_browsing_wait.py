"""browsing.until, the browser tests' wait: a page replaced between finding
an element and reading it (Chromium: the node "does not belong to the
document", raised as a plain WebDriverException) is asked again, as a stale
or missing element is; any other error of the browser ends the wait at
once. (The walk's student upload failed on it once in CI under load.)"""

import unittest

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

from harness.serve.tests.browsing import until

REPLACED_MESSAGE = ('unknown error: unhandled inspector error: {"code":-32000,'
                    '"message":"Node with given id does not belong to the document"}')


def answers(*steps):
    """A check that raises or returns each of STEPS in turn, counting its calls."""
    calls = []

    def check(_driver):
        step = steps[len(calls)]
        calls.append(step)
        if isinstance(step, Exception):
            raise step
        return step
    return check, calls


class UntilTest(unittest.TestCase):
    def test_a_replaced_page_and_a_stale_element_are_asked_again(self):
        check, calls = answers(WebDriverException(REPLACED_MESSAGE), StaleElementReferenceException("stale"),
                               False, "drawn")
        self.assertEqual(until(object(), check, timeout=10, poll=0.01), "drawn")
        self.assertEqual(len(calls), 4)

    def test_any_other_error_of_the_browser_ends_the_wait(self):
        check, calls = answers(WebDriverException("chrome not reachable"), "drawn")
        with self.assertRaisesRegex(WebDriverException, "chrome not reachable"):
            until(object(), check, timeout=10, poll=0.01)
        self.assertEqual(len(calls), 1)


if __name__ == "__main__":
    unittest.main()
