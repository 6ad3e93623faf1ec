"""harness.gradescope -- the Gradescope autograder (make gradescope):
`package` builds its zip, `results` writes results.json from what
scripts/mark wrote for the submission (run by src/gradescope/run_autograder
with the zip's src on PYTHONPATH), `rerun` a failing case's rerun that a
student can type. The shell Gradescope itself runs (setup.sh,
run_autograder) is in src/gradescope/.
"""
