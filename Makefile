# Makefile -- two reference engines (checkers, draughts) and the golden
# harness around them. `make help` lists every target; its text is the
# `## ` comment on each target's line below, so the list cannot go stale.
#
# Variables: CC (gcc or clang), CFLAGS, JOBS, SELFTEST_JOBS, UNIT_JOBS, PROGRAM (checkers or
# draughts, for the per-program targets), ENGINE (a program to check),
# FUZZ_SECONDS, QUICK, SLOW (0: no test tagged slow, as make test).

CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror
BUILD := build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Two files more than the cores: many self-tests wait (a server or a
# browser starting, a hang's timeout), and other files fill that time
# (their files' walls add up to about 2.3 times their CPU time).
SELFTEST_JOBS ?= $(shell echo $$(($(JOBS) + 2)))
PROGRAMS := checkers $(if $(wildcard src/draughts/*.c),draughts)
PROGRAM ?= checkers
FUZZ_SECONDS ?= 600

# The suites of `make test`, each a target below; the lists exist once.
# The waiting ones (their tests wait for servers, browsers, timeouts) run
# at once; the computing ones beside them under nice, in the idle time the
# waits leave, two at a time (src/golden/run-suite --niced), the longest
# first.
# Not `check`'s native run of the cases: memcheck runs the same binary on
# every case and compares stdout, status and stderr the same way (and
# checks the corpus's format too), so test runs check's command-line
# tests (`cli`) beside it and not every case twice. memcheck and sanitize
# run as one test a case (`instrumented`): bats' cost of a test, paid once.
TEST_WAITING := selftest unit
TEST_COMPUTING := instrumented oom coverage cli
# make test is the check before a push, within 10 minutes on 2 cores: the
# same waiting suites without the tests tagged slow (over 10 s of a
# make test-full's wall each: bats' "# bats test_tags=slow", pytest's
# @pytest.mark.slow), and the command-line tests; make test-full (CI, on
# every push) runs everything. SLOW=0 leaves the slow tests out of make
# selftest and make unit too.
TEST_QUICK_COMPUTING := cli
SLOW ?= 1
# (non-empty when SLOW=0: the slow tests left out)
WITHOUT_SLOW = $(filter 0,$(SLOW))
SLOW_BATS = $(if $(WITHOUT_SLOW),--filter-tags '!slow')
SLOW_PYTEST = $(if $(WITHOUT_SLOW),-m 'not slow')
# pytest's processes for make unit (python3-pytest-xdist): its tests wait
# more than they compute (servers, browsers, timeouts: their walls add up
# to about 6 times their CPU time); a file's tests stay together in one
# process (their class's server).
UNIT_JOBS ?= $(shell echo $$(($(JOBS) + 2)))
# The harness's own tests: every component's tests/ folder (the engines'
# command-line tests are make check's engine-cli suite).
# The longest files first (a file's tests run one after another): a long
# one started last would leave the other cores idle at the end.
SELFTESTS_LONGEST := src/serve/tests/serve.bats src/mark/tests/mark.bats src/sandbox/tests/ordinary-user.bats \
	src/draughts-judge/tests/judge.bats src/sandbox/tests/sandbox-fallback.bats src/tools/tests/lint.bats \
	src/gradescope/tests/gradescope.bats src/mark/tests/mark-remote.bats src/check/tests/diagnose-check-engine.bats \
	src/diagnose/tests/diagnose-checkers.bats src/corpus/tests/corpus-gen.bats
# Not the virtual machine's: make test-vm's (below).
SELFTEST_VM := src/sandbox/tests/sandbox-cgroup2-vm.bats
SELFTESTS := $(SELFTESTS_LONGEST) $(filter-out src/checkers/tests/cli.bats src/draughts/tests/cli.bats \
	$(SELFTEST_VM) $(SELFTESTS_LONGEST),$(wildcard src/*/tests/*.bats))
# The tools each target needs: the rows of src/tools/tools.tsv naming it.
ENSURE_TOOLS := src/tools/ensure-tools --for
# The catalogue of faults, built (make faults; make unit compares their
# verdicts with the record of src/harness/check/tests/record/).
BUILD_FAULTS = PYTHONPATH=src /usr/bin/python3 -B -m harness.diagnose.build_faults --cc '$(CC)' --flags '$(WARNINGS) $(CFLAGS)' --build $(BUILD)

.PHONY: all run check cli unit selftest memcheck instrumented test test-full test-parts test-cost sanitize oom fuzz coverage mutants \
    bench corpus generators corpus-check corpus-stats corpus-format check-engine \
    clean help FORCE

all: $(PROGRAMS:%=$(BUILD)/%) $(BUILD)/sandbox $(BUILD)/sandbox-probe $(BUILD)/draughts-judge ## build both engines, the sandbox, its probe and the HW4 judge

# One engine per folder of src/: build/obj/PROGRAM/*.o -> build/PROGRAM.
# Objects are rebuilt when the compiler or its flags change, so that
# `make CC=clang` after `make` never links stale gcc objects.
define engine_rules
$(1)_OBJECTS := $$(patsubst src/$(1)/%.c,$(BUILD)/obj/$(1)/%.o,$$(wildcard src/$(1)/*.c))
$(BUILD)/$(1): $$($(1)_OBJECTS)
	$$(CC) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^
$(BUILD)/obj/$(1)/%.o: src/$(1)/%.c src/$(1)/*.h $(BUILD)/obj/compiler
	@mkdir -p $$(@D)
	$$(CC) $$(WARNINGS) $$(CFLAGS) -c -o $$@ $$<
endef
$(foreach program,$(PROGRAMS),$(eval $(call engine_rules,$(program))))

$(BUILD)/obj/compiler: FORCE
	@mkdir -p $(@D)
	@echo '$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS)' | cmp -s - $@ || \
	    echo '$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS)' > $@

run: all ## play the example games of both programs
	$(BUILD)/checkers < testdata/checkers/examples/seed-game-P.in
	$(if $(filter draughts,$(PROGRAMS)),$(BUILD)/draughts testdata/draughts/examples/handout-case5.in)

check: all ## every golden case of both programs, the corpus format, the command-line tests
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite check $(PROGRAMS:%=golden-%) engine-cli

cli: all ## the engines' command-line tests (src/*/tests/cli.bats), make check's last part
	@$(ENSURE_TOOLS) check
	@src/golden/run-suite cli engine-cli

unit: all bytecode ## the Python package's tests (src/harness/*/tests, pytest; SLOW=0: not those tagged slow)
	@$(ENSURE_TOOLS) $@
	@$(BUILD_FAULTS)
	@PYTHONPATH=src PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q -p no:cacheprovider --strict-markers \
	    -n $(UNIT_JOBS) --dist loadfile $(SLOW_PYTEST) src/harness

.PHONY: verdicts
verdicts: all ## check-engine's verdicts against the whole record, every subject, case and profile (an hour or more)
	@$(ENSURE_TOOLS) unit
	@$(BUILD_FAULTS)
	@VERDICTS=all PYTHONPATH=src PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q -s -p no:cacheprovider \
	    src/harness/check/tests/test_verdicts.py

selftest: all bytecode ## the harness's own tests (src/*/tests): it can fail, lint, workflows (SLOW=0: not those tagged slow)
	@$(ENSURE_TOOLS) $@
	@src/golden/run-bats selftest $(SELFTESTS) --jobs $(SELFTEST_JOBS) $(SLOW_BATS)

memcheck: all $(BUILD)/tools/fork-server.so $(BUILD)/tools/fork-client ## every golden case under Valgrind memcheck (stdout, status and stderr compared too), the corpus format
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite memcheck $(PROGRAMS:%=memcheck-%)

sanitize: ## every golden case under ASan + UBSan, built with clang and with gcc
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite sanitize $(PROGRAMS:%=sanitize-%)

instrumented: all $(BUILD)/tools/fork-server.so $(BUILD)/tools/fork-client ## memcheck and sanitize in one test a case (make test-full's way: bats' cost paid once a case)
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite instrumented $(PROGRAMS:%=instrumented-%)

oom: ## fail every allocation in turn on chosen cases of both programs
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite oom $(PROGRAMS:%=oom-%)

coverage: ## gcov over the corpus: 100% of lines, >= 95% of branches, per program
	@$(ENSURE_TOOLS) $@
	@src/golden/run-suite coverage $(PROGRAMS:%=coverage-%)

# (the suites run side by side: what they share is built first, once)
test: all $(BUILD)/tools/fork-server.so $(BUILD)/tools/fork-client generators bytecode ## before a push (10 minutes): every self-test and package test but the slow ones, the command lines; ends "N passed, N failed"
	@$(ENSURE_TOOLS) $@
	@$(BUILD_FAULTS)
	@SLOW=0 src/golden/run-suite --all --label 'make test' $(TEST_WAITING) --niced $(TEST_QUICK_COMPUTING)

test-full: all $(BUILD)/tools/fork-server.so $(BUILD)/tools/fork-client generators bytecode ## everything CI runs: make test's, the slow tests, memcheck and sanitize, oom, coverage; ends "N passed, N failed"
	@$(ENSURE_TOOLS) test
	@$(BUILD_FAULTS)
	@src/golden/run-suite --all --label 'make test-full' $(TEST_WAITING) --niced $(TEST_COMPUTING)

test-parts: ## what make test-full runs (SLOW=0: make test), as data: a TSV of kind (selftest or suite) and name
	@printf 'kind\tname\n'
	@printf 'selftest\t%s\n' $(SELFTESTS)
	@printf 'suite\t%s\n' $(filter-out selftest,$(TEST_WAITING)) $(if $(WITHOUT_SLOW),$(TEST_QUICK_COMPUTING),$(TEST_COMPUTING))

test-cost: all $(BUILD)/tools/fork-server.so $(BUILD)/tools/fork-client generators bytecode ## what make test-full costs (SLOW=0: make test), part by part (CPU s alone, the costliest first; about an hour)
	@$(ENSURE_TOOLS) test
	@$(BUILD_FAULTS)
	@PYTHONPATH=src /usr/bin/python3 -B -m harness.bench.testcost $(if $(WITHOUT_SLOW),--without-slow)

mutants: all ## plant faults one by one in src/PROGRAM; the tests must catch 95%
	@$(ENSURE_TOOLS) $@
	@scripts/mutants --program $(PROGRAM) --jobs $(JOBS)

fuzz: ## AFL++ on PROGRAM's input for FUZZ_SECONDS (default 600), finds replayed
	@$(ENSURE_TOOLS) $@
	@scripts/fuzz --program $(PROGRAM) --seconds $(FUZZ_SECONDS)

bench: all ## engine instructions, wall times and suite times (QUICK=1: fewer runs)
	@$(ENSURE_TOOLS) $@
	@scripts/bench $(if $(filter-out 0,$(QUICK)),--quick)

.PHONY: serve
serve: all ## the pre-submission service on 127.0.0.1:8080 (SERVE_ARGS: scripts/serve's options, e.g. --roster CSV)
	@$(ENSURE_TOOLS) $@
	@scripts/serve $(SERVE_ARGS)

check-engine: ## check another program: make check-engine ENGINE=./prog [PROGRAM=draughts]
	@$(ENSURE_TOOLS) $@
	@scripts/check-engine --program $(PROGRAM) $(ENGINE)

.PHONY: gradescope
gradescope: ## a Gradescope autograder: build/gradescope/PROGRAM-autograder.zip, from HEAD (GRADESCOPE_*: src/gradescope/README.md)
	@$(ENSURE_TOOLS) $@
	@PYTHONPATH=src /usr/bin/python3 -B -m harness.gradescope.package --program $(PROGRAM) --output $(BUILD)/gradescope/$(PROGRAM)-autograder.zip \
	    --source $(or $(GRADESCOPE_SOURCE),head)

corpus-format: ## the corpus keeps its case format (also part of make check)
	@for p in $(PROGRAMS); do src/cases/check-corpus --cases testdata/$$p || exit 1; done

corpus-stats: ## case counts per category against the minimums
	@scripts/corpus-stats

# The corpus targets: both programs, or PROGRAM=P when it is given.
CORPUS_PROGRAMS := $(if $(filter command line environment,$(origin PROGRAM)),$(PROGRAM),$(PROGRAMS))

generators: $(BUILD)/tools/checkers-corpus-gen $(BUILD)/tools/draughts-corpus-gen ## build both case generators

corpus: all generators ## add the generated cases missing from testdata/ (both programs, or PROGRAM=P)
	@$(ENSURE_TOOLS) $@
	@for p in $(CORPUS_PROGRAMS); do scripts/generate-corpus --program $$p || exit 1; done

corpus-check: all generators ## regenerate every generated case, cross-checked with its oracle (both, or PROGRAM=P)
	@$(ENSURE_TOOLS) $@
	@for p in $(CORPUS_PROGRAMS); do scripts/generate-corpus --program $$p --check || exit 1; done

# The sandbox (src/sandbox/README.md): one program that owns a box's
# whole life (bubblewrap's arguments, the driver inside, limits only where
# bubblewrap cannot start); check-engine and mark run every program under
# test through it. It links libseccomp (src/sandbox/seccomp.c: tools.tsv's
# libseccomp row, installed by ensure-tools --for build).
SANDBOX_SOURCES := $(wildcard src/sandbox/*.c)
$(BUILD)/sandbox: $(SANDBOX_SOURCES) src/sandbox/*.h $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS) -o $@ $(SANDBOX_SOURCES) -lseccomp

# cgroup v2 for real (src/sandbox/README.md, "The control group"): a
# virtual machine with cgroup2 alone, booted once by make test-vm
# (src/sandbox/tests/vm: KVM where it works, else qemu's emulation, about
# 10 s of CPU). Its kernel is Debian's, downloaded once (a clear error
# when offline); its initramfs holds build/sandbox and the hostile programs.
$(BUILD)/vm/vmlinuz: src/sandbox/tests/vm/kernel
	src/sandbox/tests/vm/kernel $@
$(BUILD)/vm/initrd.gz: src/sandbox/tests/vm/image src/sandbox/tests/vm/init $(BUILD)/sandbox \
    src/sandbox/tests/hostile/*.c src/sandbox/tests/hostile/hostile.h src/golden/memcheck.flags
	src/sandbox/tests/vm/image $@ $(BUILD)/sandbox

.PHONY: test-vm
test-vm: all ## the sandbox's control group on a real cgroup v2 machine: a virtual machine (qemu) booted once
	@$(ENSURE_TOOLS) $@
	@src/golden/run-bats test-vm $(SELFTEST_VM)

# The sandbox's probe (src/sandbox/probe): the program serve, check-engine
# and mark run in a box at start to prove that it contains (harness.containment).
$(BUILD)/sandbox-probe: src/sandbox/probe/probe.c $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

# The memcheck fork server (src/golden/fork-server): the memcheck suite
# starts an engine under Valgrind once and forks it for every case.
FORK_SERVER_HEADERS := src/golden/fork-server/fork_server.h $(BUILD)/obj/compiler
$(BUILD)/tools/fork-server.so: src/golden/fork-server/fork_server.c $(FORK_SERVER_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS) -fPIC -shared -o $@ $<
$(BUILD)/tools/fork-client: src/golden/fork-server/fork_client.c $(FORK_SERVER_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS) -o $@ $<

# The HW4 judge (src/draughts-judge): an output validator of the Kattis
# and DOMjudge form, built on the draughts engine's rules and reader only.
JUDGE_SOURCES := $(wildcard src/draughts-judge/*.c)
$(BUILD)/draughts-judge: $(JUDGE_SOURCES) src/draughts-judge/*.h src/draughts/*.h \
    $(addprefix $(BUILD)/obj/draughts/,moves.o memory.o input.o cases.o) $(BUILD)/obj/compiler
	$(CC) $(WARNINGS) $(CFLAGS) $(LDFLAGS) -Isrc/draughts -o $@ $(JUDGE_SOURCES) \
	    $(addprefix $(BUILD)/obj/draughts/,moves.o memory.o input.o cases.o)

# What both case generators share: their random streams.
GEN_COMMON_OBJECTS := $(patsubst src/corpus/gen-common/%.c,$(BUILD)/tools/common-obj/%.o,$(wildcard src/corpus/gen-common/*.c))

$(BUILD)/tools/common-obj/%.o: src/corpus/gen-common/%.c src/corpus/gen-common/*.h $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<

# The checkers generator links the engine's own rules and search objects:
# what it takes from the engine, to choose inputs only, is written at the
# top of src/corpus/checkers-gen/corpus_gen.c.
CORPUS_GEN_OBJECTS := \
    $(patsubst src/corpus/checkers-gen/%.c,$(BUILD)/tools/obj/%.o,$(wildcard src/corpus/checkers-gen/*.c)) \
    $(addprefix $(BUILD)/obj/checkers/,board.o rules.o search.o memory.o) $(GEN_COMMON_OBJECTS)

$(BUILD)/tools/checkers-corpus-gen: $(CORPUS_GEN_OBJECTS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^

$(BUILD)/tools/obj/%.o: src/corpus/checkers-gen/%.c src/corpus/checkers-gen/*.h src/corpus/gen-common/*.h src/checkers/*.h $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<

# The draughts generator links the engine's move generation only to play
# legal random games; every golden it keeps must agree byte for byte with
# the independent oracle (src/corpus/draughts-oracle), written from the
# notes alone.
DRAUGHTS_GEN_OBJECTS := \
    $(patsubst src/corpus/draughts-gen/%.c,$(BUILD)/tools/draughts-obj/%.o,$(wildcard src/corpus/draughts-gen/*.c)) \
    $(addprefix $(BUILD)/obj/draughts/,moves.o memory.o) $(GEN_COMMON_OBJECTS)

$(BUILD)/tools/draughts-corpus-gen: $(DRAUGHTS_GEN_OBJECTS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^

$(BUILD)/tools/draughts-obj/%.o: src/corpus/draughts-gen/%.c src/corpus/draughts-gen/*.h src/corpus/gen-common/*.h src/draughts/*.h $(BUILD)/obj/compiler
	@mkdir -p $(@D)
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<

clean: ## remove build/ and the package's bytecode
	rm -rf $(BUILD)
	find src -name __pycache__ -type d -prune -exec rm -rf {} +

# The package's bytecode (src/harness/**/__pycache__: ignored by git and by
# the checking code's hash, harness.check.checking_code). The doors and
# the tests start Python with -B or PYTHONDONTWRITEBYTECODE, which write
# none but read what is there; without it every start of a tool compiled
# each module it imports again, about 0.1 s of CPU a start, thousands of
# starts a make test. Python checks each file's time and size against its
# source, so an edited module is compiled afresh, never run stale.
.PHONY: bytecode
bytecode: ## the Python package's bytecode, that every start of a tool reads
	@/usr/bin/python3 -m compileall -q --invalidation-mode checked-hash src/harness

help: ## this list
	@awk -F':.*## ' '/^[a-z-]+:.*## / { printf "  make %-13s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

FORCE:

# The catalogue of faults (src/diagnose/faults/GAME.tsv): each the
# reference with one fault's patch, built with the engines' flags, then
# run on every case of the corpus once (build/faults/GAME.runs, what a
# diagnosis reads instead of running them; only what changed is run again).
# FAULTS=GAME/CODE[+CODE] ... builds only those (two faults together), no runs.
FAULTS ?=
.PHONY: faults
faults: $(BUILD)/draughts-judge ## build each catalogued fault of the references (build/faults/GAME/CODE) and keep their runs on the corpus
	@$(ENSURE_TOOLS) $@
	@$(BUILD_FAULTS) $(FAULTS)
	@$(if $(FAULTS),:,PYTHONPATH=src /usr/bin/python3 -B -m harness.diagnose.fill --build $(BUILD))

# The corpus against the catalogue of faults (src/adequacy/README.md):
# each fault's reference run on every case of PROGRAM (checkers unless
# given); ADEQUACY_ARGS: harness.adequacy's options (--profile assignment,
# --run-cache none, ...).
ADEQUACY_ARGS ?=
.PHONY: adequacy
adequacy: all ## which cases catch which catalogued fault: build/adequacy/PROGRAM.tsv and .html (PROGRAM=checkers by default)
	@$(ENSURE_TOOLS) faults
	@PYTHONPATH=src /usr/bin/python3 -B -m harness.adequacy --program $(PROGRAM) --build $(BUILD) \
	    --output $(BUILD)/adequacy $(ADEQUACY_ARGS)
