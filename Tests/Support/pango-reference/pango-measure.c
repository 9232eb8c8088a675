/*
 * pango-measure: an independent reference for TextMetrics, built on Pango (PangoFT2, no cairo).
 *
 * Reads JSON Lines requests on stdin in the format of `textmetrics measure --jsonl`
 *   {"id", "text", "font": name | [names], "faceIndex", "size", "width", "height",
 *    "numberOfLines", "lineBreakMode"}
 * and writes one JSON line per request, in order:
 *   {"id", "lineCount", "width", "height",
 *    "lines": [{"start", "length", "width", "height", "ascent", "descent"}]}
 * A request with "breaks": true is also answered with Pango's line break opportunities (its
 * log attributes' is_line_break, libthai's dictionary for Thai), as UTF-8 offsets after 0:
 *   "breaks": [offset, ...]
 * Offsets are UTF-8 byte offsets (Pango's PangoLayoutLine start_index / length; Pango leaves a
 * line's paragraph separator out of its length). Sizes are in points.
 *
 * Setup, so that the numbers mean the same as TextMetrics' unhinted HarfBuzz measurement:
 *  - a private fontconfig configuration (fonts.conf beside this file, a template) holding only the
 *    repository's Fonts folder, parsed into a fresh FcConfig, its cache in a temporary directory
 *    removed at exit: no system font can leak in (`--list-fonts` shows what the config holds);
 *    it is also made fontconfig's current configuration, since PangoFT2 substitutes patterns
 *    with the current one (FcConfigSubstitute(NULL, …)): otherwise the system's rules would
 *    still apply (Debian's 45-generic.conf and 60-generic.conf prefer a color font for every
 *    character whenever a family list names an emoji font, so digits, spaces, # and * went to
 *    Noto Color Emoji ahead of the chain's first font);
 *  - hinting off (fontconfig hinting=false, hintstyle=hintnone, in the config and again in the
 *    font map's default substitute), glyph positions not rounded
 *    (pango_context_set_round_glyph_positions(ctx, FALSE));
 *  - PangoFT2 at 72 × 72 dpi, so 1 pt = 1 px, and the font size set as an absolute size;
 *  - hyphen insertion off (pango_attr_insert_hyphens_new(FALSE)): UIKit does not add a hyphen
 *    when it breaks a long word between graphemes, Pango (>= 1.44) would by default;
 *  - wrap mode PANGO_WRAP_WORD_CHAR for wordWrap (break at words, a word wider than the line at
 *    grapheme boundaries), PANGO_WRAP_CHAR for charWrap. Other modes are answered with an error.
 *
 * Font names: the bundled file names (with or without a folder or extension) map to the families
 * fontconfig reports for them; a chain becomes a Pango family list ("Roboto,Noto Color Emoji"),
 * and Pango then falls back on its own, within the private configuration only.
 *
 * Build: scripts/build-pango-reference.sh (output .build-pango/pango-measure).
 * Usage: pango-measure [--fonts DIR] [--config TEMPLATE] [--list-fonts] < requests.jsonl
 *   Defaults: DIR = <repo>/Fonts and TEMPLATE = <repo>/Tests/Support/pango-reference/fonts.conf,
 *   <repo> being the parent of the folder holding the executable (or $PANGO_MEASURE_FONTS and
 *   $PANGO_MEASURE_CONFIG when set).
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdarg.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <json-glib/json-glib.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

static char temp_dir[PATH_MAX];

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw) {
    (void)sb; (void)flag; (void)ftw;
    return remove(path);
}

static void remove_temp_dir(void) {
    if (temp_dir[0]) nftw(temp_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void die(const char *fmt, const char *arg) {
    fprintf(stderr, "pango-measure: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    remove_temp_dir();
    exit(2);
}

/* ---- the private fontconfig configuration ---- */

static char *replace_all(const char *text, const char *pattern, const char *replacement) {
    GString *out = g_string_new(NULL);
    size_t plen = strlen(pattern);
    const char *p = text, *hit;
    while ((hit = strstr(p, pattern)) != NULL) {
        g_string_append_len(out, p, hit - p);
        g_string_append(out, replacement);
        p = hit + plen;
    }
    g_string_append(out, p);
    return g_string_free(out, FALSE);
}

static FcConfig *make_private_config(const char *fonts_dir, const char *template_path) {
    gchar *template_text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(template_path, &template_text, NULL, &error))
        die("cannot read the fontconfig template: %s", error->message);

    char pattern[] = "/tmp/pango-measure-XXXXXX";
    if (!mkdtemp(pattern)) die("cannot create a temporary directory: %s", strerror(errno));
    snprintf(temp_dir, sizeof temp_dir, "%s", pattern);
    atexit(remove_temp_dir);
    char cache_dir[PATH_MAX];
    g_snprintf(cache_dir, sizeof cache_dir, "%s/fontconfig-cache", temp_dir);

    gchar *escaped_fonts = g_markup_escape_text(fonts_dir, -1);
    gchar *escaped_cache = g_markup_escape_text(cache_dir, -1);
    char *step = replace_all(template_text, "@FONTS_DIR@", escaped_fonts);
    char *config_text = replace_all(step, "@CACHE_DIR@", escaped_cache);

    FcConfig *config = FcConfigCreate();  /* empty: no system configuration, no system fonts */
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)config_text, FcTrue))
        die("cannot parse the fontconfig template %s", template_path);
    if (!FcConfigBuildFonts(config)) die("fontconfig could not build the font list for %s", fonts_dir);
    FcFontSet *set = FcConfigGetFonts(config, FcSetSystem);
    if (!set || set->nfont == 0) die("no fonts found in %s", fonts_dir);

    g_free(template_text); g_free(escaped_fonts); g_free(escaped_cache);
    free(step); free(config_text);
    return config;
}

static void list_fonts(FcConfig *config) {
    FcSetName sets[] = { FcSetSystem, FcSetApplication };
    for (int s = 0; s < 2; s++) {
        FcFontSet *set = FcConfigGetFonts(config, sets[s]);
        for (int i = 0; set && i < set->nfont; i++) {
            FcChar8 *text = FcPatternFormat(set->fonts[i],
                (const FcChar8 *)"%{file} #%{index}: %{family} | %{style} | weight %{weight}\n");
            fputs((const char *)text, stdout);
            FcStrFree(text);
        }
    }
}

/* Belt and braces: also force unhinted patterns in every fontset key Pango builds. */
static void unhinted_substitute(FcPattern *pattern, gpointer data) {
    (void)data;
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternDel(pattern, FC_HINT_STYLE);
    FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
    FcPatternDel(pattern, FC_AUTOHINT);
    FcPatternAddBool(pattern, FC_AUTOHINT, FcFalse);
}

/* ---- font names ---- */

typedef struct { const char *name; const char *family; int weight; } FontName;

