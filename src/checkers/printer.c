/* printer.c -- everything the engine writes to standard output.
 *
 * A board is rendered into one buffer and written with one fwrite: the
 * printer runs for every action of every game in the corpus, and a printf
 * per cell would cost more than the whole search. */
#include "printer.h"

#include <string.h>

#include "board.h"

static const char *const COLOUR_NAME[2] = {"BLACK", "WHITE"};

static const char COLUMN_HEADER[] = "     A   B   C   D   E   F   G   H\n";
static const char ROW_SEPARATOR[] = "   +---+---+---+---+---+---+---+---+\n";
static const char ACTION_DELIMITER[] =
    "=====================================\n";

enum {
    HEADER_LENGTH = sizeof COLUMN_HEADER - 1,
    SEPARATOR_LENGTH = sizeof ROW_SEPARATOR - 1,
    ROW_LENGTH = 4 + 4 * BOARD_SIZE + 1,  /* " 1 |", " x |" per cell, '\n' */
    BOARD_TEXT_LENGTH = HEADER_LENGTH + SEPARATOR_LENGTH +
                        BOARD_SIZE * (ROW_LENGTH + SEPARATOR_LENGTH)
};

static void print_board(FILE *out, const board_t *board)
{
    char text[BOARD_TEXT_LENGTH];
    char *end = text;  /* BOARD_TEXT_LENGTH bytes from here, exactly */
    memcpy(end, COLUMN_HEADER, HEADER_LENGTH);
    end += HEADER_LENGTH;
    memcpy(end, ROW_SEPARATOR, SEPARATOR_LENGTH);
    end += SEPARATOR_LENGTH;
    for (int row = 0; row < BOARD_SIZE; row++) {
        *end++ = ' ';
        *end++ = (char)('1' + row);
        *end++ = ' ';
        *end++ = '|';
        for (int col = 0; col < BOARD_SIZE; col++) {
            *end++ = ' ';
            *end++ = board_symbol(board, cell_at(row, col));
            *end++ = ' ';
            *end++ = '|';
        }
        *end++ = '\n';
        memcpy(end, ROW_SEPARATOR, SEPARATOR_LENGTH);
        end += SEPARATOR_LENGTH;
    }
    fwrite(text, 1, BOARD_TEXT_LENGTH, out);
}

const char *printer_colour_name(colour_t colour)
{
    return COLOUR_NAME[colour];
}

void printer_action_text(action_t action, char text[ACTION_TEXT_SIZE])
{
    text[0] = (char)('A' + cell_col(action.source));
    text[1] = (char)('1' + cell_row(action.source));
    text[2] = '-';
    text[3] = (char)('A' + cell_col(action.target));
    text[4] = (char)('1' + cell_row(action.target));
    text[5] = '\0';
}

void printer_setup(FILE *out, const board_t *board)
{
    fprintf(out, "BOARD SIZE: %dx%d\n#BLACK PIECES: %d\n#WHITE PIECES: %d\n",
            BOARD_SIZE, BOARD_SIZE, board_count(board, BLACK),
            board_count(board, WHITE));
    print_board(out, board);
}

void printer_action(FILE *out, long number, action_t action, bool computed,
                    const board_t *board)
{
    char text[ACTION_TEXT_SIZE];
    printer_action_text(action, text);
    fprintf(out, "%s%s%s ACTION #%ld: %s\nBOARD COST: %d\n",
            ACTION_DELIMITER, computed ? "*** " : "",
            COLOUR_NAME[side_of_action_number(number)], number, text,
            board_cost(board));
    print_board(out, board);
}

void printer_error(FILE *out, action_error_t error)
{
    static const char *const MESSAGE[] = {
        [ERROR_SOURCE_OUTSIDE] = "Source cell is outside of the board.",
        [ERROR_TARGET_OUTSIDE] = "Target cell is outside of the board.",
        [ERROR_SOURCE_EMPTY] = "Source cell is empty.",
        [ERROR_TARGET_NOT_EMPTY] = "Target cell is not empty.",
        [ERROR_OPPONENTS_PIECE] = "Source cell holds opponent's piece/tower.",
        [ERROR_ILLEGAL_ACTION] = "Illegal action.",
    };
    fprintf(out, "ERROR: %s\n", MESSAGE[error]);
}

void printer_win(FILE *out, colour_t winner)
{
    fprintf(out, "%s WIN!\n", COLOUR_NAME[winner]);
}
