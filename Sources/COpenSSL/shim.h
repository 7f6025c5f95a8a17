#ifndef DOTS_SSO_COPENSSL_SHIM_H
#define DOTS_SSO_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/param_build.h>
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

/* Public keys from JWK numbers. OSSL_PARAM_BLD keeps pointers to the key names and buffers until
   OSSL_PARAM_BLD_to_param, which Swift's temporary strings would not outlive, so this stays in C. */
static inline EVP_PKEY *dots_public_key_from_params(const char *type, OSSL_PARAM_BLD *bld) {
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, type, NULL);
    if (params != NULL && ctx != NULL && EVP_PKEY_fromdata_init(ctx) == 1) {
        if (EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) != 1) pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    return pkey;
}

static inline EVP_PKEY *dots_rsa_public_key(const unsigned char *n, size_t n_len, const unsigned char *e, size_t e_len) {
    EVP_PKEY *pkey = NULL;
    BIGNUM *bn_n = BN_bin2bn(n, (int)n_len, NULL);
    BIGNUM *bn_e = BN_bin2bn(e, (int)e_len, NULL);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    if (bn_n != NULL && bn_e != NULL && bld != NULL
        && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n)
        && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e)) {
        pkey = dots_public_key_from_params("RSA", bld);
    }
    OSSL_PARAM_BLD_free(bld);
    BN_free(bn_n);
    BN_free(bn_e);
    return pkey;
}

/* point is the uncompressed SEC1 encoding 04 || x || y. */
static inline EVP_PKEY *dots_ec_public_key(const char *group, const unsigned char *point, size_t point_len) {
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    if (bld != NULL
        && OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0)
        && OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, point, point_len)) {
        pkey = dots_public_key_from_params("EC", bld);
    }
    OSSL_PARAM_BLD_free(bld);
    return pkey;
}

/* EVP_EC_gen expands to the variadic EVP_PKEY_Q_keygen. */
static inline EVP_PKEY *dots_ec_generate(const char *curve) {
    return EVP_EC_gen(curve);
}

#endif
