#include "dots_pictures.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Opens the first of `names` that loads; NULL with `error` set (naming the Debian package) when none does. */
static void *open_library(const char *const *names, size_t count, const char *package, char *error, size_t size) {
    for (size_t i = 0; i < count; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) return library;
    }
    const char *why = dlerror();
    snprintf(error, size, "%s could not be loaded (%s); install it (Debian: apt-get install %s)", names[0],
             why != NULL ? why : "not found", package);
    return NULL;
}

/* Resolves each of `count` names into consecutive pointer slots; 0 with `error` set when one is missing. */
static int resolve_all(void *library, void **slots, const char *const *names, size_t count, const char *library_name,
                       char *error, size_t size) {
    for (size_t i = 0; i < count; i++) {
        slots[i] = dlsym(library, names[i]);
        if (slots[i] == NULL) {
            snprintf(error, size, "the %s found lacks %s", library_name, names[i]);
            return 0;
        }
    }
    return 1;
}

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* ---- rlottie ---- */

static struct dots_rlottie_api rlottie_api;
static pthread_once_t rlottie_once = PTHREAD_ONCE_INIT;
static char rlottie_error[512];
static int rlottie_loaded;

static const char *const rlottie_names[] = {
    "lottie_animation_from_data", "lottie_animation_destroy", "lottie_animation_get_size",
    "lottie_animation_get_totalframe", "lottie_animation_get_framerate", "lottie_animation_render", "lottie_animation_render_tree",
};
_Static_assert(sizeof(struct dots_rlottie_api) == sizeof(void *) * COUNT(rlottie_names), "one name per rlottie slot");

static void load_rlottie(void) {
    static const char *const libraries[] = {"librlottie.so.0-1", "librlottie.so.0", "librlottie.so"};
    void *library = open_library(libraries, COUNT(libraries), "librlottie0-1", rlottie_error, sizeof rlottie_error);
    if (library == NULL) return;
    if (!resolve_all(library, (void **)&rlottie_api, rlottie_names, COUNT(rlottie_names), "rlottie", rlottie_error,
                     sizeof rlottie_error)) return;
    /* rlottie::configureModelCacheSize(size_t): C++ only in 0.1; 0 turns the model cache off. */
    void (*configure_cache)(size_t) = (void (*)(size_t))dlsym(library, "_ZN7rlottie23configureModelCacheSizeEm");
    if (configure_cache == NULL) configure_cache = (void (*)(size_t))dlsym(library, "lottie_configure_model_cache_size");
    if (configure_cache != NULL) configure_cache(0);
    rlottie_loaded = 1;
}

const char *dots_rlottie_load(void) {
    pthread_once(&rlottie_once, load_rlottie);
    return rlottie_loaded ? NULL : rlottie_error;
}

const struct dots_rlottie_api *dots_rlottie(void) { return &rlottie_api; }

static void grow_box(const float *points, size_t count, float box[4], int *found) {
    for (size_t i = 0; i + 1 < count; i += 2) { /* count is of floats: x, y, x, y, ... */
        float x = points[i], y = points[i + 1];
        if (!*found) {
            box[0] = box[2] = x;
            box[1] = box[3] = y;
            *found = 1;
        }
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
    }
}

static void layer_box(const LOTLayerNode *layer, float box[4], int *found, int depth) {
    if (layer == NULL || !layer->mVisible || layer->mAlpha == 0 || depth > 64) return;
    for (size_t i = 0; i < layer->mNodeList.size; i++) {
        const LOTNode *node = layer->mNodeList.ptr[i];
        if (node == NULL) continue;
        int painted = node->mBrushType == BrushGradient || node->mColor.a > 0 || node->mImageInfo.data != NULL;
        if (painted) grow_box(node->mPath.ptPtr, node->mPath.ptCount, box, found);
    }
    for (size_t i = 0; i < layer->mLayerList.size; i++) layer_box(layer->mLayerList.ptr[i], box, found, depth + 1);
}

int dots_rlottie_content_box(Lottie_Animation *animation, size_t frame, size_t width, size_t height, float box[4]) {
    if (dots_rlottie_load() != NULL) return 0;
    const LOTLayerNode *root = rlottie_api.render_tree(animation, frame, width, height);
    int found = 0;
    layer_box(root, box, &found, 0);
    return found;
}

/* ---- cairo and pango ---- */

static struct dots_cairo_api cairo_api;
static pthread_once_t cairo_once = PTHREAD_ONCE_INIT;
static char cairo_error[512];
static int cairo_loaded;

