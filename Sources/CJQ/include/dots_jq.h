#ifndef DOTS_JQ_H
#define DOTS_JQ_H

#include <stddef.h>

/* jq's own filter (libjq, Debian's libjq1), loaded on first use with dlopen: no -dev package is needed to build, and
 * a machine without libjq runs every command but --jq. */

/* NULL when libjq is loaded, else why not (one line). */
const char *dots_jq_load(void);

/* Runs `program` on the JSON text `input`: each result on a line of its own, a string as its raw text (as gh's --jq
 * and jq -r print it), any other value as compact JSON. Returns 0 and sets *output (malloc'd, the caller frees) on
 * success; 1 when the program does not compile, 2 when it fails on this input, 3 when its output passes `limit`
 * bytes, 4 when the input is not JSON, each with one line in `error`. */
int dots_jq_run(const char *program, const char *input, size_t input_length, size_t limit, char **output, char *error,
                size_t error_size);

#endif
