// HarfBuzz for Swift: the core API and the OpenType metrics API.
#ifndef TEXTMETRICS_CHARFBUZZ_SHIM_H
#define TEXTMETRICS_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