static const FontName bundled[] = {
    { "Roboto-Regular", "Roboto", PANGO_WEIGHT_NORMAL },
    { "Roboto-Medium", "Roboto", PANGO_WEIGHT_MEDIUM },  /* 500: fontconfig picks Roboto-Medium.ttf */
    { "wqy-microhei", "WenQuanYi Micro Hei", PANGO_WEIGHT_NORMAL },
    { "NotoSansArabic-Regular", "Noto Sans Arabic", PANGO_WEIGHT_NORMAL },
    { "NotoSansHebrew-Regular", "Noto Sans Hebrew", PANGO_WEIGHT_NORMAL },
    { "NotoColorEmoji", "Noto Color Emoji", PANGO_WEIGHT_NORMAL },
    { "NotoSansThai-Regular", "Noto Sans Thai", PANGO_WEIGHT_NORMAL },
    { "NotoSansLao-Regular", "Noto Sans Lao", PANGO_WEIGHT_NORMAL },
    { "NotoSansKhmer-Regular", "Noto Sans Khmer", PANGO_WEIGHT_NORMAL },
    { "NotoSansMyanmar-Regular", "Noto Sans Myanmar", PANGO_WEIGHT_NORMAL },
};

/* "Fonts/Roboto-Regular.ttf" and "Roboto-Regular" both name the bundled Roboto Regular. */
static const FontName *lookup_font(const char *name) {
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    size_t len = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && (!strcmp(dot, ".ttf") || !strcmp(dot, ".ttc") || !strcmp(dot, ".otf"))) len = dot - base;
    for (size_t i = 0; i < G_N_ELEMENTS(bundled); i++)
        if (strlen(bundled[i].name) == len && !strncmp(bundled[i].name, base, len)) return &bundled[i];
    return NULL;
}

/* ---- reading a request ---- */

/* When set (--line-height-attribute), lineHeightMultiple is laid out with
 * pango_attr_line_height_new (CSS-like: each run's logical height times the factor, the extra
 * split half above and half below) instead of pango_layout_set_line_spacing. */
static gboolean multiple_as_attribute = FALSE;

/* Keeps the first error of a request (later ones are dropped); always returns FALSE. */
static gboolean fail(GString *error, const char *format, ...) G_GNUC_PRINTF(2, 3);
static gboolean fail(GString *error, const char *format, ...) {
    if (error->len == 0) {
        va_list args;
        va_start(args, format);
        g_string_append_vprintf(error, format, args);
        va_end(args);
    }
    return FALSE;
}

/* A member of an object; a member holding null is the same as an absent one. */
static JsonNode *member(JsonObject *object, const char *name) {
    JsonNode *node = json_object_get_member(object, name);
    return node && JSON_NODE_HOLDS_NULL(node) ? NULL : node;
}

static gboolean holds_type(JsonNode *node, GType type) {
    return node && JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == type;
}

static gboolean holds_number(JsonNode *node) {
    return holds_type(node, G_TYPE_DOUBLE) || holds_type(node, G_TYPE_INT64);
}

/* Lengths and sizes are kept in Pango units (1/1024 pt) in 32-bit integers. */
#define MAX_POINTS 1000000.0

/* A finite number member of at most MAX_POINTS in magnitude, or `fallback` when absent. */
static gboolean read_number(JsonObject *object, const char *name, const char *field, double fallback,
                            double *value, GString *error) {
    JsonNode *node = member(object, name);
    *value = fallback;
    if (!node) return TRUE;
    if (!holds_number(node) || !isfinite(json_node_get_double(node)))
        return fail(error, "%s must be a number", field);
    *value = json_node_get_double(node);
    if (fabs(*value) > MAX_POINTS) return fail(error, "%s must be at most %.0f in magnitude", field, MAX_POINTS);
    return TRUE;
}

/* A finite number member, or `fallback` when absent; anything else clears *ok. */
static double loose_number(JsonObject *object, const char *name, double fallback, gboolean *ok) {
    JsonNode *node = member(object, name);
    if (!node) return fallback;
    if (!holds_number(node) || !isfinite(json_node_get_double(node))) {
        *ok = FALSE;
        return fallback;
    }
    return json_node_get_double(node);
}

/* Only the fields in `known` (NULL-terminated) may appear in `object`. */
static gboolean check_fields(JsonObject *object, const char *const *known, const char *where, GString *error) {
    GList *names = json_object_get_members(object);
    gboolean ok = TRUE;
    for (GList *item = names; item && ok; item = item->next) {
        gboolean found = FALSE;
        for (const char *const *k = known; *k && !found; k++) found = !strcmp(*k, item->data);
        if (!found) ok = fail(error, "%s: unknown field '%s'", where, (const char *)item->data);
    }
    g_list_free(names);
    return ok;
}

/* A font name or an array of names → a Pango family list ("Roboto,Noto Color Emoji") and the
 * first font's weight. `face_index` applies to the first font (wqy-microhei.ttc #1 is the Mono
 * face), as in TextMetrics. `field` names the member in errors ("font", "spans[1].font"). */
static gboolean read_fonts(JsonNode *node, int face_index, const char *field, GString *families, int *weight,
                           GString *error) {
    GPtrArray *names = g_ptr_array_new();
    gboolean ok = TRUE;
    if (holds_type(node, G_TYPE_STRING)) {
        g_ptr_array_add(names, (gpointer)json_node_get_string(node));
    } else if (node && JSON_NODE_HOLDS_ARRAY(node)) {
        JsonArray *array = json_node_get_array(node);
        for (guint i = 0; i < json_array_get_length(array) && ok; i++) {
            JsonNode *item = json_array_get_element(array, i);
            if (!holds_type(item, G_TYPE_STRING)) ok = FALSE;
            else g_ptr_array_add(names, (gpointer)json_node_get_string(item));
        }
    } else {
        ok = FALSE;
    }
    if (!ok || names->len == 0) {
        g_ptr_array_free(names, TRUE);
        return fail(error, "%s must be a name or an array of names", field);
    }
    gboolean top = !strcmp(field, "font");  /* the request's own font keeps its old messages */
    for (guint i = 0; i < names->len && ok; i++) {
        const char *name = g_ptr_array_index(names, i);
        const FontName *font = lookup_font(name);
        if (!font) {
            ok = fail(error, "%s%sunknown font '%s' (the Pango reference knows only the bundled fonts)",
                      top ? "" : field, top ? "" : ": ", name);
            break;
        }
        if (i > 0) g_string_append_c(families, ',');
        g_string_append(families, font->family);
        if (i == 0 && face_index == 1 && !strcmp(font->name, "wqy-microhei")) g_string_append(families, " Mono");
        if (i == 0) *weight = font->weight;
    }
    g_ptr_array_free(names, TRUE);
    return ok;
}

/* A BCP 47 tag as far as Pango needs one: letters, digits and hyphens. */
static gboolean read_language(JsonNode *node, const char *field, const char **language, GString *error) {
    if (!holds_type(node, G_TYPE_STRING)) return fail(error, "%s must be a language tag (a string)", field);
    const char *tag = json_node_get_string(node);
    gboolean ok = tag[0] != '\0';
    for (const char *p = tag; *p && ok; p++) ok = g_ascii_isalnum(*p) || *p == '-' || *p == '_';
    if (!ok) return fail(error, "%s must be a BCP 47 language tag, got \"%s\"", field, tag);
    *language = tag;
    return TRUE;
}

/* ---- offsets ---- */

typedef enum { UNIT_UTF8, UNIT_UTF16, UNIT_SCALARS } OffsetUnit;
static const char *const unit_names[] = { "utf8", "utf16", "scalars" };