static const char *const cairo_names[] = {
    "cairo_image_surface_create", "cairo_image_surface_create_for_data", "cairo_image_surface_get_data",
    "cairo_image_surface_get_width", "cairo_image_surface_get_height", "cairo_image_surface_get_stride",
    "cairo_format_stride_for_width", "cairo_surface_flush", "cairo_surface_mark_dirty", "cairo_surface_destroy",
    "cairo_surface_status", "cairo_create", "cairo_destroy", "cairo_status", "cairo_save", "cairo_restore",
    "cairo_translate", "cairo_scale", "cairo_set_source_rgba", "cairo_set_source_surface", "cairo_get_source",
    "cairo_pattern_set_filter", "cairo_set_line_width", "cairo_new_path", "cairo_move_to", "cairo_line_to",
    "cairo_arc", "cairo_close_path", "cairo_rectangle", "cairo_fill", "cairo_stroke", "cairo_clip", "cairo_paint",
    "cairo_paint_with_alpha", "cairo_set_operator",
};
static const char *const pangocairo_names[] = {"pango_cairo_create_layout", "pango_cairo_show_layout"};
static const char *const pango_names[] = {
    "pango_layout_set_text", "pango_layout_set_font_description", "pango_layout_set_width",
    "pango_layout_set_ellipsize", "pango_layout_set_alignment", "pango_layout_set_single_paragraph_mode",
    "pango_layout_set_wrap", "pango_layout_get_pixel_size", "pango_font_description_from_string",
    "pango_font_description_set_absolute_size", "pango_font_description_free",
};
static const char *const gobject_names[] = {"g_object_unref"};
_Static_assert(sizeof(struct dots_cairo_api) == sizeof(void *) * (COUNT(cairo_names) + COUNT(pangocairo_names)
                                                                   + COUNT(pango_names) + COUNT(gobject_names)),
               "one name per cairo/pango slot");

/* PNG reading and writing, resolved with the rest of cairo. */
static cairo_status_t (*write_to_png_stream)(cairo_surface_t *, cairo_write_func_t, void *);
static cairo_surface_t *(*create_from_png_stream)(cairo_read_func_t, void *);

static void load_cairo(void) {
    static const char *const cairo_libraries[] = {"libcairo.so.2", "libcairo.so"};
    static const char *const pangocairo_libraries[] = {"libpangocairo-1.0.so.0", "libpangocairo-1.0.so"};
    static const char *const pango_libraries[] = {"libpango-1.0.so.0", "libpango-1.0.so"};
    static const char *const gobject_libraries[] = {"libgobject-2.0.so.0", "libgobject-2.0.so"};
    void **slots = (void **)&cairo_api;
    void *cairo = open_library(cairo_libraries, COUNT(cairo_libraries), "libcairo2", cairo_error, sizeof cairo_error);
    if (cairo == NULL || !resolve_all(cairo, slots, cairo_names, COUNT(cairo_names), "cairo", cairo_error, sizeof cairo_error)) return;
    slots += COUNT(cairo_names);
    void *pangocairo = open_library(pangocairo_libraries, COUNT(pangocairo_libraries), "libpangocairo-1.0-0", cairo_error, sizeof cairo_error);
    if (pangocairo == NULL || !resolve_all(pangocairo, slots, pangocairo_names, COUNT(pangocairo_names), "pangocairo", cairo_error, sizeof cairo_error)) return;
    slots += COUNT(pangocairo_names);
    void *pango = open_library(pango_libraries, COUNT(pango_libraries), "libpango-1.0-0", cairo_error, sizeof cairo_error);
    if (pango == NULL || !resolve_all(pango, slots, pango_names, COUNT(pango_names), "pango", cairo_error, sizeof cairo_error)) return;
    slots += COUNT(pango_names);
    void *gobject = open_library(gobject_libraries, COUNT(gobject_libraries), "libglib2.0-0", cairo_error, sizeof cairo_error);
    if (gobject == NULL || !resolve_all(gobject, slots, gobject_names, COUNT(gobject_names), "gobject", cairo_error, sizeof cairo_error)) return;
    write_to_png_stream = (cairo_status_t(*)(cairo_surface_t *, cairo_write_func_t, void *))dlsym(cairo, "cairo_surface_write_to_png_stream");
    create_from_png_stream = (cairo_surface_t * (*)(cairo_read_func_t, void *)) dlsym(cairo, "cairo_image_surface_create_from_png_stream");
    if (write_to_png_stream == NULL || create_from_png_stream == NULL) {
        snprintf(cairo_error, sizeof cairo_error, "the cairo found was built without PNG support");
        return;
    }
    cairo_loaded = 1;
}

