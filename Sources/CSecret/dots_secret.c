#include "dots_secret.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* libsecret's public types as its headers declare them (secret-schema.h, GLib's GError), so no -dev package is
 * needed to build: the layout is the library's stable ABI. */
typedef struct {
    const char *name;
    int type; /* SECRET_SCHEMA_ATTRIBUTE_STRING = 0 */
} SchemaAttribute;

typedef struct {
    const char *name;
    int flags; /* SECRET_SCHEMA_NONE = 0 */
    SchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} Schema;

typedef struct {
    unsigned int domain;
    int code;
    char *message;
} GErrorLayout;

static const Schema schema = {
    "app.thedots.dots-sso.Tokens", 0, {{"entry", 0}, {NULL, 0}}, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

static struct {
    int (*store_sync)(const Schema *, const char *collection, const char *label, const char *password, void *cancellable,
                      GErrorLayout **error, ...);
    char *(*lookup_sync)(const Schema *, void *cancellable, GErrorLayout **error, ...);
    int (*clear_sync)(const Schema *, void *cancellable, GErrorLayout **error, ...);
    void (*password_free)(char *password);
    void (*error_free)(GErrorLayout *error);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot != NULL) return 1;
    snprintf(load_error, sizeof load_error, "the libsecret found lacks %s; install libsecret 0.18 or later", name);
    return 0;
}

static void load(void) {
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error,
                 "libsecret could not be loaded (%s); install it (Debian: apt-get install libsecret-1-0)",
                 why != NULL ? why : "libsecret-1.so.0");
        return;
    }
    /* g_error_free comes from GLib, which libsecret depends on: dlsym searches the library's dependencies too. */
    if (!resolve(library, (void **)&api.store_sync, "secret_password_store_sync")
        || !resolve(library, (void **)&api.lookup_sync, "secret_password_lookup_sync")
        || !resolve(library, (void **)&api.clear_sync, "secret_password_clear_sync")
        || !resolve(library, (void **)&api.password_free, "secret_password_free")
        || !resolve(library, (void **)&api.error_free, "g_error_free")) {
        return;
    }
    loaded = 1;
}

const char *dots_secret_load(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

/* Copies the GError's message (or `fallback`) into `error`, one line, and frees the GError. */
static int fail(GErrorLayout *gerror, const char *fallback, char *error, size_t error_size) {
    const char *message = gerror != NULL && gerror->message != NULL ? gerror->message : fallback;
    snprintf(error, error_size, "%s", message);
    for (char *c = error; *c != '\0'; c++) {
        if (*c == '\n' || *c == '\r') *c = ' ';
    }
    if (gerror != NULL) api.error_free(gerror);
    return -1;
}

int dots_secret_store(const char *entry, const char *label, const char *secret, char *error, size_t error_size) {
    const char *why = dots_secret_load();
    if (why != NULL) return fail(NULL, why, error, error_size);
    GErrorLayout *gerror = NULL;
    if (!api.store_sync(&schema, "default", label, secret, NULL, &gerror, "entry", entry, NULL)) {
        return fail(gerror, "the keyring refused to store the tokens", error, error_size);
    }
    return 0;
}

int dots_secret_lookup(const char *entry, char **secret, char *error, size_t error_size) {
    const char *why = dots_secret_load();
    *secret = NULL;
    if (why != NULL) return fail(NULL, why, error, error_size);
    GErrorLayout *gerror = NULL;
    char *found = api.lookup_sync(&schema, NULL, &gerror, "entry", entry, NULL);
    if (gerror != NULL) {
        if (found != NULL) api.password_free(found);
        return fail(gerror, "the keyring lookup failed", error, error_size);
    }
    *secret = found;
    return 0;
}

int dots_secret_clear(const char *entry, char *error, size_t error_size) {
    const char *why = dots_secret_load();
    if (why != NULL) return fail(NULL, why, error, error_size);
    GErrorLayout *gerror = NULL;
    api.clear_sync(&schema, NULL, &gerror, "entry", entry, NULL);
    if (gerror != NULL) return fail(gerror, "the keyring refused to remove the tokens", error, error_size);
    return 0;
}

void dots_secret_free(char *secret) {
    if (secret != NULL && loaded) api.password_free(secret);
}
