/* fault.c -- the first fault found in a program's output. */
#include "fault.h"

void fault_init(fault_t *fault)
{
    fault->raised = false;
    fault->line = NULL;
    fault->ends_listing = false;
    fault->has_path = false;
    fault->path.length = 0;
    text_init(&fault->required);
    text_init(&fault->found);
}

void fault_release(fault_t *fault)
{
    text_release(&fault->required);
    text_release(&fault->found);
    fault_init(fault);
}

void fault_raise(fault_t *fault, const output_line_t *line,
                 const path_t *path)
{
    fault->raised = true;
    fault->line = line;
    fault->has_path = path != NULL;
    if (path != NULL) {
        fault->path = *path;
    }
}

void fault_raise_format(fault_t *fault, const output_line_t *line,
                        const path_t *path)
{
    fault_raise(fault, line, path);
    text_printf(&fault->required, "%s", line->problem);
    text_printf(&fault->found, "this line has none of the handout's "
                               "shapes: a format fault, so the case fails");
}