const char *dots_cairo_load(void) {
    pthread_once(&cairo_once, load_cairo);
    return cairo_loaded ? NULL : cairo_error;
}

const struct dots_cairo_api *dots_cairo(void) { return &cairo_api; }

struct growing_buffer {
    unsigned char *bytes;
    size_t length, capacity;
};

static cairo_status_t append_png(void *closure, const unsigned char *data, unsigned int length) {
    struct growing_buffer *buffer = closure;
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) return CAIRO_STATUS_NO_MEMORY;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return CAIRO_STATUS_SUCCESS;
}

unsigned char *dots_cairo_png_bytes(cairo_surface_t *surface, size_t *length) {
    struct growing_buffer buffer = {NULL, 0, 0};
    if (dots_cairo_load() != NULL || write_to_png_stream(surface, append_png, &buffer) != CAIRO_STATUS_SUCCESS) {
        free(buffer.bytes);
        return NULL;
    }
    *length = buffer.length;
    return buffer.bytes;
}

struct reading {
    const unsigned char *bytes;
    size_t length, offset;
};

static cairo_status_t read_png(void *closure, unsigned char *data, unsigned int length) {
    struct reading *reading = closure;
    if (reading->length - reading->offset < length) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, reading->bytes + reading->offset, length);
    reading->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *dots_cairo_surface_from_png(const unsigned char *bytes, size_t length) {
    if (dots_cairo_load() != NULL) return NULL;
    struct reading reading = {bytes, length, 0};
    return create_from_png_stream(read_png, &reading);
}

/* ---- zint ---- */

static struct dots_zint_api zint_api;
static pthread_once_t zint_once = PTHREAD_ONCE_INIT;
static char zint_error[512];
static int zint_loaded;

static const char *const zint_names[] = {"ZBarcode_Create", "ZBarcode_Delete", "ZBarcode_Encode_and_Buffer"};
_Static_assert(sizeof(struct dots_zint_api) == sizeof(void *) * COUNT(zint_names), "one name per zint slot");

static void load_zint(void) {
    static const char *const libraries[] = {"libzint.so.2.11", "libzint.so.2.12", "libzint.so.2.13", "libzint.so"};
    void *library = open_library(libraries, COUNT(libraries), "libzint2.11", zint_error, sizeof zint_error);
    if (library == NULL) return;
    /* struct zint_symbol is read field by field, as 2.11-2.13 lay it out: another version behind the unversioned
       libzint.so (Ubuntu 22.04's 2.10) is refused by name, never read at the wrong offsets. */
    int (*version)(void) = (int (*)(void))dlsym(library, "ZBarcode_Version");
    int found = version != NULL ? version() : 0;
    if (found < 21100 || found >= 21400) {
        snprintf(zint_error, sizeof zint_error,
                 "zint %d.%d.%d is installed, but dots-sso reads zint 2.11 to 2.13 only (apt-get install libzint2.11; "
                 "Ubuntu 22.04 has 2.10: use Debian 12 or Ubuntu 24.04)",
                 found / 10000, found / 100 % 100, found / 10 % 10);
        return;
    }
    if (!resolve_all(library, (void **)&zint_api, zint_names, COUNT(zint_names), "zint", zint_error, sizeof zint_error)) return;
    zint_loaded = 1;
}

const char *dots_zint_load(void) {
    pthread_once(&zint_once, load_zint);
    return zint_loaded ? NULL : zint_error;
}

struct zint_symbol *dots_zint_encode(int symbology, float scale, const unsigned char *data, int length, int *status) {
    if (dots_zint_load() != NULL) return NULL;
    struct zint_symbol *symbol = zint_api.create();
    if (symbol == NULL) return NULL;
    symbol->symbology = symbology;
    symbol->scale = scale;
    symbol->show_hrt = 0;
    symbol->input_mode = UNICODE_MODE;
    *status = zint_api.encode_and_buffer(symbol, data, length, 0);
    return symbol;
}

const unsigned char *dots_zint_bitmap(const struct zint_symbol *symbol, int *width, int *height) {
    *width = symbol->bitmap_width;
    *height = symbol->bitmap_height;
    return symbol->bitmap;
}

const char *dots_zint_error(const struct zint_symbol *symbol) { return symbol->errtxt; }

void dots_zint_modules(const struct zint_symbol *symbol, int *width, int *rows) {
    *width = symbol->width;
    *rows = symbol->rows;
}

void dots_zint_free(struct zint_symbol *symbol) {
    if (symbol != NULL) zint_api.delete_symbol(symbol);
}
