#include "dots_jq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* jv as jq 1.6 and 1.7 declare it (jv.h): a 16-byte value passed by copy, the library's stable ABI. Most jv functions
 * consume the value they are given (jv_free, jv_dump_string, jv_string_length_bytes, jv_invalid_has_msg…); those that
 * do not are jv_get_kind and jv_string_value, so a value used again is passed as jv_copy. */
typedef struct {
    unsigned char kind_flags;
    unsigned char pad_;
    unsigned short offset;
    int size;
    union {
        void *ptr;
        double number;
    } u;
} jv;

enum { KIND_INVALID = 0, KIND_STRING = 5 };

typedef struct jq_state jq_state;
typedef void (*jq_msg_cb)(void *, jv);

static struct {
    jq_state *(*init)(void);
    void (*set_error_cb)(jq_state *, jq_msg_cb, void *);
    int (*compile)(jq_state *, const char *);
    void (*start)(jq_state *, jv, int);
    jv (*next)(jq_state *);
    void (*teardown)(jq_state **);
    jv (*parse_sized)(const char *, int);
    int (*get_kind)(jv);
    int (*invalid_has_msg)(jv);
    jv (*invalid_get_msg)(jv);
    const char *(*string_value)(jv);
    int (*string_length_bytes)(jv);
    jv (*dump_string)(jv, int);
    jv (*copy)(jv);
    void (*free)(jv);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot != NULL) return 1;
    snprintf(load_error, sizeof load_error, "the libjq found lacks %s; install jq 1.6 or later's library", name);
    return 0;
}

static void load(void) {
    void *library = dlopen("libjq.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "libjq could not be loaded (%s); install it (Debian: apt-get install libjq1)",
                 why != NULL ? why : "libjq.so.1");
        return;
    }
    if (!resolve(library, (void **)&api.init, "jq_init") || !resolve(library, (void **)&api.set_error_cb, "jq_set_error_cb")
        || !resolve(library, (void **)&api.compile, "jq_compile") || !resolve(library, (void **)&api.start, "jq_start")
        || !resolve(library, (void **)&api.next, "jq_next") || !resolve(library, (void **)&api.teardown, "jq_teardown")
        || !resolve(library, (void **)&api.parse_sized, "jv_parse_sized")
        || !resolve(library, (void **)&api.get_kind, "jv_get_kind")
        || !resolve(library, (void **)&api.invalid_has_msg, "jv_invalid_has_msg")
        || !resolve(library, (void **)&api.invalid_get_msg, "jv_invalid_get_msg")
        || !resolve(library, (void **)&api.string_value, "jv_string_value")
        || !resolve(library, (void **)&api.string_length_bytes, "jv_string_length_bytes")
        || !resolve(library, (void **)&api.dump_string, "jv_dump_string") || !resolve(library, (void **)&api.copy, "jv_copy")
        || !resolve(library, (void **)&api.free, "jv_free")) {
        return;
    }
    loaded = 1;
}

const char *dots_jq_load(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

/* The first message jq reports (a compile error), kept for the caller. */
typedef struct {
    char *text;
    size_t size;
    int set;
} Messages;

static void keep_text(char *error, size_t error_size, const char *text, int length) {
    if (error_size == 0) return;
    size_t count = length < 0 ? 0 : (size_t)length;
    if (count >= error_size) count = error_size - 1;
    memcpy(error, text, count);
    error[count] = '\0';
    for (size_t i = 0; i < count; i++) {
        if (error[i] == '\n' || error[i] == '\r') error[i] = ' ';
    }
}

static void on_error(void *data, jv message) {
    Messages *messages = data;
    if (!messages->set) {
        jv text = api.get_kind(message) == KIND_STRING ? api.copy(message) : api.dump_string(api.copy(message), 0);
        if (api.get_kind(text) == KIND_STRING) {
            keep_text(messages->text, messages->size, api.string_value(text), api.string_length_bytes(api.copy(text)));
            messages->set = 1;
        }
        api.free(text);
    }
    api.free(message);
}

typedef struct {
    char *bytes;
    size_t length;
    size_t capacity;
} Buffer;

static int append(Buffer *buffer, const char *bytes, size_t length, size_t limit) {
    if (buffer->length + length + 1 > limit) return 0;
    if (buffer->length + length + 1 > buffer->capacity) {
        size_t capacity = buffer->capacity == 0 ? 4096 : buffer->capacity;
        while (capacity < buffer->length + length + 1) capacity *= 2;
        char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return 0;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, length);
    buffer->length += length;
    buffer->bytes[buffer->length] = '\0';
    return 1;
}

int dots_jq_run(const char *program, const char *input, size_t input_length, size_t limit, char **output, char *error,
                size_t error_size) {
    *output = NULL;
    if (error_size > 0) error[0] = '\0';
    if (dots_jq_load() != NULL) {
        keep_text(error, error_size, load_error, (int)strlen(load_error));
        return 1;
    }
    if (input_length > 0x7fffffff) {
        keep_text(error, error_size, "the output is too large to filter", 33);
        return 4;
    }
    jv value = api.parse_sized(input, (int)input_length);
    if (api.get_kind(value) == KIND_INVALID) {
        api.free(value);
        keep_text(error, error_size, "the output is not JSON", 22);
        return 4;
    }
    jq_state *state = api.init();
    if (state == NULL) {
        api.free(value);
        keep_text(error, error_size, "jq could not start", 18);
        return 1;
    }
    Messages messages = {error, error_size, 0};
    api.set_error_cb(state, on_error, &messages);
    if (!api.compile(state, program)) {
        api.free(value);
        if (!messages.set) keep_text(error, error_size, "the expression does not compile", 31);
        api.teardown(&state);
        return 1;
    }
    api.start(state, value, 0);
    Buffer buffer = {NULL, 0, 0};
    int status = 0;
    for (;;) {
        jv result = api.next(state);
        if (api.get_kind(result) == KIND_INVALID) {
            if (api.invalid_has_msg(api.copy(result))) {
                jv message = api.invalid_get_msg(result);
                jv text = api.get_kind(message) == KIND_STRING ? message : api.dump_string(message, 0);
                keep_text(error, error_size, api.string_value(text), api.string_length_bytes(api.copy(text)));
                api.free(text);
                status = 2;
            } else {
                api.free(result);
            }
            break;
        }
        jv text = api.get_kind(result) == KIND_STRING ? result : api.dump_string(result, 0);
        int kept = append(&buffer, api.string_value(text), (size_t)api.string_length_bytes(api.copy(text)), limit) && append(&buffer, "\n", 1, limit);
        api.free(text);
        if (!kept) {
            keep_text(error, error_size, "the filter's output passes the limit", 36);
            status = 3;
            break;
        }
    }
    api.teardown(&state);
    if (status != 0) {
        free(buffer.bytes);
        return status;
    }
    *output = buffer.bytes != NULL ? buffer.bytes : calloc(1, 1);
    return *output != NULL ? 0 : 3;
}
