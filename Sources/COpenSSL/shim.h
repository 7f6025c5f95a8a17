#ifndef DOTS_SSO_COPENSSL_SHIM_H
#define DOTS_SSO_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/* Function-like macros do not import into Swift; these wrap the ones we need. */

static inline long dots_bio_get_mem_data(BIO *bio, char **out) {
    return BIO_get_mem_data(bio, out);
}

static inline X509_STORE *dots_ssl_ctx_get_cert_store(void *ssl_ctx) {
    return SSL_CTX_get_cert_store((SSL_CTX *)ssl_ctx);
}

#endif
