/* printer.h -- everything the engine writes to standard output. */
#ifndef PRINTER_H
#define PRINTER_H

#include <stdbool.h>
#include <stdio.h>

#include "checkers.h"

enum { ACTION_TEXT_SIZE = sizeof "G6-F5" };

/* "BLACK" or "WHITE", as the action lines name the sides. */
const char *printer_colour_name(colour_t colour);

/* An action as the action lines print it ("G6-F5"), NUL-terminated. */
void printer_action_text(action_t action, char text[ACTION_TEXT_SIZE]);

/* The board size, the piece counts and the board. */
void printer_setup(FILE *out, const board_t *board);

/* The delimiter, the action line (prefixed "*** " when `computed`), the
 * cost line and the board the action produced. */
void printer_action(FILE *out, long number, action_t action, bool computed,
                    const board_t *board);

void printer_error(FILE *out, action_error_t error);

/* "BLACK WIN!" or "WHITE WIN!". */
void printer_win(FILE *out, colour_t winner);

#endif
