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

static void append_error(GString *out, const char *id_json, const char *message) {
    gchar *escaped = g_strescape(message, NULL);
    g_string_append_printf(out, "{\"id\":%s,\"error\":\"%s\"}\n", id_json, escaped);
    g_free(escaped);
}

static double member_number(JsonObject *object, const char *name, double fallback, gboolean *ok) {
    JsonNode *node = json_object_get_member(object, name);
    if (!node || JSON_NODE_HOLDS_NULL(node)) return fallback;
    if (!JSON_NODE_HOLDS_VALUE(node) ||
        (json_node_get_value_type(node) != G_TYPE_DOUBLE && json_node_get_value_type(node) != G_TYPE_INT64)) {
        *ok = FALSE;
        return fallback;
    }
    return json_node_get_double(node);
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

static void measure(PangoLayout *layout, JsonObject *request, const char *id_json, GString *out) {
    gboolean ok = TRUE;
    JsonNode *text_node = json_object_get_member(request, "text");
    if (!text_node || !JSON_NODE_HOLDS_VALUE(text_node) || json_node_get_value_type(text_node) != G_TYPE_STRING) {
        append_error(out, id_json, "missing text");
        return;
    }
    const char *text = json_node_get_string(text_node);

    /* Fonts: a name or an array of names, mapped to a Pango family list. */
    JsonNode *font_node = json_object_get_member(request, "font");
    GPtrArray *names = g_ptr_array_new();
    if (font_node && JSON_NODE_HOLDS_VALUE(font_node) && json_node_get_value_type(font_node) == G_TYPE_STRING) {
        g_ptr_array_add(names, (gpointer)json_node_get_string(font_node));
    } else if (font_node && JSON_NODE_HOLDS_ARRAY(font_node)) {
        JsonArray *array = json_node_get_array(font_node);
        for (guint i = 0; i < json_array_get_length(array); i++) {
            JsonNode *item = json_array_get_element(array, i);
            if (!JSON_NODE_HOLDS_VALUE(item) || json_node_get_value_type(item) != G_TYPE_STRING) { ok = FALSE; break; }
            g_ptr_array_add(names, (gpointer)json_node_get_string(item));
        }
    } else if (font_node) {
        ok = FALSE;
    } else {
        g_ptr_array_add(names, (gpointer)"Roboto-Regular");
    }
    if (!ok || names->len == 0) {
        g_ptr_array_free(names, TRUE);
        append_error(out, id_json, "font must be a name or an array of names");
        return;
    }
    int face_index = (int)member_number(request, "faceIndex", 0, &ok);
    GString *families = g_string_new(NULL);
    int weight = PANGO_WEIGHT_NORMAL;
    for (guint i = 0; i < names->len; i++) {
        const FontName *font = lookup_font(g_ptr_array_index(names, i));
        if (!font) {
            gchar *message = g_strdup_printf("unknown font '%s' (the Pango reference knows only the bundled fonts)",
                                             (const char *)g_ptr_array_index(names, i));
            append_error(out, id_json, message);
            g_free(message); g_string_free(families, TRUE); g_ptr_array_free(names, TRUE);
            return;
        }
        if (i > 0) g_string_append_c(families, ',');
        g_string_append(families, font->family);
        /* faceIndex applies to the first font, as in TextMetrics; wqy-microhei.ttc #1 is the Mono face. */
        if (i == 0 && face_index == 1 && !strcmp(font->name, "wqy-microhei")) g_string_append(families, " Mono");
        if (i == 0) weight = font->weight;
    }
    g_ptr_array_free(names, TRUE);

    double size = member_number(request, "size", 17, &ok);
    double width = member_number(request, "width", 0, &ok);
    double max_height = member_number(request, "height", 0, &ok);
    double number_of_lines = member_number(request, "numberOfLines", 0, &ok);
    if (!ok || !(size > 0) || !(width >= 0) || !(max_height >= 0) || !(number_of_lines >= 0)) {
        g_string_free(families, TRUE);
        append_error(out, id_json, "size must be a positive number; width, height and numberOfLines non-negative numbers");
        return;
    }
    PangoWrapMode wrap = PANGO_WRAP_WORD_CHAR;
    JsonNode *mode_node = json_object_get_member(request, "lineBreakMode");
    if (mode_node && JSON_NODE_HOLDS_VALUE(mode_node) && json_node_get_value_type(mode_node) == G_TYPE_STRING) {
        const char *mode = json_node_get_string(mode_node);
        if (!strcmp(mode, "wordWrap")) wrap = PANGO_WRAP_WORD_CHAR;
        else if (!strcmp(mode, "charWrap")) wrap = PANGO_WRAP_CHAR;
        else {
            g_string_free(families, TRUE);
            append_error(out, id_json, "the Pango reference supports only the wordWrap and charWrap line break modes");
            return;
        }
    }

    /* Empty text: 0 lines, 0 × 0, as an empty UILabel and TextMetrics (Pango itself would report
     * one empty line of the font's height). */
    if (text[0] == '\0') {
        g_string_free(families, TRUE);
        g_string_append_printf(out, "{\"id\":%s,\"lineCount\":0,\"width\":0,\"height\":0,\"lines\":[]}\n", id_json);
        return;
    }

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, families->str);
    pango_font_description_set_weight(description, weight);
    pango_font_description_set_style(description, PANGO_STYLE_NORMAL);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);  /* px = pt at 72 dpi */
    pango_layout_set_font_description(layout, description);
    pango_font_description_free(description);
    g_string_free(families, TRUE);

    pango_layout_set_wrap(layout, wrap);
    pango_layout_set_width(layout, width > 0 ? (int)lround(width * PANGO_SCALE) : -1);
    pango_layout_set_text(layout, text, -1);

    GString *lines_json = g_string_new(NULL);
    double layout_width = 0, layout_height = 0;
    int count = 0;
    for (GSList *item = pango_layout_get_lines_readonly(layout); item; item = item->next) {
        PangoLayoutLine *line = item->data;
        if (number_of_lines > 0 && count >= (int)number_of_lines) break;
        PangoRectangle logical;
        pango_layout_line_get_extents(line, NULL, &logical);
        double height = logical.height / (double)PANGO_SCALE;
        if (max_height > 0 && layout_height + height > max_height + 1e-9) break;

        /* Width without trailing whitespace. Pango's logical width includes the glyphs of the
         * spaces a line ends with; UIKit (and TextMetrics) let them hang. Method: find the end of
         * the last character of the line, in logical order, that is not hanging whitespace, and
         * ask Pango for the x ranges covering the logical range [line start, that end)
         * (pango_layout_line_get_x_ranges gives one range per visual run piece, so this also works
         * on bidi lines where the trailing spaces are not visually last); the width is the sum of
         * those ranges: the advances of every glyph cluster up to the last non-space one, with
         * kerning as shaped. A line of nothing but whitespace is 0 wide. */
        int start = line->start_index, end = line->start_index + line->length;
        const char *p = text + end;
        while (p > text + start) {
            const char *previous = g_utf8_find_prev_char(text + start, p);
            if (!previous) previous = text + start;
            if (!is_hanging_space(g_utf8_get_char(previous))) break;
            p = previous;
        }
        int content_end = (int)(p - text);
        double line_width = 0;
        if (content_end > start) {
            int *ranges = NULL, n_ranges = 0;
            pango_layout_line_get_x_ranges(line, start, content_end, &ranges, &n_ranges);
            long units = 0;
            for (int r = 0; r < n_ranges; r++) units += ranges[2 * r + 1] - ranges[2 * r];
            g_free(ranges);
            line_width = units / (double)PANGO_SCALE;
        }

        if (count > 0) g_string_append_c(lines_json, ',');
        g_string_append_printf(lines_json, "{\"start\":%d,\"length\":%d,\"width\":", start, line->length);
        append_number(lines_json, line_width);
        g_string_append(lines_json, ",\"height\":");
        append_number(lines_json, height);
        g_string_append(lines_json, ",\"ascent\":");
        append_number(lines_json, -logical.y / (double)PANGO_SCALE);
        g_string_append(lines_json, ",\"descent\":");
        append_number(lines_json, (logical.y + logical.height) / (double)PANGO_SCALE);
        g_string_append_c(lines_json, '}');
        if (line_width > layout_width) layout_width = line_width;
        layout_height += height;
        count++;
    }
    g_string_append_printf(out, "{\"id\":%s,\"lineCount\":%d,\"width\":", id_json, count);
    append_number(out, layout_width);
    g_string_append(out, ",\"height\":");
    append_number(out, layout_height);
    g_string_append_printf(out, ",\"lines\":[%s]", lines_json->str);
    g_string_free(lines_json, TRUE);
    JsonNode *breaks_node = json_object_get_member(request, "breaks");
    if (breaks_node && JSON_NODE_HOLDS_VALUE(breaks_node) && json_node_get_value_type(breaks_node) == G_TYPE_BOOLEAN
        && json_node_get_boolean(breaks_node)) {
        append_breaks(layout, text, out);
    }
    g_string_append(out, "}\n");
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
        else {
            fprintf(stderr, "usage: %s [--fonts DIR] [--config FONTS_CONF_TEMPLATE] [--list-fonts] < requests.jsonl\n", argv[0]);
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
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);

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
