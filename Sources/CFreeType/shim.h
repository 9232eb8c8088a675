// FreeType's public headers are reached through macros (FT_FREETYPE_H, ...),
// which a module map cannot name: this shim includes them for Swift.
#ifndef TEXTMETRICS_CFREETYPE_SHIM_H
#define TEXTMETRICS_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_BITMAP_H
#endif
