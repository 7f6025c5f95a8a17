#include "dots_pictures.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ICU's C API, declared here as far as it is called: ICU's headers rename every function for its version
   (udat_open becomes udat_open_72), and the version on the machine is only known once the library is found. */
typedef uint16_t dots_uchar;
typedef int dots_uerror;
#define DOTS_U_FAILURE(x) ((x) > 0)
#define DOTS_UNUM_CURRENCY_CODE 5

static struct {
    void *(*udat_open)(int, int, const char *, const dots_uchar *, int32_t, const dots_uchar *, int32_t, dots_uerror *);
    int32_t (*udat_format)(const void *, double, dots_uchar *, int32_t, void *, dots_uerror *);
    void (*udat_close)(void *);
    void *(*unum_open)(int, const dots_uchar *, int32_t, const char *, void *, dots_uerror *);
    int32_t (*unum_format_double)(const void *, double, dots_uchar *, int32_t, void *, dots_uerror *);
    void (*unum_set_text_attribute)(void *, int, const dots_uchar *, int32_t, dots_uerror *);
    void (*unum_close)(void *);
    char *(*u_str_to_utf8)(char *, int32_t, int32_t *, const dots_uchar *, int32_t, dots_uerror *);
} icu;
static const char *const icu_names[] = {"udat_open", "udat_format", "udat_close", "unum_open",
                                        "unum_formatDouble", "unum_setTextAttribute", "unum_close", "u_strToUTF8"};
_Static_assert(sizeof icu == sizeof(void *) * (sizeof icu_names / sizeof icu_names[0]), "one name per ICU slot");

static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static char icu_error[512];
static int icu_loaded;

static void load_icu(void) {
    void *library = NULL;
    int version = 0;
    char name[64];
    for (int candidate = 90; candidate >= 60 && library == NULL; candidate--) {
        snprintf(name, sizeof name, "libicui18n.so.%d", candidate);
        library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) version = candidate;
    }
    if (library == NULL) library = dlopen("libicui18n.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(icu_error, sizeof icu_error,
                 "ICU could not be loaded (no libicui18n.so); install it (Debian: apt-get install libicu72)");
        return;
    }
    void **slots = (void **)&icu;
    for (size_t i = 0; i < sizeof icu_names / sizeof icu_names[0]; i++) {
        /* dlsym on the i18n library also finds u_strToUTF8 in libicuuc, which it depends on. */
        snprintf(name, sizeof name, "%s_%d", icu_names[i], version);
        slots[i] = version != 0 ? dlsym(library, name) : NULL;
        if (slots[i] == NULL) slots[i] = dlsym(library, icu_names[i]);
        if (slots[i] == NULL) {
            snprintf(icu_error, sizeof icu_error, "the ICU found lacks %s", icu_names[i]);
            return;
        }
    }
    icu_loaded = 1;
}

const char *dots_icu_load(void) {
    pthread_once(&icu_once, load_icu);
    return icu_loaded ? NULL : icu_error;
}

/* ASCII text as UTF-16 (zone names, currency codes): at most size - 1 units; the length written. */
static int32_t ascii_uchars(const char *text, dots_uchar *out, int32_t size) {
    int32_t length = 0;
    for (; text != NULL && text[length] != '\0' && length < size - 1; length++) out[length] = (unsigned char)text[length];
    out[length] = 0;
    return length;
}

/* UTF-16 from ICU as UTF-8 in out; its length, or -1. */
static int utf8_out(const dots_uchar *text, int32_t length, char *out, int size) {
    dots_uerror status = 0;
    int32_t written = 0;
    icu.u_str_to_utf8(out, size - 1, &written, text, length, &status);
    if (DOTS_U_FAILURE(status) || written >= size) return -1;
    out[written] = '\0';
    return written;
}

int dots_icu_format_date(double milliseconds, int date_style, int time_style, const char *locale, const char *zone,
                         char *out, int size) {
    if (dots_icu_load() != NULL || size < 2) return -1;
    dots_uchar zone_name[64];
    int32_t zone_length = zone != NULL ? ascii_uchars(zone, zone_name, 64) : 0;
    dots_uerror status = 0;
    void *format = icu.udat_open(time_style, date_style, locale, zone != NULL ? zone_name : NULL, zone != NULL ? zone_length : -1,
                                 NULL, -1, &status);
    if (format == NULL || DOTS_U_FAILURE(status)) {
        if (format != NULL) icu.udat_close(format);
        return -1;
    }
    dots_uchar text[256];
    int32_t length = icu.udat_format(format, milliseconds, text, 256, NULL, &status);
    icu.udat_close(format);
    if (DOTS_U_FAILURE(status) || length < 0 || length > 256) return -1;
    return utf8_out(text, length, out, size);
}

int dots_icu_format_number(double value, int style, const char *currency, const char *locale, char *out, int size) {
    if (dots_icu_load() != NULL || size < 2) return -1;
    dots_uerror status = 0;
    void *format = icu.unum_open(style, NULL, 0, locale, NULL, &status);
    if (format == NULL || DOTS_U_FAILURE(status)) {
        if (format != NULL) icu.unum_close(format);
        return -1;
    }
    if (currency != NULL) {
        dots_uchar code[8];
        int32_t length = ascii_uchars(currency, code, 8);
        icu.unum_set_text_attribute(format, DOTS_UNUM_CURRENCY_CODE, code, length, &status);
    }
    dots_uchar text[512];
    int32_t length = DOTS_U_FAILURE(status) ? -1 : icu.unum_format_double(format, value, text, 512, NULL, &status);
    icu.unum_close(format);
    if (DOTS_U_FAILURE(status) || length < 0 || length > 512) return -1;
    return utf8_out(text, length, out, size);
}