/* The UTF-8 byte offset of an offset given in `unit`: a whole number from 0 to the text's
 * length in that unit, on a character boundary (not inside a UTF-8 sequence or a UTF-16
 * surrogate pair). */
static gboolean read_offset(JsonNode *node, const char *text, int length, OffsetUnit unit, const char *field,
                            int *offset, GString *error) {
    if (!holds_type(node, G_TYPE_INT64)) return fail(error, "%s must be a whole number", field);
    gint64 given = json_node_get_int(node);
    if (given < 0) return fail(error, "%s must be 0 or more, got %" G_GINT64_FORMAT, field, given);
    if (unit == UNIT_UTF8) {
        if (given > length)
            return fail(error, "%s: %" G_GINT64_FORMAT " is past the text's end (%d UTF-8 bytes)", field, given, length);
        if (given < length && (text[given] & 0xC0) == 0x80)
            return fail(error, "%s: %" G_GINT64_FORMAT " is inside a UTF-8 sequence", field, given);
        *offset = (int)given;
        return TRUE;
    }
    gint64 units = 0;
    const char *p = text, *end = text + length;
    while (units < given && p < end) {
        gunichar c = g_utf8_get_char(p);
        units += (unit == UNIT_UTF16 && c > 0xFFFF) ? 2 : 1;
        p = g_utf8_next_char(p);
    }
    if (units < given)
        return fail(error, "%s: %" G_GINT64_FORMAT " is past the text's end (%" G_GINT64_FORMAT " %s)", field, given,
                    units, unit == UNIT_UTF16 ? "UTF-16 code units" : "scalars");
    if (units > given) return fail(error, "%s: %" G_GINT64_FORMAT " is inside a surrogate pair", field, given);
    *offset = (int)(p - text);
    return TRUE;
}

/* ---- spans and attachments ---- */

/* What one span sets; an attribute it leaves out keeps what was there. */
typedef struct {
    int start, end;          /* UTF-8 */
    GString *families;       /* NULL: not set */
    int weight;
    double size;             /* 0: not set */
    gboolean has_kern;
    double kern;             /* points */
    GString *features;       /* NULL: not set; "": none (a later span can clear an earlier one's) */
    const char *language;    /* NULL: not set */
} Span;

/* What a stretch of text is shaped with, every span applied in order over the request's defaults. */
typedef struct {
    const char *families;
    int weight;
    double size, kern;
    const char *features, *language;
} Style;

typedef struct { int offset; double width, ascent, descent; } Attachment;

static void free_spans(GArray *spans) {
    for (guint i = 0; i < spans->len; i++) {
        Span *span = &g_array_index(spans, Span, i);
        if (span->families) g_string_free(span->families, TRUE);
        if (span->features) g_string_free(span->features, TRUE);
    }
    g_array_free(spans, TRUE);
}

static const char *const span_fields[] = { "start", "end", "font", "size", "kern", "features", "language", NULL };

static gboolean read_span(JsonNode *node, guint index, const char *text, int length, OffsetUnit unit, Span *span,
                          GString *error) {
    char field[64];
    g_snprintf(field, sizeof field, "spans[%u]", index);
    if (!node || !JSON_NODE_HOLDS_OBJECT(node)) return fail(error, "%s must be an object", field);
    JsonObject *object = json_node_get_object(node);
    if (!check_fields(object, span_fields, field, error)) return FALSE;
    char name[96];
    span->start = 0;
    span->end = length;
    JsonNode *start = member(object, "start"), *end = member(object, "end");
    g_snprintf(name, sizeof name, "%s.start", field);
    if (start && !read_offset(start, text, length, unit, name, &span->start, error)) return FALSE;
    g_snprintf(name, sizeof name, "%s.end", field);
    if (end && !read_offset(end, text, length, unit, name, &span->end, error)) return FALSE;
    if (span->start > span->end) return fail(error, "%s: start is after end", field);
    JsonNode *font = member(object, "font");
    if (font) {
        span->families = g_string_new(NULL);
        g_snprintf(name, sizeof name, "%s.font", field);
        if (!read_fonts(font, 0, name, span->families, &span->weight, error)) return FALSE;
    }
    g_snprintf(name, sizeof name, "%s.size", field);
    if (!read_number(object, "size", name, 0, &span->size, error)) return FALSE;
    if (member(object, "size") && !(span->size > 0)) return fail(error, "%s must be a positive number", name);
    g_snprintf(name, sizeof name, "%s.kern", field);
    span->has_kern = member(object, "kern") != NULL;
    if (!read_number(object, "kern", name, 0, &span->kern, error)) return FALSE;
    JsonNode *features = member(object, "features");
    if (features) {
        g_snprintf(name, sizeof name, "%s.features", field);
        if (!JSON_NODE_HOLDS_OBJECT(features))
            return fail(error, "%s must be an object of tags and values, e.g. {\"liga\": 0}", name);
        span->features = g_string_new(NULL);
        GList *tags = json_object_get_members(json_node_get_object(features));
        gboolean ok = TRUE;
        for (GList *item = tags; item && ok; item = item->next) {
            const char *tag = item->data;
            gboolean printable = strlen(tag) == 4;
            for (int i = 0; i < 4 && printable; i++) printable = tag[i] >= 0x20 && tag[i] <= 0x7E;
            JsonNode *value = json_object_get_member(json_node_get_object(features), tag);
            if (!printable) ok = fail(error, "%s: '%s' is not a tag of four printable ASCII characters", name, tag);
            else if (!holds_type(value, G_TYPE_INT64) || json_node_get_int(value) < 0
                     || json_node_get_int(value) > G_MAXUINT32)
                ok = fail(error, "%s.%s must be a whole number, 0 or more", name, tag);
            else
                g_string_append_printf(span->features, "%s%s=%" G_GINT64_FORMAT, span->features->len ? "," : "", tag,
                                       json_node_get_int(value));
        }
        g_list_free(tags);
        if (!ok) return FALSE;
    }
    JsonNode *language = member(object, "language");
    g_snprintf(name, sizeof name, "%s.language", field);
    if (language && !read_language(language, name, &span->language, error)) return FALSE;
    return TRUE;
}

static const char *const attachment_fields[] = { "offset", "width", "ascent", "descent", NULL };

static gboolean read_attachment(JsonNode *node, guint index, const char *text, int length, OffsetUnit unit,
                                GArray *attachments, GString *error) {
    char field[64], name[96];
    g_snprintf(field, sizeof field, "attachments[%u]", index);
    if (!node || !JSON_NODE_HOLDS_OBJECT(node)) return fail(error, "%s must be an object", field);
    JsonObject *object = json_node_get_object(node);
    if (!check_fields(object, attachment_fields, field, error)) return FALSE;
    Attachment attachment = { 0 };
    g_snprintf(name, sizeof name, "%s.offset", field);
    JsonNode *offset = member(object, "offset");
    if (!offset) return fail(error, "%s is missing", name);
    if (!read_offset(offset, text, length, unit, name, &attachment.offset, error)) return FALSE;
    if (attachment.offset + 3 > length || g_utf8_get_char(text + attachment.offset) != 0xFFFC)
        return fail(error, "%s: there is no U+FFFC at %" G_GINT64_FORMAT, name, json_node_get_int(offset));
    for (guint i = 0; i < attachments->len; i++)
        if (g_array_index(attachments, Attachment, i).offset == attachment.offset)
            return fail(error, "%s: another attachment is at %" G_GINT64_FORMAT, name, json_node_get_int(offset));
    g_snprintf(name, sizeof name, "%s.width", field);
    if (!read_number(object, "width", name, 0, &attachment.width, error)) return FALSE;
    if (attachment.width < 0) return fail(error, "%s must be 0 or more", name);
    g_snprintf(name, sizeof name, "%s.ascent", field);
    if (!read_number(object, "ascent", name, 0, &attachment.ascent, error)) return FALSE;
    g_snprintf(name, sizeof name, "%s.descent", field);
    if (!read_number(object, "descent", name, 0, &attachment.descent, error)) return FALSE;
    g_array_append_val(attachments, attachment);
    return TRUE;
}

