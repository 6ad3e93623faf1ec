# Makefile -- build the reference engine (more targets arrive with the harness)
CC ?= cc
CFLAGS ?= -O2 -g
WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror
BUILD := build
SOURCES := $(wildcard src/*.c)
OBJECTS := $(SOURCES:src/%.c=$(BUILD)/obj/%.o)

all: $(BUILD)/checkers
$(BUILD)/checkers: $(OBJECTS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^
$(BUILD)/obj/%.o: src/%.c src/*.h | $(BUILD)/obj
	$(CC) $(WARNINGS) $(CFLAGS) -c -o $@ $<
$(BUILD)/obj:
	mkdir -p $@
clean:
	rm -rf $(BUILD)
.PHONY: all clean
