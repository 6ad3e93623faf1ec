"""check: check-engine's logic (today src/check/, moving here; issue 39)."""
