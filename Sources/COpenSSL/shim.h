#ifndef DOTS_SSO_COPENSSL_SHIM_H
#define DOTS_SSO_COPENSSL_SHIM_H

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/cms.h>
#include <openssl/objects.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/param_build.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
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

/* Stack and attribute macros used for pkpass signatures. */
static inline int dots_sk_X509_num(const STACK_OF(X509) *sk) { return sk_X509_num(sk); }
static inline X509 *dots_sk_X509_value(const STACK_OF(X509) *sk, int i) { return sk_X509_value(sk, i); }
static inline void dots_sk_X509_pop_free(STACK_OF(X509) *sk) { sk_X509_pop_free(sk, X509_free); }
static inline STACK_OF(X509) *dots_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int dots_sk_X509_push(STACK_OF(X509) *sk, X509 *x) { return sk_X509_push(sk, x); }
static inline int dots_sk_CMS_SignerInfo_num(STACK_OF(CMS_SignerInfo) *sk) { return sk_CMS_SignerInfo_num(sk); }
static inline CMS_SignerInfo *dots_sk_CMS_SignerInfo_value(STACK_OF(CMS_SignerInfo) *sk, int i) { return sk_CMS_SignerInfo_value(sk, i); }

/* The NID of a signer's digest algorithm (NID_sha1, NID_sha256, ...). */
static inline int dots_cms_signer_digest_nid(CMS_SignerInfo *si) {
    X509_ALGOR *digest = NULL;
    const ASN1_OBJECT *object = NULL;
    CMS_SignerInfo_get0_algs(si, NULL, NULL, &digest, NULL);
    if (digest == NULL) return NID_undef;
    X509_ALGOR_get0(&object, NULL, NULL, digest);
    return OBJ_obj2nid(object);
}

/* An ASN1_TIME as seconds since 1970 (UTC); 0 when it cannot be read. */
static inline int dots_asn1_time_seconds(const ASN1_TIME *time, long long *out) {
    struct tm parsed;
    if (time == NULL || ASN1_TIME_to_tm(time, &parsed) != 1) return 0;
    *out = (long long)timegm(&parsed);
    return 1;
}

/* The signed signingTime attribute as seconds since 1970; returns 0 when absent. */
static inline int dots_cms_signing_time(CMS_SignerInfo *si, long long *out) {
    int index = CMS_signed_get_attr_by_NID(si, NID_pkcs9_signingTime, -1);
    if (index < 0) return 0;
    X509_ATTRIBUTE *attribute = CMS_signed_get_attr(si, index);
    ASN1_TYPE *value = attribute ? X509_ATTRIBUTE_get0_type(attribute, 0) : NULL;
    if (value == NULL || (value->type != V_ASN1_UTCTIME && value->type != V_ASN1_GENERALIZEDTIME)) return 0;
    return dots_asn1_time_seconds((const ASN1_TIME *)value->value.asn1_string, out);
}

/* A DER UTCTime or GeneralizedTime as seconds since 1970, converted as dots_cms_signing_time does; 0 when it is
   neither. */
static inline int dots_der_time_seconds(const unsigned char *der, long length, long long *out) {
    const unsigned char *cursor = der;
    ASN1_TIME *time = d2i_ASN1_TIME(NULL, &cursor, length);
    int ok = time != NULL && cursor == der + length && dots_asn1_time_seconds(time, out);
    ASN1_TIME_free(time);
    return ok;
}

