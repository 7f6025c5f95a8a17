#include "dots_build_facts.h"

/* Package.swift defines these; a build without them (another build system) still says something true. */
#ifndef DOTS_SSO_VERSION
#define DOTS_SSO_VERSION "0.0.0-dev"
#endif
#ifndef DOTS_SSO_COMMIT
#define DOTS_SSO_COMMIT "unknown"
#endif
#ifndef DOTS_SSO_SWIFT
#define DOTS_SSO_SWIFT ""
#endif

const char *dots_build_version(void) { return DOTS_SSO_VERSION; }
const char *dots_build_commit(void) { return DOTS_SSO_COMMIT; }
const char *dots_build_swift(void) { return DOTS_SSO_SWIFT; }

const char *dots_build_date(void) {
#ifdef DOTS_SSO_BUILD_DATE
    return DOTS_SSO_BUILD_DATE;
#else
    /* __DATE__ is "Nov 25 2026"; turned into 2026-11-25 once. */
    static char iso[11];
    if (iso[0] == 0) {
        static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
        const char *date = __DATE__;
        int month = 1;
        for (int i = 0; i < 12; i++) {
            if (date[0] == months[i * 3] && date[1] == months[i * 3 + 1] && date[2] == months[i * 3 + 2]) { month = i + 1; break; }
        }
        iso[0] = date[7]; iso[1] = date[8]; iso[2] = date[9]; iso[3] = date[10]; iso[4] = '-';
        iso[5] = (char)('0' + month / 10); iso[6] = (char)('0' + month % 10); iso[7] = '-';
        iso[8] = date[4] == ' ' ? '0' : date[4]; iso[9] = date[5]; iso[10] = 0;
    }
    return iso;
#endif
}
