/* reserve-space.c -- reserves 1 TiB of address space, as AddressSanitizer
 * reserves its shadow, and touches none of it: says "reserved" when the
 * mapping was made, "refused" when a limit of the address space or data
 * stopped it. Under `sandbox --memory-by-group` only the control group
 * holds the run's memory, and it counts what is touched, not reserved. */
#include "hostile.h"
#include <sys/mman.h>

int main(void)
{
    size_t size = (size_t)1 << 40;
    void *space = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    puts(space == MAP_FAILED ? "refused" : "reserved");
    return 0;
}
