"""The structural comparison: what the normal form sets aside gives the
same fingerprints, and programs that differ get different ones."""
import os
import tempfile
import unittest

from harness.similarity.normalise import Token
from harness.similarity.structure import containment, structure_of
from harness.similarity.winnow import winnow

BASE = """#include <stdio.h>
#define N 12
static int square(int v) { return v * v; }
int total(int *a, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] > 3) {
            sum += square(a[i]);
        } else {
            sum -= a[i] * 2;
        }
    }
    return sum;
}
int main(void)
{
    int a[N];
    int k = 0;
    while (k < N) { a[k] = k * 7 % 5; k++; }
    printf("%d\\n", total(a, N));
    for (int j = 0; j < N; j++) { if (a[j] == 2) { printf("two at %d\\n", j); } else { puts("no"); } }
    return 0;
}
"""

# The same program: loops exchanged, if/else swapped with the condition
# negated, x++ as x += 1, the constant inlined, the helper inlined, the
# functions in another order, dead code and an unused function added.
DISGUISED = """#include <stdio.h>
int unused_one(int q) { int r = 0; while (q > 0) { r = r * 3 + q; q = q - 2; } return r; }
int main(void)
{
    int b[12];
    int dead = 99;
    dead = dead * 2;
    for (int m = 0; m < 12; m += 1) { b[m] = m * 7 % 5; }
    printf("%d\\n", sum_all(b, 12));
    int t = 0;
    while (t < 12) { if (!(b[t] == 2)) { puts("no"); } else { printf("two at %d\\n", t); } t = t + 1; }
    return 0;
    puts("never");
}
int sum_all(int *x, int count)
{
    int s = 0;
    int w = 0;
    while (w < count) {
        if (!(x[w] > 3)) {
            s -= x[w] * 2;
        } else {
            s += x[w] * x[w];
        }
        w += 1;
    }
    if (0) { s = s * 5 - 1; }
    return s;
}
"""

OTHER = """#include <stdio.h>
#include <string.h>
struct item { char name[20]; int weight; };
static int heavier(const struct item *a, const struct item *b) { return a->weight - b->weight; }
int main(int argc, char **argv)
{
    struct item items[8];
    int count = 0;
    char line[64];
    while (count < 8 && fgets(line, sizeof line, stdin) != NULL) {
        if (sscanf(line, "%19s %d", items[count].name, &items[count].weight) == 2) count++;
    }
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && heavier(&items[j - 1], &items[j]) > 0; j--) {
            struct item t = items[j]; items[j] = items[j - 1]; items[j - 1] = t;
        }
    for (int i = 0; i < count; i++) printf("%s %d\\n", items[i].name, items[i].weight);
    return argc > 1 ? strlen(argv[1]) > 3 : 0;
}
"""


def structure(text):
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(text)
        return structure_of(folder, ["main.c"])


class StructureTest(unittest.TestCase):
    def test_a_disguised_copy_keeps_its_fingerprints(self):
        base, copy = structure(BASE), structure(DISGUISED)
        self.assertEqual(base.problems, [])
        self.assertGreater(len(base.fingerprints), 5)
        self.assertEqual(containment(base.fingerprints, copy.fingerprints), 100.0)
        self.assertEqual(containment(copy.fingerprints, base.fingerprints), 100.0)

    def test_a_program_written_apart_shares_little(self):
        base, other = structure(BASE), structure(OTHER)
        self.assertGreater(len(other.fingerprints), 5)
        self.assertLess(containment(base.fingerprints, other.fingerprints), 20.0)

    def test_a_changed_operation_changes_the_fingerprints(self):
        changed = structure(BASE.replace("sum -= a[i] * 2;", "sum -= a[i] / 2 + a[i - 1];"))
        self.assertLess(containment(structure(BASE).fingerprints, changed.fingerprints), 100.0)

    def test_fingerprints_point_at_the_original_lines(self):
        lines = {place.first for places in structure(BASE).fingerprints.values() for place in places}
        self.assertTrue(lines <= set(range(3, 25)), lines)
        self.assertIn(7, lines)

    def test_what_does_not_parse_is_said(self):
        broken = structure("int main(void) { return 0 }\n")
        self.assertEqual(broken.fingerprints, {})
        self.assertEqual(len(broken.problems), 1)
        self.assertIn("main.c", broken.problems[0])


class WinnowTest(unittest.TestCase):
    def test_a_long_shared_run_gives_a_common_fingerprint(self):
        def stream(words):
            return [Token(w, "f.c", n) for n, w in enumerate(words)]
        shared = ["t%d" % (n % 7 * 3 % 11) for n in range(15)]
        a = winnow(stream(["a%d" % n for n in range(30)] + shared))
        b = winnow(stream(shared + ["b%d" % n for n in range(30)]))
        self.assertTrue(a.keys() & b.keys())
        self.assertFalse(winnow(stream(["a%d" % n for n in range(30)])).keys() & b.keys())


if __name__ == "__main__":
    unittest.main()
