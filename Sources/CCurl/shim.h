#ifndef DOTS_SSO_CCURL_SHIM_H
#define DOTS_SSO_CCURL_SHIM_H

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
   These non-variadic wrappers pin the argument type of each option family. */

typedef size_t (*dots_curl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef CURLcode (*dots_curl_ssl_ctx_callback)(CURL *curl, void *ssl_ctx, void *userptr);
typedef int (*dots_curl_prereq_callback)(void *clientp, char *primary_ip, char *local_ip, int primary_port, int local_port);

static inline CURLcode dots_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

static inline CURLcode dots_curl_setopt_long(CURL *h, CURLoption opt, long value) {
    return curl_easy_setopt(h, opt, value);
}

static inline CURLcode dots_curl_setopt_string(CURL *h, CURLoption opt, const char *value) {
    return curl_easy_setopt(h, opt, value);
}

static inline CURLcode dots_curl_setopt_pointer(CURL *h, CURLoption opt, void *value) {
    return curl_easy_setopt(h, opt, value);
}

static inline CURLcode dots_curl_setopt_off(CURL *h, CURLoption opt, long long value) {
    return curl_easy_setopt(h, opt, (curl_off_t)value);
}

static inline CURLcode dots_curl_setopt_slist(CURL *h, CURLoption opt, struct curl_slist *list) {
    return curl_easy_setopt(h, opt, list);
}

static inline CURLcode dots_curl_setopt_write_function(CURL *h, CURLoption opt, dots_curl_write_callback cb) {
    return curl_easy_setopt(h, opt, cb);
}

static inline CURLcode dots_curl_setopt_ssl_ctx_function(CURL *h, dots_curl_ssl_ctx_callback cb) {
    return curl_easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, cb);
}

/* Called once the connection (and TLS handshake) is up, before the request is sent; returning
   CURL_PREREQFUNC_ABORT stops there. */
static inline CURLcode dots_curl_setopt_prereq_function(CURL *h, dots_curl_prereq_callback cb, void *data) {
    CURLcode rc = curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, cb);
    if (rc != CURLE_OK) return rc;
    return curl_easy_setopt(h, CURLOPT_PREREQDATA, data);
}

static inline CURLcode dots_curl_getinfo_long(CURL *h, CURLINFO info, long *out) {
    return curl_easy_getinfo(h, info, out);
}

static inline CURLcode dots_curl_getinfo_off(CURL *h, CURLINFO info, long long *out) {
    curl_off_t value = 0;
    CURLcode rc = curl_easy_getinfo(h, info, &value);
    *out = (long long)value;
    return rc;
}

static inline CURLcode dots_curl_getinfo_string(CURL *h, CURLINFO info, const char **out) {
    return curl_easy_getinfo(h, info, out);
}

/* The OpenSSL `SSL *` of the handle's connection while it is up (in a prereq callback), or NULL with another backend. */
static inline void *dots_curl_openssl_ssl(CURL *h) {
    struct curl_tlssessioninfo *info = NULL;
    if (curl_easy_getinfo(h, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return NULL;
    if (info->backend != CURLSSLBACKEND_OPENSSL) return NULL;
    return info->internals;
}

/* One connection cache shared by every easy handle of a client (libcurl's share interface), with a mutex per
   shared data kind so handles on different threads can use it at once. */
typedef struct {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
} dots_curl_pool;

static void dots_curl_pool_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *userptr) {
    (void)handle; (void)access;
    pthread_mutex_lock(&((dots_curl_pool *)userptr)->locks[data]);
}

static void dots_curl_pool_unlock(CURL *handle, curl_lock_data data, void *userptr) {
    (void)handle;
    pthread_mutex_unlock(&((dots_curl_pool *)userptr)->locks[data]);
}

static inline void dots_curl_pool_free(dots_curl_pool *pool) {
    if (pool == NULL) return;
    if (pool->share != NULL) curl_share_cleanup(pool->share);
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&pool->locks[i]);
    free(pool);
}

/* A pool sharing connections (and DNS answers), or NULL when libcurl refuses any part of it. */
static inline dots_curl_pool *dots_curl_pool_new(void) {
    dots_curl_pool *pool = calloc(1, sizeof(dots_curl_pool));
    if (pool == NULL) return NULL;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&pool->locks[i], NULL);
    pool->share = curl_share_init();
    if (pool->share == NULL
        || curl_share_setopt(pool->share, CURLSHOPT_LOCKFUNC, dots_curl_pool_lock) != CURLSHE_OK
        || curl_share_setopt(pool->share, CURLSHOPT_UNLOCKFUNC, dots_curl_pool_unlock) != CURLSHE_OK
        || curl_share_setopt(pool->share, CURLSHOPT_USERDATA, pool) != CURLSHE_OK
        || curl_share_setopt(pool->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT) != CURLSHE_OK
        || curl_share_setopt(pool->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS) != CURLSHE_OK) {
        dots_curl_pool_free(pool);
        return NULL;
    }
    return pool;
}

static inline CURLcode dots_curl_setopt_pool(CURL *h, dots_curl_pool *pool) {
    return curl_easy_setopt(h, CURLOPT_SHARE, pool->share);
}

#endif
