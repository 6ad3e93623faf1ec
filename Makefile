# Makefile -- the reference engine and its golden-output harness.
#
#   make            build build/checkers
#   make run        build and play the example P game
#   make test       everything CI runs: check, selftest, conformance, memcheck,
#                   sanitize, oom, coverage; ends with "N passed, N failed"
#   make check      the golden suite: one bats test per case, and the format
#   make selftest   the harness's own tests (scripts/bats): it can fail, lint
#   make help       every target
#
# Variables: CC (gcc or clang), CFLAGS, CASES (cases root), ENGINE (program
# under test), SPEC (the assignment's tests, default ../shared/spec), JOBS.

CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror
BUILD := build
SPEC ?= ../shared/spec
CASES ?= testdata
ENGINE ?= $(BUILD)/checkers
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
export SPEC CASES ENGINE

ENGINE_SOURCES := $(wildcard src/*.c)
ENGINE_OBJECTS := $(ENGINE_SOURCES:src/%.c=$(BUILD)/obj/%.o)
RUN_GAME := testdata/play/p-first-line.in

.PHONY: all run check selftest conformance memcheck test test-suites clean help

all: $(BUILD)/checkers

$(BUILD)/checkers: $(ENGINE_OBJECTS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(ENGINE_OBJECTS)

# Objects are rebuilt when the compiler or its flags change, so that
# `make CC=clang` after `make` never links stale gcc objects.
$(BUILD)/obj/%.o: src/%.c src/*.h $(BUILD)/obj/compiler | $(BUILD)/obj
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/compiler: FORCE | $(BUILD)/obj
	@echo '$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS)' | cmp -s - $@ || \
	    echo '$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS)' > $@

$(BUILD)/obj:
	mkdir -p $@

run: $(BUILD)/checkers
	$(BUILD)/checkers < $(RUN_GAME)

check: $(BUILD)/checkers
	@scripts/ensure-tools bats parallel bats-libraries
	@scripts/run-golden --name check --consistency --jobs $(JOBS)

selftest: $(BUILD)/checkers
	@scripts/ensure-tools bats parallel bats-libraries shellcheck clang clang-sanitizers afl npm valgrind
	@scripts/run-bats harness scripts/bats --jobs $(JOBS)

conformance: $(BUILD)/checkers
	@scripts/ensure-tools bats parallel bats-libraries
	@scripts/conformance

memcheck: $(BUILD)/checkers
	@scripts/ensure-tools valgrind
	@status=0; \
	scripts/memcheck --jobs $(JOBS) || status=1; \
	scripts/conformance --memcheck || status=1; \
	exit $$status

# Installs what is missing (when it can), runs every suite even after a
# failure, and ends with the summary line.
TEST_SUITES := check harness conformance memcheck conformance-memcheck sanitize-clang sanitize-gcc oom coverage
test: $(BUILD)/checkers
	@scripts/ensure-tools bats parallel bats-libraries valgrind shellcheck clang clang-sanitizers afl npm gcovr
	@rm -rf $(BUILD)/results
	@status=0; \
	for suite in check selftest conformance memcheck sanitize oom coverage; do \
	    $(MAKE) --no-print-directory $$suite || status=1; \
	done; \
	scripts/summary $(TEST_SUITES) || status=1; \
	exit $$status

# The suites `make test` adds up (for .ci/run's last line).
test-suites:
	@echo $(TEST_SUITES)

clean:
	rm -rf $(BUILD)

help:
	@sed -n 's/^#   //p' Makefile

FORCE:

# --- maintainer workflows (issue 5) ---
#   make check-corpus   the corpus keeps its format (also a test in make check)
#   make check-engine   any program against the corpus: make check-engine ENGINE=./prog

.PHONY: check-corpus check-engine

check-corpus:
	@scripts/check-corpus --cases $(CASES)

# Builds our engine only when it is the one being checked.
check-engine: $(filter $(BUILD)/checkers,$(ENGINE))
	@scripts/check-engine $(ENGINE) --cases $(CASES) --spec $(SPEC) --jobs $(JOBS)

# --- corpus generation, coverage and mutants (issue 4) ---
#   make corpus-gen     build the case generator, build/tools/corpus-gen
#   make corpus         add the generated cases missing from testdata/
#   make corpus-check   the committed generated cases are what the generator writes
#   make corpus-stats   case counts per category against the minimums

# The generator links the engine's own rules and search objects: it holds
# no second copy of the rules.
CORPUS_GEN_SOURCES := $(wildcard src/tools/corpus-gen/*.c)
CORPUS_GEN_OBJECTS := $(CORPUS_GEN_SOURCES:src/tools/corpus-gen/%.c=$(BUILD)/tools/obj/%.o) \
    $(addprefix $(BUILD)/obj/,board.o rules.o search.o memory.o)

.PHONY: corpus-gen corpus corpus-check corpus-stats

corpus-gen: $(BUILD)/tools/corpus-gen

$(BUILD)/tools/corpus-gen: $(CORPUS_GEN_OBJECTS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CORPUS_GEN_OBJECTS)

$(BUILD)/tools/obj/%.o: src/tools/corpus-gen/%.c src/tools/corpus-gen/*.h src/*.h $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<

corpus: $(BUILD)/checkers $(BUILD)/tools/corpus-gen
	@scripts/generate-corpus

corpus-check: $(BUILD)/tools/corpus-gen
	@scripts/generate-corpus --check

corpus-stats:
	@scripts/corpus-stats

#   make coverage   gcov over the corpus: 100% of lines, >= 95% of branches
#   make mutants    plant faults in src/ one by one; the corpus must catch 95%

.PHONY: coverage mutants

coverage:
	@scripts/coverage

mutants: $(BUILD)/checkers
	@scripts/ensure-tools valgrind
	@scripts/mutants --jobs $(JOBS)

# --- hardening: sanitize, oom, fuzz (issue 6) ---
#   make sanitize  the whole corpus under ASan + UBSan, built with clang and gcc
#   make oom       fail every allocation in turn: A, P, error, malformed cases
#   make fuzz      AFL++ for FUZZ_SECONDS (default 600), then replay its finds

FUZZ_SECONDS ?= 600

.PHONY: sanitize oom fuzz

sanitize:
	@scripts/ensure-tools bats parallel bats-libraries clang clang-sanitizers
	@status=0; \
	scripts/sanitize --cc clang --jobs $(JOBS) || status=1; \
	scripts/sanitize --cc gcc --jobs $(JOBS) || status=1; \
	exit $$status

oom:
	@scripts/oom --cc $(CC) --jobs $(JOBS)

fuzz:
	@scripts/fuzz --seconds $(FUZZ_SECONDS)

# --- performance (issue 7) ---
#   make bench     engine instructions and wall time, suite times, the targets
#                  (QUICK=1: fewer runs, depths 1..5, no memcheck timing)

.PHONY: bench

bench: $(BUILD)/checkers
	@scripts/ensure-tools valgrind hyperfine bats parallel bats-libraries
	@scripts/bench --spec $(SPEC) $(if $(filter-out 0,$(QUICK)),--quick)