static gboolean same_strings(const char *a, const char *b) {
    return a == b || (a && b && !strcmp(a, b));
}

enum { STYLE_FONT, STYLE_SIZE, STYLE_KERN, STYLE_FEATURES, STYLE_LANGUAGE, STYLE_KINDS };

static gboolean same_style(int kind, const Style *a, const Style *b) {
    switch (kind) {
    case STYLE_FONT: return same_strings(a->families, b->families) && a->weight == b->weight;
    case STYLE_SIZE: return a->size == b->size;
    case STYLE_KERN: return a->kern == b->kern;
    case STYLE_FEATURES: return same_strings(a->features, b->features);
    default: return same_strings(a->language, b->language);
    }
}

static void insert_attribute(PangoAttrList *list, PangoAttribute *attribute, int start, int end) {
    attribute->start_index = start;
    attribute->end_index = end;
    pango_attr_list_insert(list, attribute);
}

/* Pango attributes of one kind for a stretch of `style` (nothing when it is the default). */
static void insert_style(PangoAttrList *list, int kind, const Style *style, int start, int end) {
    switch (kind) {
    case STYLE_FONT:
        insert_attribute(list, pango_attr_family_new(style->families), start, end);
        insert_attribute(list, pango_attr_weight_new(style->weight), start, end);
        break;
    case STYLE_SIZE:
        insert_attribute(list, pango_attr_size_new_absolute((int)lround(style->size * PANGO_SCALE)), start, end);
        break;
    case STYLE_KERN:
        insert_attribute(list, pango_attr_letter_spacing_new((int)lround(style->kern * PANGO_SCALE)), start, end);
        break;
    case STYLE_FEATURES:
        if (style->features && style->features[0])
            insert_attribute(list, pango_attr_font_features_new(style->features), start, end);
        break;
    default:
        if (style->language)
            insert_attribute(list, pango_attr_language_new(pango_language_from_string(style->language)), start, end);
        break;
    }
}

