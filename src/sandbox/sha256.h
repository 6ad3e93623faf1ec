/* sha256.h -- SHA-256 (FIPS 180-4) of a file: the driver reports the
 * digest of each run's output, so that the harness, which knows the digest
 * of the expected output, need not read a passing case's output at all. */
#ifndef SHA256_H
#define SHA256_H

#include <stdbool.h>

enum { SHA256_HEX_SIZE = 65 };

/* The digest of the file at PATH, as 64 lowercase hex digits, into HEX.
 * False when the file cannot be read. */
bool sha256_file(const char *path, char hex[SHA256_HEX_SIZE]);

#endif
