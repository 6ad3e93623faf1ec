/* grow.c -- the judge's growable arrays: room for one more element. */
#include "grow.h"

#include <stdint.h>

#include "memory.h"

bool grow_for_one_more(void **array, size_t count, size_t *capacity,
                       size_t element_size, size_t first_capacity)
{
    if (count < *capacity) {
        return true;
    }
    size_t larger_capacity = *capacity > 0 ? *capacity * 2 : first_capacity;
    if (larger_capacity > SIZE_MAX / element_size) {
        return false;
    }
    void *larger = memory_resize(*array, larger_capacity * element_size);
    if (larger == NULL) {
        return false;
    }
    *array = larger;
    *capacity = larger_capacity;
    return true;
}