static int compare_ints(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The spans resolved into stretches of one style each (every span applied over the defaults
 * in the order given: a later span wins where spans overlap, attribute by attribute), then
 * written as Pango attributes that never overlap one of their kind, each kind over maximal
 * stretches of one value (so an attribute boundary splits a Pango item only where that
 * attribute changes). Pango itself would let the span that *starts* later win. */
static void insert_spans(PangoAttrList *list, GArray *spans, const Style *defaults, int length) {
    GArray *cuts = g_array_new(FALSE, FALSE, sizeof(int));
    int zero = 0;
    g_array_append_val(cuts, zero);
    g_array_append_val(cuts, length);
    for (guint i = 0; i < spans->len; i++) {
        Span *span = &g_array_index(spans, Span, i);
        if (span->start == span->end) continue;
        g_array_append_val(cuts, span->start);
        g_array_append_val(cuts, span->end);
    }
    qsort(cuts->data, cuts->len, sizeof(int), compare_ints);
    int n = 0;
    for (guint i = 0; i < cuts->len; i++)
        if (n == 0 || g_array_index(cuts, int, i) != g_array_index(cuts, int, n - 1))
            g_array_index(cuts, int, n++) = g_array_index(cuts, int, i);
    int pieces = n - 1;
    if (pieces <= 0) { g_array_free(cuts, TRUE); return; }
    Style *styles = g_new(Style, pieces);
    for (int p = 0; p < pieces; p++) {
        int start = g_array_index(cuts, int, p), end = g_array_index(cuts, int, p + 1);
        Style style = *defaults;
        for (guint i = 0; i < spans->len; i++) {
            Span *span = &g_array_index(spans, Span, i);
            if (span->start > start || span->end < end) continue;
            if (span->families) { style.families = span->families->str; style.weight = span->weight; }
            if (span->size > 0) style.size = span->size;
            if (span->has_kern) style.kern = span->kern;
            if (span->features) style.features = span->features->str;
            if (span->language) style.language = span->language;
        }
        styles[p] = style;
    }
    /* The request's own language has no layout-wide setting here: it is written like a span's. */
    Style base = *defaults;
    base.language = NULL;
    for (int kind = 0; kind < STYLE_KINDS; kind++) {
        int first = 0;
        for (int p = 1; p <= pieces; p++) {
            if (p < pieces && same_style(kind, &styles[p], &styles[first])) continue;
            if (!same_style(kind, &styles[first], &base))
                insert_style(list, kind, &styles[first], g_array_index(cuts, int, first), g_array_index(cuts, int, p));
            first = p;
        }
    }
    g_free(styles);
    g_array_free(cuts, TRUE);
}

/* An attachment is a Pango shape attribute over its U+FFFC: logical rectangle x 0, y −ascent,
 * the width, ascent + descent high (the same ink rectangle). */
static void insert_attachments(PangoAttrList *list, GArray *attachments) {
    for (guint i = 0; i < attachments->len; i++) {
        Attachment *a = &g_array_index(attachments, Attachment, i);
        PangoRectangle box = { 0, (int)lround(-a->ascent * PANGO_SCALE), (int)lround(a->width * PANGO_SCALE),
                               (int)lround((a->ascent + a->descent) * PANGO_SCALE) };
        insert_attribute(list, pango_attr_shape_new(&box, &box), a->offset, a->offset + 3);
    }
}

/* ---- paragraph style ---- */

typedef enum { ALIGN_NATURAL, ALIGN_LEFT, ALIGN_RIGHT, ALIGN_CENTER, ALIGN_JUSTIFIED } Alignment;

typedef struct {
    gboolean given;
    double line_spacing, multiple, first_indent, head_indent, tail_indent, tab_interval;
    GArray *tab_stops;   /* double points; NULL: NSParagraphStyle's default (12 left stops, 28 pt apart) */
    Alignment alignment;
} Paragraph;

static const char *const paragraph_fields[] = {
    "lineSpacing", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight", "paragraphSpacing",
    "paragraphSpacingBefore", "firstLineHeadIndent", "headIndent", "tailIndent", "tabStops", "defaultTabInterval",
    "alignment", NULL };

/* NSParagraphStyle fields Pango has no notion of: any value but 0 (the default) is an error. */
static const char *const paragraph_unsupported[][2] = {
    { "minimumLineHeight", "Pango has no minimum line height" },
    { "maximumLineHeight", "Pango has no maximum line height" },
    { "paragraphSpacing", "Pango has no space between paragraphs" },
    { "paragraphSpacingBefore", "Pango has no space between paragraphs" },
};

static gboolean read_paragraph(JsonNode *node, Paragraph *paragraph, GString *error) {
    if (!JSON_NODE_HOLDS_OBJECT(node)) return fail(error, "paragraph must be an object");
    JsonObject *object = json_node_get_object(node);
    if (!check_fields(object, paragraph_fields, "paragraph", error)) return FALSE;
    paragraph->given = TRUE;
    struct { const char *name; double *value; } nonnegative[] = {
        { "lineSpacing", &paragraph->line_spacing }, { "lineHeightMultiple", &paragraph->multiple },
        { "firstLineHeadIndent", &paragraph->first_indent }, { "headIndent", &paragraph->head_indent },
        { "defaultTabInterval", &paragraph->tab_interval },
    };
    char name[64];
    for (size_t i = 0; i < G_N_ELEMENTS(nonnegative); i++) {
        g_snprintf(name, sizeof name, "paragraph.%s", nonnegative[i].name);
        if (!read_number(object, nonnegative[i].name, name, 0, nonnegative[i].value, error)) return FALSE;
        if (*nonnegative[i].value < 0) return fail(error, "%s must be 0 or more", name);
    }
    if (!read_number(object, "tailIndent", "paragraph.tailIndent", 0, &paragraph->tail_indent, error)) return FALSE;
    for (size_t i = 0; i < G_N_ELEMENTS(paragraph_unsupported); i++) {
        double value;
        g_snprintf(name, sizeof name, "paragraph.%s", paragraph_unsupported[i][0]);
        if (!read_number(object, paragraph_unsupported[i][0], name, 0, &value, error)) return FALSE;
        if (value < 0) return fail(error, "%s must be 0 or more", name);
        if (value != 0)
            return fail(error, "%s: %s (the Pango reference answers only what Pango can lay out)", name,
                        paragraph_unsupported[i][1]);
    }
    JsonNode *stops = member(object, "tabStops");
    if (stops) {
        if (!JSON_NODE_HOLDS_ARRAY(stops)) return fail(error, "paragraph.tabStops must be an array of numbers");
        JsonArray *array = json_node_get_array(stops);
        paragraph->tab_stops = g_array_new(FALSE, FALSE, sizeof(double));
        for (guint i = 0; i < json_array_get_length(array); i++) {
            JsonNode *item = json_array_get_element(array, i);
            if (!holds_number(item) || !(json_node_get_double(item) > 0) || !(json_node_get_double(item) <= MAX_POINTS))
                return fail(error, "paragraph.tabStops[%u] must be a positive number of at most %.0f points", i, MAX_POINTS);
            double position = json_node_get_double(item);
            if (i > 0 && !(position > g_array_index(paragraph->tab_stops, double, i - 1)))
                return fail(error, "paragraph.tabStops[%u]: the stops must be in increasing order", i);
            g_array_append_val(paragraph->tab_stops, position);
        }
        if (paragraph->tab_stops->len == 0 && paragraph->tab_interval == 0)
            return fail(error, "paragraph.tabStops: no stops and no defaultTabInterval (Pango would fall back "
                               "to 8 spaces, NSParagraphStyle's behaviour is not documented)");
    }
    JsonNode *alignment = member(object, "alignment");
    if (alignment) {
        const char *value = holds_type(alignment, G_TYPE_STRING) ? json_node_get_string(alignment) : "";
        if (!strcmp(value, "natural")) paragraph->alignment = ALIGN_NATURAL;
        else if (!strcmp(value, "left")) paragraph->alignment = ALIGN_LEFT;
        else if (!strcmp(value, "right")) paragraph->alignment = ALIGN_RIGHT;
        else if (!strcmp(value, "center") || !strcmp(value, "centre")) paragraph->alignment = ALIGN_CENTER;
        else if (!strcmp(value, "justified")) paragraph->alignment = ALIGN_JUSTIFIED;
        else return fail(error, "paragraph.alignment must be natural, left, right, center or justified");
    }
    return TRUE;
}

/* The tab stops in Pango units from the Pango layout's origin (`origin` points into the
 * container, the emulated head indent). NSParagraphStyle places tabs past the last stop at
 * multiples of defaultTabInterval; Pango repeats the gap between its last two stops, so the
 * array ends with the first two multiples past the last stop (and Pango goes on from there). */
static PangoTabArray *tab_array(const Paragraph *paragraph, double origin) {
    GArray *stops = g_array_new(FALSE, FALSE, sizeof(double));
    if (paragraph->tab_stops) {
        g_array_append_vals(stops, paragraph->tab_stops->data, paragraph->tab_stops->len);
    } else {
        for (int i = 1; i <= 12; i++) {
            double position = 28.0 * i;
            g_array_append_val(stops, position);
        }
    }
    double interval = paragraph->tab_interval;
    if (interval > 0) {
        double last = stops->len ? g_array_index(stops, double, stops->len - 1) : 0;
        double next = (floor(last / interval) + 1) * interval;
        for (int i = 0; i < 2; i++, next += interval) g_array_append_val(stops, next);
    }
    /* The gap Pango repeats past the last stop (the last stop itself when there is one). */
    guint n = stops->len;
    double gap = n >= 2 ? g_array_index(stops, double, n - 1) - g_array_index(stops, double, n - 2)
                        : g_array_index(stops, double, 0);
    GArray *shifted = g_array_new(FALSE, FALSE, sizeof(double));
    for (guint i = 0; i < n; i++) {
        double position = g_array_index(stops, double, i) - origin;
        if (position > 0) g_array_append_val(shifted, position);
    }
    double next = shifted->len ? g_array_index(shifted, double, shifted->len - 1)
                               : g_array_index(stops, double, n - 1) - origin;
    while (shifted->len < 2) {
        next += gap;
        if (next > 0) g_array_append_val(shifted, next);
    }
    PangoTabArray *tabs = pango_tab_array_new((int)shifted->len, FALSE);
    for (guint i = 0; i < shifted->len; i++)
        pango_tab_array_set_tab(tabs, (int)i, PANGO_TAB_LEFT, (int)lround(g_array_index(shifted, double, i) * PANGO_SCALE));
    g_array_free(stops, TRUE);
    g_array_free(shifted, TRUE);
    return tabs;
}

/* ---- one request ---- */

/* Whitespace that hangs at the end of a line: Unicode White_Space as GLib knows it (spaces of
 * category Zs, tab, LF, VT, FF, CR, U+2028, U+2029) plus NEL. */
static gboolean is_hanging_space(gunichar c) {
    return g_unichar_isspace(c) || c == 0x85;
}

static void append_number(GString *out, double value) {
    char buffer[G_ASCII_DTOSTR_BUF_SIZE];
    if (value == floor(value) && fabs(value) < 1e15) g_string_append_printf(out, "%.0f", value);
    else g_string_append(out, g_ascii_formatd(buffer, sizeof buffer, "%.12g", value));
}

static void append_member(GString *out, const char *name, double value) {
    g_string_append_printf(out, ",\"%s\":", name);
    append_number(out, value);
}

/* A JSON string: quotes, backslashes and control characters escaped, other characters as they
 * are (bytes that are not UTF-8 become U+FFFD). */
static void append_string(GString *out, const char *text) {
    gchar *valid = g_utf8_make_valid(text, -1);
    g_string_append_c(out, '"');
    for (const unsigned char *p = (const unsigned char *)valid; *p; p++) {
        switch (*p) {
        case '"': g_string_append(out, "\\\""); break;
        case '\\': g_string_append(out, "\\\\"); break;
        case '\n': g_string_append(out, "\\n"); break;
        case '\r': g_string_append(out, "\\r"); break;
        case '\t': g_string_append(out, "\\t"); break;
        default:
            if (*p < 0x20) g_string_append_printf(out, "\\u%04x", *p);
            else g_string_append_c(out, (char)*p);
        }
    }
    g_string_append_c(out, '"');
    g_free(valid);
}

static void append_error(GString *out, const char *id_json, const char *message) {
    g_string_append_printf(out, "{\"id\":%s,\"error\":", id_json);
    append_string(out, message);
    g_string_append(out, "}\n");
}

/* ,"breaks":[…]: the UTF-8 offset of every character (after the first) and of the end of the
 * text before which Pango lets a line break. */
static void append_breaks(PangoLayout *layout, const char *text, GString *out) {
    int n_attrs = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &n_attrs);
    g_string_append(out, ",\"breaks\":[");
    const char *p = text;
    gboolean first = TRUE;
    for (int i = 0; i < n_attrs; i++) {
        if (i > 0 && attrs[i].is_line_break) {
            g_string_append_printf(out, first ? "%ld" : ",%ld", (long)(p - text));
            first = FALSE;
        }
        if (*p) p = g_utf8_next_char(p);
    }
    g_string_append_c(out, ']');
}

