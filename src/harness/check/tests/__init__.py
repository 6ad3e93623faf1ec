"""check's tests, and the record of check-engine's verdicts they compare with."""
