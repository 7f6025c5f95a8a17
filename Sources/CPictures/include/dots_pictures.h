#ifndef DOTS_SSO_CPICTURES_H
#define DOTS_SSO_CPICTURES_H

/* The picture libraries (Debian's rlottie, cairo, pango and zint), loaded the first time a picture is drawn rather
   than when dots-sso starts: linking them would load ~40 libraries (glib, fontconfig, freetype, harfbuzz, pixman, X11,
   ...) at every start, which `--version`, `token print` and every command without a picture never use (see
   dots_curl.h for libcurl, loaded the same way). The headers give the types; every call goes through the tables
   below, whose pointers are resolved once by the load functions. */

#include <cairo/cairo.h>
#include <rlottie_capi.h>
#include <stddef.h>
#include <stdint.h>
#include <zint.h>

/* rlottie's C API. */
struct dots_rlottie_api {
    Lottie_Animation *(*from_data)(const char *data, const char *key, const char *resource_path);
    void (*destroy)(Lottie_Animation *animation);
    void (*get_size)(const Lottie_Animation *animation, size_t *width, size_t *height);
    size_t (*get_totalframe)(const Lottie_Animation *animation);
    double (*get_framerate)(const Lottie_Animation *animation);
    void (*render)(Lottie_Animation *animation, size_t frame, uint32_t *buffer, size_t width, size_t height, size_t bytes_per_line);
    const LOTLayerNode *(*render_tree)(Lottie_Animation *animation, size_t frame, size_t width, size_t height);
};

/* Loads rlottie once per process (thread-safe); NULL when ready, otherwise a one-line reason. Its model cache is
   turned off: rlottie would otherwise hand a later animation the model cached under the same key. */
const char *dots_rlottie_load(void);
/* The table, valid once dots_rlottie_load returned NULL. */
const struct dots_rlottie_api *dots_rlottie(void);

/* The bounding box of what frame `frame` draws, from rlottie's render tree at the canvas size (so geometry beyond
   the canvas counts): every path of a visible layer whose paint is not fully transparent, control points included.
   0 when nothing is drawn; otherwise 1 with the box in canvas units. */
int dots_rlottie_content_box(Lottie_Animation *animation, size_t frame, size_t width, size_t height, float box[4]);

/* Pango's types, opaque here (their headers need glib's include paths). */
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;