/* Width without trailing whitespace. Pango's logical width includes the glyphs of the spaces a
 * line ends with; UIKit (and TextMetrics) let them hang. Method: find the end of the last
 * character of the line, in logical order, that is not hanging whitespace, and ask Pango for the
 * x ranges covering the logical range [line start, that end) (pango_layout_line_get_x_ranges
 * gives one range per visual run piece, so this also works on bidi lines where the trailing
 * spaces are not visually last); the width is the sum of those ranges: the advances of every
 * glyph cluster up to the last non-space one, with kerning and letter spacing as laid out. A
 * line of nothing but whitespace is 0 wide. */
static double content_width(PangoLayoutLine *line, const char *text) {
    int start = line->start_index, end = line->start_index + line->length;
    const char *p = text + end;
    while (p > text + start) {
        const char *previous = g_utf8_find_prev_char(text + start, p);
        if (!previous) previous = text + start;
        if (!is_hanging_space(g_utf8_get_char(previous))) break;
        p = previous;
    }
    int content_end = (int)(p - text);
    if (content_end <= start) return 0;
    int *ranges = NULL, n_ranges = 0;
    pango_layout_line_get_x_ranges(line, start, content_end, &ranges, &n_ranges);
    long units = 0;
    for (int r = 0; r < n_ranges; r++) units += ranges[2 * r + 1] - ranges[2 * r];
    g_free(ranges);
    return units / (double)PANGO_SCALE;
}

static const char *const request_fields[] = {
    "id", "text", "font", "faceIndex", "size", "width", "height", "numberOfLines", "lineBreakMode", "language",
    "scale", "breaks", "spans", "attachments", "offsets", "paragraph", "truncationToken", NULL };

/* Everything a request asks for, read and checked before anything is laid out. */
typedef struct {
    const char *text;
    int length;
    GString *families;
    int weight;
    double size, width, max_height, number_of_lines;
    PangoWrapMode wrap;
    const char *language;
    GArray *spans, *attachments;
    Paragraph paragraph;
    gboolean breaks;
} Request;

static void free_request(Request *r) {
    if (r->families) g_string_free(r->families, TRUE);
    if (r->spans) free_spans(r->spans);
    if (r->attachments) g_array_free(r->attachments, TRUE);
    if (r->paragraph.tab_stops) g_array_free(r->paragraph.tab_stops, TRUE);
}

static gboolean read_request(JsonObject *object, Request *r, GString *error) {
    JsonNode *text_node = json_object_get_member(object, "text");
    if (!holds_type(text_node, G_TYPE_STRING)) return fail(error, "missing text");
    r->text = json_node_get_string(text_node);
    r->length = (int)strlen(r->text);
    if (!g_utf8_validate(r->text, -1, NULL)) return fail(error, "text is not valid UTF-8");

    /* The fields of the first version of this program, with its errors in their order and words. */
    gboolean numbers_ok = TRUE;
    double face_index = loose_number(object, "faceIndex", 0, &numbers_ok);
    if (!(fabs(face_index) < 1000)) face_index = 0;  /* only 0 and 1 mean anything; a bad one is reported below */
    r->families = g_string_new(NULL);
    r->weight = PANGO_WEIGHT_NORMAL;
    JsonNode *font = member(object, "font");
    if (!font) g_string_append(r->families, "Roboto");
    else if (!read_fonts(font, (int)face_index, "font", r->families, &r->weight, error)) return FALSE;
    r->size = loose_number(object, "size", 17, &numbers_ok);
    r->width = loose_number(object, "width", 0, &numbers_ok);
    r->max_height = loose_number(object, "height", 0, &numbers_ok);
    r->number_of_lines = loose_number(object, "numberOfLines", 0, &numbers_ok);
    if (!numbers_ok || !(r->size > 0) || !(r->width >= 0) || !(r->max_height >= 0) || !(r->number_of_lines >= 0))
        return fail(error, "size must be a positive number; width, height and numberOfLines non-negative numbers");
    if (r->size > MAX_POINTS || r->width > MAX_POINTS || r->max_height > MAX_POINTS)
        return fail(error, "size, width and height must be at most %.0f points (Pango units are 32-bit)", MAX_POINTS);
    if (r->number_of_lines > INT_MAX) r->number_of_lines = INT_MAX;
    r->wrap = PANGO_WRAP_WORD_CHAR;
    JsonNode *mode = member(object, "lineBreakMode");
    if (holds_type(mode, G_TYPE_STRING)) {
        const char *value = json_node_get_string(mode);
        if (!strcmp(value, "wordWrap")) r->wrap = PANGO_WRAP_WORD_CHAR;
        else if (!strcmp(value, "charWrap")) r->wrap = PANGO_WRAP_CHAR;
        else return fail(error, "the Pango reference supports only the wordWrap and charWrap line break modes");
    }
    JsonNode *breaks = member(object, "breaks");
    r->breaks = holds_type(breaks, G_TYPE_BOOLEAN) && json_node_get_boolean(breaks);

    /* The fields of attributed text and paragraph style (issues 29 and 30). */
    if (!check_fields(object, request_fields, "request", error)) return FALSE;
    JsonNode *language = member(object, "language");
    if (language && !read_language(language, "language", &r->language, error)) return FALSE;
    OffsetUnit unit = UNIT_UTF8;
    JsonNode *offsets = member(object, "offsets");
    if (offsets) {
        const char *value = holds_type(offsets, G_TYPE_STRING) ? json_node_get_string(offsets) : "";
        gboolean known = FALSE;
        for (int u = 0; u < 3 && !known; u++)
            if (!strcmp(value, unit_names[u])) { unit = (OffsetUnit)u; known = TRUE; }
        if (!known) return fail(error, "offsets must be \"utf8\", \"utf16\" or \"scalars\"");
    }
    JsonNode *spans = member(object, "spans");
    r->spans = g_array_new(FALSE, TRUE, sizeof(Span));
    if (spans) {
        if (!JSON_NODE_HOLDS_ARRAY(spans)) return fail(error, "spans must be an array of objects");
        JsonArray *array = json_node_get_array(spans);
        for (guint i = 0; i < json_array_get_length(array); i++) {
            Span span = { 0 };
            gboolean read = read_span(json_array_get_element(array, i), i, r->text, r->length, unit, &span, error);
            g_array_append_val(r->spans, span);  /* kept either way, to be freed */
            if (!read) return FALSE;
        }
    }
    JsonNode *attachments = member(object, "attachments");
    r->attachments = g_array_new(FALSE, TRUE, sizeof(Attachment));
    if (attachments) {
        if (!JSON_NODE_HOLDS_ARRAY(attachments)) return fail(error, "attachments must be an array of objects");
        JsonArray *array = json_node_get_array(attachments);
        for (guint i = 0; i < json_array_get_length(array); i++)
            if (!read_attachment(json_array_get_element(array, i), i, r->text, r->length, unit, r->attachments, error))
                return FALSE;
    }
    JsonNode *paragraph = member(object, "paragraph");
    if (paragraph && !read_paragraph(paragraph, &r->paragraph, error)) return FALSE;
    if (member(object, "truncationToken"))
        return fail(error, "truncationToken: Pango has no truncation token (it ellipsizes with its own '\xE2\x80\xA6' "
                           "and no line limit); the Pango reference answers only what Pango can lay out");
    return TRUE;
}

