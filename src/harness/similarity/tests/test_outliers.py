"""The class page's outliers (modified z-scores) and the pair page's
regions (the shared fingerprints' own lines)."""
import types
import unittest

from harness.similarity.outliers import outliers
from harness.similarity.pairs import FEWEST, Pair
from harness.similarity.structure import Structure
from harness.similarity.regions import matching_regions
from harness.similarity.tests.test_structure import BASE, DISGUISED, OTHER, structure


def pair(figure):
    return types.SimpleNamespace(percent=lambda: figure)


class OutliersTest(unittest.TestCase):
    def test_a_pair_far_above_its_class_stands_out_below_the_threshold(self):
        pairs = [pair(2.0 + (n % 5)) for n in range(40)] + [pair(30.0)]
        median, _, found = outliers(pairs, 45)
        self.assertEqual([p.percent() for p, _ in found], [30.0])
        self.assertLess(median, 5.0)

    def test_a_class_of_alike_pairs_has_none(self):
        self.assertEqual(outliers([pair(10.0 + (n % 7)) for n in range(30)], 30)[2], [])


class StructuralFigureTest(unittest.TestCase):
    def figures(self, size_a, size_b, common):
        found = Pair("c", None, None)
        found.structure_a = Structure(fingerprints={n: [] for n in range(size_a)})
        found.structure_b = Structure(fingerprints={n: [] for n in range(size_b)})
        found.common = common
        return found.structural_a_in_b(), found.structural_b_in_a(), found.structural(), found.percent()

    def test_the_larger_share_and_the_pair_s_figure(self):
        self.assertEqual(self.figures(40, 80, 20), (50.0, 25.0, 50.0, 50.0))

    def test_a_tiny_side_has_no_share(self):
        b_in_a = (FEWEST - 1) * 100.0 / 80
        self.assertEqual(self.figures(FEWEST - 1, 80, FEWEST - 1), (None, b_in_a, b_in_a, b_in_a))
        self.assertEqual(self.figures(5, 6, 5)[2:], (None, 0.0))


class RegionsTest(unittest.TestCase):
    def test_regions_are_in_each_side_s_own_lines(self):
        regions = matching_regions(structure(BASE), structure(DISGUISED))
        self.assertTrue(regions)
        base_lines, copy_lines = len(BASE.splitlines()), len(DISGUISED.splitlines())
        for a, b in regions:
            self.assertTrue(1 <= a.first <= a.last <= base_lines, a)
            self.assertTrue(1 <= b.first <= b.last <= copy_lines, b)
            self.assertTrue(a.values & b.values)
        # The loop of total() (BASE lines 7-13) matches sum_all()'s (DISGUISED 20-29).
        self.assertTrue(any(a.first <= 8 and a.last >= 12 and b.first <= 22 and b.last >= 27 for a, b in regions),
                        regions)

    def test_programs_written_apart_have_few(self):
        self.assertLessEqual(len(matching_regions(structure(BASE), structure(OTHER))), 1)


if __name__ == "__main__":
    unittest.main()
