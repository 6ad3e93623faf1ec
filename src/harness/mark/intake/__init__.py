"""intake -- the submissions as a course receives them, before scripts/mark
names them: each student's attempts and the one marked (attempts.py: the
checkers handout's rule, extensions), archives unpacked safely
(archives.py), and the run's intake.tsv (__main__.py).
"""