/* Where the Pango layout sits in the container and how wide it is: NSParagraphStyle's head and
 * tail indents emulated (see README): the layout is narrowed by the smaller head indent `m` and
 * the tail inset, and Pango's own indent is firstLineHeadIndent − headIndent. */
typedef struct { double head, tail; } Insets;

static gboolean paragraph_insets(const Request *r, Insets *insets, GString *error) {
    const Paragraph *p = &r->paragraph;
    insets->head = MIN(p->first_indent, p->head_indent);
    insets->tail = 0;
    double widest_head = MAX(p->first_indent, p->head_indent);
    if (p->tail_indent > 0) {
        /* Positive: the lines end tailIndent from the leading margin. */
        if (r->width > 0 && p->tail_indent > r->width)
            return fail(error, "paragraph.tailIndent: %g is past the container's width", p->tail_indent);
        if (!(p->tail_indent > widest_head))
            return fail(error, "paragraph.tailIndent: no room is left between the indents");
        insets->tail = r->width > 0 ? r->width - p->tail_indent : 0;
    } else if (r->width > 0) {
        insets->tail = -p->tail_indent;
    }
    if (r->width > 0 && !(r->width - widest_head - insets->tail > 0))
        return fail(error, "paragraph: the indents leave no room in a container %g wide", r->width);
    return TRUE;
}

static void reset_layout(PangoLayout *layout) {
    pango_layout_set_spacing(layout, 0);
    pango_layout_set_line_spacing(layout, 0);
    pango_layout_set_indent(layout, 0);
    pango_layout_set_tabs(layout, NULL);
    pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT);
    pango_layout_set_justify(layout, FALSE);
}

static void measure(PangoLayout *layout, JsonObject *object, const char *id_json, GString *out) {
    Request r = { 0 };
    GString *error = g_string_new(NULL);
    if (!read_request(object, &r, error)) {
        append_error(out, id_json, error->str);
        goto done;
    }
    Insets insets = { 0, 0 };
    if (r.paragraph.given && !paragraph_insets(&r, &insets, error)) {
        append_error(out, id_json, error->str);
        goto done;
    }
    if (r.paragraph.given && r.paragraph.multiple > 0 && r.paragraph.line_spacing > 0 && !multiple_as_attribute) {
        append_error(out, id_json, "paragraph.lineSpacing: Pango ignores its line spacing when a line-spacing factor "
                                   "(lineHeightMultiple) is set; run pango-measure --line-height-attribute to combine them");
        goto done;
    }

    /* Empty text: 0 lines, 0 × 0, as an empty UILabel and TextMetrics (Pango itself would report
     * one empty line of the font's height). */
    if (r.text[0] == '\0') {
        g_string_append_printf(out, "{\"id\":%s,\"lineCount\":0,\"width\":0,\"height\":0,\"lines\":[],"
                                    "\"firstBaseline\":0,\"lastBaseline\":0}\n", id_json);
        goto done;
    }

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, r.families->str);
    pango_font_description_set_weight(description, r.weight);
    pango_font_description_set_style(description, PANGO_STYLE_NORMAL);
    pango_font_description_set_absolute_size(description, r.size * PANGO_SCALE);  /* px = pt at 72 dpi */
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);

    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE));
    Style defaults = { r.families->str, r.weight, r.size, 0, NULL, r.language };
    insert_spans(attributes, r.spans, &defaults, r.length);
    insert_attachments(attributes, r.attachments);

    reset_layout(layout);
    const Paragraph *paragraph = &r.paragraph;
    double pango_width = r.width > 0 ? r.width - insets.head - insets.tail : 0;
    if (paragraph->given) {
        if (paragraph->tail_indent > 0 && r.width == 0) pango_width = paragraph->tail_indent - insets.head;
        pango_layout_set_spacing(layout, (int)lround(paragraph->line_spacing * PANGO_SCALE));
        if (paragraph->multiple > 0) {
            if (multiple_as_attribute) pango_attr_list_insert(attributes, pango_attr_line_height_new(paragraph->multiple));
            else pango_layout_set_line_spacing(layout, (float)paragraph->multiple);
        }
        pango_layout_set_indent(layout, (int)lround((paragraph->first_indent - paragraph->head_indent) * PANGO_SCALE));
        PangoTabArray *tabs = tab_array(paragraph, insets.head);
        pango_layout_set_tabs(layout, tabs);  /* copied */
        pango_tab_array_free(tabs);
        pango_layout_set_alignment(layout, paragraph->alignment == ALIGN_RIGHT ? PANGO_ALIGN_RIGHT
                                         : paragraph->alignment == ALIGN_CENTER ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
        pango_layout_set_justify(layout, paragraph->alignment == ALIGN_JUSTIFIED);
    }
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);
    pango_layout_set_wrap(layout, r.wrap);
    pango_layout_set_width(layout, pango_width > 0 ? (int)lround(pango_width * PANGO_SCALE) : -1);
    pango_layout_set_text(layout, r.text, -1);

    /* Where the layout's origin is in the container: after the head inset on the leading side. */
    double origin = 0;
    if (paragraph->given) {
        gboolean ltr = FALSE, rtl = FALSE;
        for (GSList *item = pango_layout_get_lines_readonly(layout); item; item = item->next) {
            if (pango_layout_line_get_resolved_direction(item->data) == PANGO_DIRECTION_RTL) rtl = TRUE;
            else ltr = TRUE;
        }
        if (ltr && rtl && (insets.head != insets.tail || paragraph->alignment == ALIGN_LEFT
                           || paragraph->alignment == ALIGN_RIGHT)) {
            append_error(out, id_json, "paragraph: left-to-right and right-to-left paragraphs with different head "
                                       "and tail insets or an absolute alignment (Pango aligns per line, from one box)");
            goto done;
        }
        origin = rtl ? insets.tail : insets.head;
        /* Pango flips left and right on right-to-left lines (auto-dir): flip them back. */
        if (rtl && (paragraph->alignment == ALIGN_LEFT || paragraph->alignment == ALIGN_RIGHT))
            pango_layout_set_alignment(layout, paragraph->alignment == ALIGN_LEFT ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
        /* Pango indents the first (or, hanging, the other) lines on the side they are aligned to and
         * ignores the indent on centred lines; NSParagraphStyle indents on the leading side. They
         * agree only when the lines are aligned to the leading side. */
        gboolean leading = paragraph->alignment == ALIGN_NATURAL || paragraph->alignment == ALIGN_JUSTIFIED
                           || (paragraph->alignment == ALIGN_LEFT && !rtl) || (paragraph->alignment == ALIGN_RIGHT && rtl);
        if (paragraph->first_indent != paragraph->head_indent && !leading) {
            append_error(out, id_json, "paragraph.firstLineHeadIndent: a first-line indent other than headIndent on lines "
                                       "aligned away from the leading side (Pango indents on the aligned side and not "
                                       "at all when centred)");
            goto done;
        }
    }

    GString *lines_json = g_string_new(NULL);
    double layout_width = 0, layout_height = 0, first_baseline = 0, last_baseline = 0;
    int count = 0;
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        if (r.number_of_lines > 0 && count >= (int)r.number_of_lines) break;
        PangoRectangle logical, placed;
        pango_layout_line_get_extents(line, NULL, &logical);
        pango_layout_iter_get_line_extents(iter, NULL, &placed);  /* in layout coordinates */
        double height = logical.height / (double)PANGO_SCALE;
        double bottom = (placed.y + placed.height) / (double)PANGO_SCALE;
        if (r.max_height > 0 && bottom > r.max_height + 1e-9) break;
        double baseline = pango_layout_iter_get_baseline(iter) / (double)PANGO_SCALE;
        double line_width = content_width(line, r.text);

        if (count > 0) g_string_append_c(lines_json, ',');
        g_string_append_printf(lines_json, "{\"start\":%d,\"length\":%d,\"width\":", line->start_index, line->length);
        append_number(lines_json, line_width);
        append_member(lines_json, "height", height);
        append_member(lines_json, "ascent", -logical.y / (double)PANGO_SCALE);
        append_member(lines_json, "descent", (logical.y + logical.height) / (double)PANGO_SCALE);
        append_member(lines_json, "baseline", baseline);
        append_member(lines_json, "x", origin + placed.x / (double)PANGO_SCALE);
        g_string_append_c(lines_json, '}');
        if (line_width > layout_width) layout_width = line_width;
        layout_height = bottom;
        if (count == 0) first_baseline = baseline;
        last_baseline = baseline;
        count++;
    } while (pango_layout_iter_next_line(iter));
    pango_layout_iter_free(iter);

    g_string_append_printf(out, "{\"id\":%s,\"lineCount\":%d,\"width\":", id_json, count);
    append_number(out, layout_width);
    append_member(out, "height", layout_height);
    g_string_append_printf(out, ",\"lines\":[%s]", lines_json->str);
    append_member(out, "firstBaseline", first_baseline);
    append_member(out, "lastBaseline", last_baseline);
    g_string_free(lines_json, TRUE);
    if (r.breaks) append_breaks(layout, r.text, out);
    g_string_append(out, "}\n");
