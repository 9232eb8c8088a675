// libpng's simplified API (png_image_*) for writing and reading whole images.
#ifndef TEXTMETRICS_CPNG_SHIM_H
#define TEXTMETRICS_CPNG_SHIM_H
#include <png.h>
#endif
