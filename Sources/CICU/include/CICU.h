/*
 * CICU: the ICU calls TextSegmentation makes, behind a header of plain C types (ICU's own
 * headers must not reach a Swift module that also sees Foundation's bundled ICU).
 */
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/*
 * Where ICU's line break iterator (ICU 72, root locale) breaks the UTF-8 text
 * `text[0..<length]`, strictly inside it: inside runs of Thai, Lao, Khmer and Myanmar letters,
 * the word boundaries of ICU's dictionaries.
 *
 * Writes the byte offsets, ascending, each in 1..<length, to `breaks` and returns how many;
 * returns -1 when ICU reports an error or more than `capacity` offsets would be written (one
 * less than the number of code points of `text` is always enough). `text` must be well-formed
 * UTF-8.
 *
 * Thread-safe: each thread breaks with an iterator of its own, cloned from a shared prototype
 * on the thread's first call and closed when the thread exits; texts of at most 512 bytes and
 * their answers are remembered per thread (16,384 of them, eight a hash set, the least recently
 * used replaced; 4 MB at most, and the table's 450 KB), so a text met again costs a hash and a
 * comparison instead of ICU's dictionary search. Linear in `length`.
 */
int32_t cicu_line_breaks(const uint8_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/*
 * For tests: how many texts of at most 512 bytes the calling thread has handed to ICU's
 * iterator because its memo did not hold them.
 */
int64_t cicu_memo_misses(void);

/*
 * For tests: the set of the memo that `text[0..<length]` is remembered in (eight texts a set;
 * a ninth evicts the one used least recently).
 */
int32_t cicu_memo_set(const uint8_t *text, int32_t length);

/*
 * For tests: while `fails` is nonzero, every call of cicu_line_breaks on the calling thread
 * returns -1, as when ICU reports an error.
 */
void cicu_set_simulated_failure(int32_t fails);

#endif