done:
    free_request(&r);
    g_string_free(error, TRUE);
}

/* ---- main ---- */

int main(int argc, char **argv) {
    const char *fonts_dir = getenv("PANGO_MEASURE_FONTS");
    const char *template_path = getenv("PANGO_MEASURE_CONFIG");
    gboolean list = FALSE;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--fonts") && i + 1 < argc) fonts_dir = argv[++i];
        else if (!strcmp(argv[i], "--config") && i + 1 < argc) template_path = argv[++i];
        else if (!strcmp(argv[i], "--list-fonts")) list = TRUE;
        else if (!strcmp(argv[i], "--line-height-attribute")) multiple_as_attribute = TRUE;
        else {
            fprintf(stderr, "usage: %s [--fonts DIR] [--config FONTS_CONF_TEMPLATE] [--list-fonts] "
                            "[--line-height-attribute] < requests.jsonl\n", argv[0]);
            return 2;
        }
    }
    /* Defaults relative to the executable: <repo>/.build-pango/pango-measure. */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    gchar *repo = NULL;
    if (n > 0) {
        exe[n] = '\0';
        gchar *bin_dir = g_path_get_dirname(exe);
        repo = g_path_get_dirname(bin_dir);
        g_free(bin_dir);
    } else {
        repo = g_strdup(".");
    }
    gchar *default_fonts = g_build_filename(repo, "Fonts", NULL);
    gchar *default_template = g_build_filename(repo, "Tests", "Support", "pango-reference", "fonts.conf", NULL);
    if (!fonts_dir) fonts_dir = default_fonts;
    if (!template_path) template_path = default_template;
    char absolute_fonts[PATH_MAX];
    if (!realpath(fonts_dir, absolute_fonts)) die("no fonts folder at %s", fonts_dir);

    FcConfig *config = make_private_config(absolute_fonts, template_path);
    FcConfigSetCurrent(config);  /* PangoFT2 runs FcConfigSubstitute on the current configuration */
    if (list) { list_fonts(config); return 0; }

    PangoFontMap *font_map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config);
    pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(font_map), unhinted_substitute, NULL, NULL);
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(font_map), 72, 72);
    PangoContext *context = pango_font_map_create_context(font_map);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("en"));
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR);  /* the layout still picks the direction from the text (auto-dir) */

    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_auto_dir(layout, TRUE);

    JsonParser *parser = json_parser_new();
    GString *out = g_string_new(NULL);
    char *input = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&input, &capacity, stdin)) >= 0) {
        while (length > 0 && (input[length - 1] == '\n' || input[length - 1] == '\r')) input[--length] = '\0';
        if (length == 0) continue;
        g_string_truncate(out, 0);
        GError *error = NULL;
        if (!json_parser_load_from_data(parser, input, length, &error)) {
            append_error(out, "null", error->message);
            g_error_free(error);
        } else {
            JsonNode *root = json_parser_get_root(parser);
            if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
                append_error(out, "null", "a request must be a JSON object");
            } else {
                JsonObject *request = json_node_get_object(root);
                JsonNode *id = json_object_get_member(request, "id");
                gchar *id_json = id ? json_to_string(id, FALSE) : g_strdup("null");
                measure(layout, request, id_json, out);
                g_free(id_json);
            }
        }
        fwrite(out->str, 1, out->len, stdout);
    }
    free(input);
    fflush(stdout);
    g_object_unref(parser);
    g_object_unref(layout);
    g_object_unref(context);
    g_object_unref(font_map);
    g_free(repo); g_free(default_fonts); g_free(default_template);
    return 0;
}