/* cairo, pango (through pangocairo) and glib's g_object_unref: what dots-sso draws with. */
struct dots_cairo_api {
    cairo_surface_t *(*image_surface_create)(cairo_format_t format, int width, int height);
    cairo_surface_t *(*image_surface_create_for_data)(unsigned char *data, cairo_format_t format, int width, int height, int stride);
    unsigned char *(*image_surface_get_data)(cairo_surface_t *surface);
    int (*image_surface_get_width)(cairo_surface_t *surface);
    int (*image_surface_get_height)(cairo_surface_t *surface);
    int (*image_surface_get_stride)(cairo_surface_t *surface);
    int (*format_stride_for_width)(cairo_format_t format, int width);
    void (*surface_flush)(cairo_surface_t *surface);
    void (*surface_mark_dirty)(cairo_surface_t *surface);
    void (*surface_destroy)(cairo_surface_t *surface);
    cairo_status_t (*surface_status)(cairo_surface_t *surface);
    cairo_t *(*create)(cairo_surface_t *target);
    void (*destroy)(cairo_t *cr);
    cairo_status_t (*status)(cairo_t *cr);
    void (*save)(cairo_t *cr);
    void (*restore)(cairo_t *cr);
    void (*translate)(cairo_t *cr, double tx, double ty);
    void (*scale)(cairo_t *cr, double sx, double sy);
    void (*set_source_rgba)(cairo_t *cr, double red, double green, double blue, double alpha);
    void (*set_source_surface)(cairo_t *cr, cairo_surface_t *surface, double x, double y);
    cairo_pattern_t *(*get_source)(cairo_t *cr);
    void (*pattern_set_filter)(cairo_pattern_t *pattern, cairo_filter_t filter);
    void (*set_line_width)(cairo_t *cr, double width);
    void (*new_path)(cairo_t *cr);
    void (*move_to)(cairo_t *cr, double x, double y);
    void (*line_to)(cairo_t *cr, double x, double y);
    void (*arc)(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
    void (*close_path)(cairo_t *cr);
    void (*rectangle)(cairo_t *cr, double x, double y, double width, double height);
    void (*fill)(cairo_t *cr);
    void (*stroke)(cairo_t *cr);
    void (*clip)(cairo_t *cr);
    void (*paint)(cairo_t *cr);
    void (*paint_with_alpha)(cairo_t *cr, double alpha);
    void (*set_operator)(cairo_t *cr, cairo_operator_t op);

    PangoLayout *(*pango_create_layout)(cairo_t *cr);
    void (*pango_show_layout)(cairo_t *cr, PangoLayout *layout);
    void (*pango_layout_set_text)(PangoLayout *layout, const char *text, int length);
    void (*pango_layout_set_font_description)(PangoLayout *layout, const PangoFontDescription *description);
    void (*pango_layout_set_width)(PangoLayout *layout, int width);
    void (*pango_layout_set_ellipsize)(PangoLayout *layout, int ellipsize);
    void (*pango_layout_set_alignment)(PangoLayout *layout, int alignment);
    void (*pango_layout_set_single_paragraph_mode)(PangoLayout *layout, int setting);
    void (*pango_layout_set_wrap)(PangoLayout *layout, int wrap);
    void (*pango_layout_get_pixel_size)(PangoLayout *layout, int *width, int *height);
    PangoFontDescription *(*pango_font_description_from_string)(const char *text);
    void (*pango_font_description_set_absolute_size)(PangoFontDescription *description, double size);
    void (*pango_font_description_free)(PangoFontDescription *description);
    void (*g_object_unref)(void *object);
};

/* Pango's constants used through the table above. */
enum { DOTS_PANGO_SCALE = 1024 };
enum { DOTS_PANGO_ELLIPSIZE_END = 3 };
enum { DOTS_PANGO_ALIGN_LEFT = 0, DOTS_PANGO_ALIGN_CENTER = 1, DOTS_PANGO_ALIGN_RIGHT = 2 };
enum { DOTS_PANGO_WRAP_WORD_CHAR = 2 };

/* Loads cairo and pango once per process; NULL when ready, otherwise a one-line reason. */
const char *dots_cairo_load(void);
const struct dots_cairo_api *dots_cairo(void);

/* A PNG file's bytes for an image surface (malloc'd, *length set), or NULL when cairo cannot encode it. */
unsigned char *dots_cairo_png_bytes(cairo_surface_t *surface, size_t *length);
/* An image surface decoded from PNG bytes; check its status (a broken PNG gives an error surface, never NULL once
   cairo is loaded). */
cairo_surface_t *dots_cairo_surface_from_png(const unsigned char *bytes, size_t length);

/* zint's API (called through the helpers below). */
struct dots_zint_api {
    struct zint_symbol *(*create)(void);
    void (*delete_symbol)(struct zint_symbol *symbol);
    int (*encode_and_buffer)(struct zint_symbol *symbol, const unsigned char *source, int length, int rotate_angle);
};

/* Loads zint once per process; NULL when ready, otherwise a one-line reason. */
const char *dots_zint_load(void);

/* A new symbol encoding `length` bytes of `data` (UTF-8) as `symbology` (BARCODE_QRCODE, ...), `scale` pixels per
   module, without human-readable text; *status is zint's result (0 fine, 1-4 warnings, 5+ errors). NULL only when
   zint is not loaded or out of memory. Free with dots_zint_free. */
struct zint_symbol *dots_zint_encode(int symbology, float scale, const unsigned char *data, int length, int *status);
/* The symbol's RGB bitmap (3 bytes a pixel, rows top down), its size, and zint's message for a failed encode. */
const unsigned char *dots_zint_bitmap(const struct zint_symbol *symbol, int *width, int *height);
const char *dots_zint_error(const struct zint_symbol *symbol);
/* The symbol's size in modules (columns and rows). */
void dots_zint_modules(const struct zint_symbol *symbol, int *width, int *rows);
void dots_zint_free(struct zint_symbol *symbol);

/* ICU (Debian's libicu72, or any ICU from 60 to 90), loaded the first time a pass field's date or number is
   formatted for a picture, as Wallet does for the viewer's language: the binary itself carries no locale data.
   NULL when ready, otherwise a one-line reason. */
const char *dots_icu_load(void);

/* `milliseconds` since 1970 in ICU's date and time styles (-1 none, 0 full, 1 long, 2 medium, 3 short) for
   `locale` ("fr_FR"), in the zone `zone` ("GMT+01:00"; NULL for the machine's), as UTF-8 in `out`. Its length,
   or -1 when ICU is missing or refuses. */
int dots_icu_format_date(double milliseconds, int date_style, int time_style, const char *locale, const char *zone,
                         char *out, int size);

/* `value` in ICU's number style (1 decimal, 2 currency, 3 percent, 4 scientific, 5 spelled out) for `locale`, with
   `currency` (an ISO 4217 code, or NULL), as UTF-8 in `out`. Its length, or -1. */
int dots_icu_format_number(double value, int style, const char *currency, const char *locale, char *out, int size);

#endif