/* A certificate's notBefore / notAfter as seconds since 1970. */
static inline long long dots_x509_time(const ASN1_TIME *time) {
    long long seconds = 0;
    return dots_asn1_time_seconds(time, &seconds) ? seconds : 0;
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

/* A CA bundle that a trust store loads the first time verification looks for an issuer the store lacks. With
   --cacert anchors (or the system's hashed directory) the issuer is usually found without it, and loading the
   bundle's ~140 certificates costs about 20 ms of OpenSSL 3's decoding. */
typedef struct {
    pthread_mutex_t lock;
    int loaded;
    X509_LOOKUP_METHOD *method;  /* each store's own, freed with its lookup (no global state in a header) */
    char file[];
} dots_lazy_bundle;

static inline int dots_lazy_bundle_by_subject(X509_LOOKUP *lookup, X509_LOOKUP_TYPE type, const X509_NAME *name, X509_OBJECT *ret) {
    dots_lazy_bundle *bundle = (dots_lazy_bundle *)X509_LOOKUP_get_method_data(lookup);
    X509_STORE *store = X509_LOOKUP_get_store(lookup);
    if (bundle == NULL || store == NULL || type != X509_LU_X509) return 0;
    pthread_mutex_lock(&bundle->lock);
    if (!bundle->loaded) {
        bundle->loaded = 1;
        /* Adds each certificate to the store (X509_STORE_add_cert takes the store's lock). */
        if (X509_load_cert_crl_file(lookup, bundle->file, X509_FILETYPE_PEM) <= 0) ERR_clear_error();
    }
    pthread_mutex_unlock(&bundle->lock);
    int found = 0;
    if (!X509_STORE_lock(store)) return 0;
    X509_OBJECT *object = X509_OBJECT_retrieve_by_subject(X509_STORE_get0_objects(store), type, name);
    if (object != NULL) found = X509_OBJECT_set1_X509(ret, X509_OBJECT_get0_X509(object));
    X509_STORE_unlock(store);
    return found;
}

/* Called as the lookup is freed; OpenSSL uses neither the method nor the data afterwards. */
static inline void dots_lazy_bundle_free(X509_LOOKUP *lookup) {
    dots_lazy_bundle *bundle = (dots_lazy_bundle *)X509_LOOKUP_get_method_data(lookup);
    if (bundle == NULL) return;
    pthread_mutex_destroy(&bundle->lock);
    X509_LOOKUP_meth_free(bundle->method);
    free(bundle);
}

/* Adds to `store` a lookup that loads the PEM bundle `file` on first need; 1 on success. */
static inline int dots_store_add_lazy_bundle(X509_STORE *store, const char *file) {
    size_t length = strlen(file);
    dots_lazy_bundle *bundle = calloc(1, sizeof(dots_lazy_bundle) + length + 1);
    if (bundle == NULL) return 0;
    memcpy(bundle->file, file, length + 1);
    bundle->method = X509_LOOKUP_meth_new("dots-sso lazy CA bundle");
    if (bundle->method == NULL
        || X509_LOOKUP_meth_set_get_by_subject(bundle->method, dots_lazy_bundle_by_subject) != 1
        || X509_LOOKUP_meth_set_free(bundle->method, dots_lazy_bundle_free) != 1) {
        X509_LOOKUP_meth_free(bundle->method);
        free(bundle);
        return 0;
    }
    pthread_mutex_init(&bundle->lock, NULL);
    X509_LOOKUP *lookup = X509_STORE_add_lookup(store, bundle->method);
    if (lookup == NULL || X509_LOOKUP_set_method_data(lookup, bundle) != 1) {
        /* A lookup without data frees nothing; the store frees the lookup itself. */
        pthread_mutex_destroy(&bundle->lock);
        if (lookup == NULL) X509_LOOKUP_meth_free(bundle->method);
        free(bundle);
        return 0;
    }
    return 1;
}

/* EVP_EC_gen expands to the variadic EVP_PKEY_Q_keygen. */
static inline EVP_PKEY *dots_ec_generate(const char *curve) {
    return EVP_EC_gen(curve);
}

/* A passphrase callback that has none: OpenSSL's default one would ask on the terminal, which must never happen in
   a script or CI. An encrypted key then fails to read, and the caller says why. */
static inline int dots_no_passphrase(char *buf, int size, int rwflag, void *u) {
    (void)buf; (void)size; (void)rwflag; (void)u;
    return 0;
}

/* A private key from PEM (PKCS#8 or traditional), never asking for a passphrase. */
static inline EVP_PKEY *dots_read_private_key(const unsigned char *pem, int length) {
    BIO *bio = BIO_new_mem_buf(pem, length);
    if (bio == NULL) return NULL;
    EVP_PKEY *key = PEM_read_bio_PrivateKey(bio, NULL, dots_no_passphrase, NULL);
    BIO_free(bio);
    return key;
}

/* EVP_RSA_gen is a macro over a variadic function, which Swift cannot call. */
static inline EVP_PKEY *dots_rsa_generate(unsigned int bits) {
    return EVP_RSA_gen(bits);
}

#endif
