#include "dots_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* The libcurl functions dots-sso calls, resolved by dots_curl_load. */
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *h);
    CURLcode (*easy_perform)(CURL *h);
    CURLcode (*easy_setopt)(CURL *h, CURLoption opt, ...);
    CURLcode (*easy_getinfo)(CURL *h, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
    CURLSH *(*share_init)(void);
    CURLSHcode (*share_setopt)(CURLSH *share, CURLSHoption opt, ...);
    CURLSHcode (*share_cleanup)(CURLSH *share);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

#ifdef __APPLE__
static const char *const library_names[] = {"libcurl.4.dylib", "libcurl.dylib"};
#else
static const char *const library_names[] = {"libcurl.so.4", "libcurl.so"};
#endif

static int resolve(void *library, void **slot, const char *name) {
    *slot = dlsym(library, name);
    if (*slot != NULL) return 1;
    snprintf(load_error, sizeof load_error, "the libcurl found lacks %s; install libcurl 7.80 or later", name);
    return 0;
}

/* libcurl under the first of its names that opens, or NULL. */
static void *open_library(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && library == NULL; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    }
    return library;
}

static void load(void) {
    void *library = open_library();
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error,
                 "libcurl could not be loaded (%s); install it (Debian: apt-get install libcurl4)",
                 why != NULL ? why : library_names[0]);
        return;
    }
    if (!resolve(library, (void **)&api.global_init, "curl_global_init")
        || !resolve(library, (void **)&api.easy_init, "curl_easy_init")
        || !resolve(library, (void **)&api.easy_cleanup, "curl_easy_cleanup")
        || !resolve(library, (void **)&api.easy_perform, "curl_easy_perform")
        || !resolve(library, (void **)&api.easy_setopt, "curl_easy_setopt")
        || !resolve(library, (void **)&api.easy_getinfo, "curl_easy_getinfo")
        || !resolve(library, (void **)&api.easy_strerror, "curl_easy_strerror")
        || !resolve(library, (void **)&api.slist_append, "curl_slist_append")
        || !resolve(library, (void **)&api.slist_free_all, "curl_slist_free_all")
        || !resolve(library, (void **)&api.share_init, "curl_share_init")
        || !resolve(library, (void **)&api.share_setopt, "curl_share_setopt")
        || !resolve(library, (void **)&api.share_cleanup, "curl_share_cleanup")) {
        return;  /* the library stays mapped; nothing of it is called */
    }
    CURLcode rc = api.global_init(CURL_GLOBAL_ALL);
    if (rc != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl could not be initialised (%s)", api.easy_strerror(rc));
        return;
    }
    loaded = 1;
}

static void *preload(void *unused) {
    (void)unused;
    /* The handle is kept for the life of the process: load() opens the same library again (a reference count). */
    (void)open_library();
    return NULL;
}

void dots_curl_preload(void) {
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    (void)pthread_create(&thread, &attributes, preload, NULL);  /* without a thread, load() opens it when needed */
    pthread_attr_destroy(&attributes);
}

