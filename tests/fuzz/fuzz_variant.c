/* fuzz_variant.c: fuzz target: the variant readers (kakudo's variant format, Jigsaw, Killer and X one-line forms) forced, with fuzz_reader's checks. */
#include "config.h"

/* Detection reaches these readers only for a text that already looks like their format;
 * forced, every input goes through each of them. */
#define FUZZ_READER_FORMATS FORMAT_VARIANT, FORMAT_JIGSAW_LINE, FORMAT_KILLER_LINE, \
        FORMAT_X_LINE
#define FUZZ_READER_DIRS "tests/fuzz/corpus/variant", "tests/data/variant", \
        "tests/data/format/bad"

#include "fuzz_reader.c"
