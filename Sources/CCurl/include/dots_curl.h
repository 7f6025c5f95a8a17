#ifndef DOTS_SSO_CCURL_H
#define DOTS_SSO_CCURL_H

/* libcurl, loaded when the first HTTP request needs it rather than when dots-sso starts.
   Linking libcurl would load ~30 libraries at every start (LDAP, Kerberos, GnuTLS, SASL, ... through its
   dependencies), about 3 ms that `--version`, `token print` and the offline commands never use. curl.h gives the
   types and constants only; every call goes through the functions below, which reach libcurl through pointers
   resolved once by dots_curl_load. Swift cannot call curl_easy_setopt and curl_easy_getinfo (variadic), so the
   wrappers also pin the argument type of each option family. */

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stddef.h>

/* Loads libcurl and runs curl_global_init, once per process (thread-safe). NULL when it is ready, otherwise
   a one-line reason (the library is missing or lacks a function we need), the same text on every call. */
const char *dots_curl_load(void);

/* Opens libcurl (and its ~30 libraries) on a thread of its own, for a command that will make requests: the
   loading (about 5 ms) then runs beside argument parsing instead of before the first request. dots_curl_load
   still does the initialisation, and waits for the loader if the preload has not finished. */
void dots_curl_preload(void);

/* An easy handle, or NULL when libcurl is not loaded or refuses. */
CURL *dots_curl_easy_init(void);
void dots_curl_easy_cleanup(CURL *h);
CURLcode dots_curl_easy_perform(CURL *h);
const char *dots_curl_easy_strerror(CURLcode code);
struct curl_slist *dots_curl_slist_append(struct curl_slist *list, const char *line);
void dots_curl_slist_free_all(struct curl_slist *list);

typedef size_t (*dots_curl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef CURLcode (*dots_curl_ssl_ctx_callback)(CURL *curl, void *ssl_ctx, void *userptr);
typedef int (*dots_curl_prereq_callback)(void *clientp, char *primary_ip, char *local_ip, int primary_port, int local_port);

CURLcode dots_curl_setopt_long(CURL *h, CURLoption opt, long value);
CURLcode dots_curl_setopt_string(CURL *h, CURLoption opt, const char *value);
CURLcode dots_curl_setopt_pointer(CURL *h, CURLoption opt, void *value);
CURLcode dots_curl_setopt_off(CURL *h, CURLoption opt, long long value);
CURLcode dots_curl_setopt_slist(CURL *h, CURLoption opt, struct curl_slist *list);
CURLcode dots_curl_setopt_write_function(CURL *h, CURLoption opt, dots_curl_write_callback cb);
CURLcode dots_curl_setopt_ssl_ctx_function(CURL *h, dots_curl_ssl_ctx_callback cb);
/* Called once the connection (and TLS handshake) is up, before the request is sent; returning
   CURL_PREREQFUNC_ABORT stops there. */
CURLcode dots_curl_setopt_prereq_function(CURL *h, dots_curl_prereq_callback cb, void *data);

CURLcode dots_curl_getinfo_long(CURL *h, CURLINFO info, long *out);
CURLcode dots_curl_getinfo_off(CURL *h, CURLINFO info, long long *out);
CURLcode dots_curl_getinfo_string(CURL *h, CURLINFO info, const char **out);

/* The OpenSSL `SSL *` of the handle's connection while it is up (in a prereq callback), or NULL with another backend. */
void *dots_curl_openssl_ssl(CURL *h);

/* One connection cache shared by every easy handle of a client (libcurl's share interface), with a mutex per
   shared data kind so handles on different threads can use it at once. Opaque to Swift. */
typedef struct dots_curl_pool dots_curl_pool;

/* A pool sharing connections (and DNS answers), or NULL when libcurl is not loaded or refuses any part of it. */
dots_curl_pool *dots_curl_pool_new(void);
void dots_curl_pool_free(dots_curl_pool *pool);
CURLcode dots_curl_setopt_pool(CURL *h, dots_curl_pool *pool);

#endif