const char *dots_curl_load(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

CURL *dots_curl_easy_init(void) {
    return dots_curl_load() == NULL ? api.easy_init() : NULL;
}

/* The functions below take a handle or a list, which exist only once libcurl is loaded. */

void dots_curl_easy_cleanup(CURL *h) { api.easy_cleanup(h); }

CURLcode dots_curl_easy_perform(CURL *h) { return api.easy_perform(h); }

const char *dots_curl_easy_strerror(CURLcode code) {
    return dots_curl_load() == NULL ? api.easy_strerror(code) : "libcurl is not loaded";
}

struct curl_slist *dots_curl_slist_append(struct curl_slist *list, const char *line) {
    return dots_curl_load() == NULL ? api.slist_append(list, line) : NULL;
}

void dots_curl_slist_free_all(struct curl_slist *list) {
    if (list != NULL) api.slist_free_all(list);
}

CURLcode dots_curl_setopt_long(CURL *h, CURLoption opt, long value) { return api.easy_setopt(h, opt, value); }

CURLcode dots_curl_setopt_string(CURL *h, CURLoption opt, const char *value) { return api.easy_setopt(h, opt, value); }

CURLcode dots_curl_setopt_pointer(CURL *h, CURLoption opt, void *value) { return api.easy_setopt(h, opt, value); }

CURLcode dots_curl_setopt_off(CURL *h, CURLoption opt, long long value) {
    return api.easy_setopt(h, opt, (curl_off_t)value);
}

CURLcode dots_curl_setopt_slist(CURL *h, CURLoption opt, struct curl_slist *list) {
    return api.easy_setopt(h, opt, list);
}

CURLcode dots_curl_setopt_write_function(CURL *h, CURLoption opt, dots_curl_write_callback cb) {
    return api.easy_setopt(h, opt, cb);
}

CURLcode dots_curl_setopt_ssl_ctx_function(CURL *h, dots_curl_ssl_ctx_callback cb) {
    return api.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, cb);
}

CURLcode dots_curl_setopt_prereq_function(CURL *h, dots_curl_prereq_callback cb, void *data) {
    CURLcode rc = api.easy_setopt(h, CURLOPT_PREREQFUNCTION, cb);
    if (rc != CURLE_OK) return rc;
    return api.easy_setopt(h, CURLOPT_PREREQDATA, data);
}

CURLcode dots_curl_getinfo_long(CURL *h, CURLINFO info, long *out) { return api.easy_getinfo(h, info, out); }

CURLcode dots_curl_getinfo_off(CURL *h, CURLINFO info, long long *out) {
    curl_off_t value = 0;
    CURLcode rc = api.easy_getinfo(h, info, &value);
    *out = (long long)value;
    return rc;
}

CURLcode dots_curl_getinfo_string(CURL *h, CURLINFO info, const char **out) { return api.easy_getinfo(h, info, out); }

void *dots_curl_openssl_ssl(CURL *h) {
    struct curl_tlssessioninfo *info = NULL;
    if (api.easy_getinfo(h, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return NULL;
    if (info->backend != CURLSSLBACKEND_OPENSSL) return NULL;
    return info->internals;
}

struct dots_curl_pool {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
};

static void pool_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *userptr) {
    (void)handle;
    (void)access;
    pthread_mutex_lock(&((dots_curl_pool *)userptr)->locks[data]);
}

static void pool_unlock(CURL *handle, curl_lock_data data, void *userptr) {
    (void)handle;
    pthread_mutex_unlock(&((dots_curl_pool *)userptr)->locks[data]);
}

void dots_curl_pool_free(dots_curl_pool *pool) {
    if (pool == NULL) return;
    if (pool->share != NULL) api.share_cleanup(pool->share);
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&pool->locks[i]);
    free(pool);
}

dots_curl_pool *dots_curl_pool_new(void) {
    if (dots_curl_load() != NULL) return NULL;
    dots_curl_pool *pool = calloc(1, sizeof(dots_curl_pool));
    if (pool == NULL) return NULL;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&pool->locks[i], NULL);
    pool->share = api.share_init();
    if (pool->share == NULL
        || api.share_setopt(pool->share, CURLSHOPT_LOCKFUNC, pool_lock) != CURLSHE_OK
        || api.share_setopt(pool->share, CURLSHOPT_UNLOCKFUNC, pool_unlock) != CURLSHE_OK
        || api.share_setopt(pool->share, CURLSHOPT_USERDATA, pool) != CURLSHE_OK
        || api.share_setopt(pool->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT) != CURLSHE_OK
        || api.share_setopt(pool->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS) != CURLSHE_OK) {
        dots_curl_pool_free(pool);
        return NULL;
    }
    return pool;
}

CURLcode dots_curl_setopt_pool(CURL *h, dots_curl_pool *pool) { return api.easy_setopt(h, CURLOPT_SHARE, pool->share); }
