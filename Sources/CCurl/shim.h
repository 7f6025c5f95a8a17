#ifndef DOTS_SSO_CCURL_SHIM_H
#define DOTS_SSO_CCURL_SHIM_H

#include <curl/curl.h>

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

#endif
