"""harness.similarity -- scripts/similarity's parts: a class's submissions compared
pair by pair with Debian's similarity-tester (sim_c, sim_c++, sim_java,
sim_text), the pairs written as a CSV and the suspicious ones as HTML
pages (see src/similarity/README.md)."""
