/*
 * ICU's line break iterator for the runs of Thai, Lao, Khmer and Myanmar letters that
 * TextSegmentation hands over (see CICU.h).
 *
 * Break iterators are not shareable across threads. One prototype is opened once; each thread
 * clones it on its first call (a clone costs about a fifteenth of an open: the rules and
 * dictionaries are shared) and keeps the clone, with a memo of the texts it broke, until the
 * thread exits (a pthread key's destructor frees both).
 */
#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

/* The memo: MEMO_SETS sets of MEMO_WAYS entries, the least recently used replaced, for texts of
 * at most MEMO_MAX_LENGTH bytes, holding at most MEMO_MAX_BYTES of texts and answers. */
enum { MEMO_SETS = 2048, MEMO_WAYS = 8, MEMO_MAX_LENGTH = 512, MEMO_MAX_BYTES = 4 << 20 };

/* A remembered text: its bytes, then its `count` break offsets as uint16_t, in one block. */
typedef struct {
    uint8_t *data;
    int32_t length;
    int32_t count;
} MemoEntry;

/* A thread's iterator and memo. A set's eight hashes fill one cache line (the state is
 * allocated on a cache line's boundary): a lookup reads them alone to find a text, and the
 * entries and ages only to compare the text found or to choose the way a new one replaces. */
typedef struct {
    _Alignas(64) uint64_t hashes[MEMO_SETS * MEMO_WAYS];
    uint32_t lastUsed[MEMO_SETS * MEMO_WAYS]; /* the clock's value when each way was last used */
    MemoEntry entries[MEMO_SETS * MEMO_WAYS];
    UBreakIterator *iterator; /* this thread's clone, or NULL before the first use */
    size_t bytes;             /* the size of every entry's data */
    uint32_t clock;           /* counts lookups */
} ThreadState;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_key_t stateKey;
static int stateKeyReady;
static UBreakIterator *prototype; /* NULL when ICU could not open one: every call fails */
static pthread_mutex_t prototypeLock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int32_t simulatedFailure;
static _Thread_local int64_t memoMisses;

static void freeThreadState(void *pointer) {
    ThreadState *state = pointer;
    if (state->iterator) ubrk_close(state->iterator);
    for (int i = 0; i < MEMO_SETS * MEMO_WAYS; i++) free(state->entries[i].data);
    free(state);
}

static void initialize(void) {
    stateKeyReady = pthread_key_create(&stateKey, freeThreadState) == 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        iterator = NULL;
    }
    prototype = iterator;
}

/* The calling thread's state, made on its first call; NULL when memory or ICU fails. */
static ThreadState *threadState(void) {
    pthread_once(&once, initialize);
    if (!stateKeyReady || !prototype) return NULL;
    ThreadState *state = pthread_getspecific(stateKey);
    if (state) return state;
    if (posix_memalign((void **)&state, 64, sizeof *state) != 0) return NULL;
    memset(state, 0, sizeof *state);
    UErrorCode status = U_ZERO_ERROR;
    /* Cloning reads the prototype only; the lock keeps that beyond doubt at a one-off cost. */
    pthread_mutex_lock(&prototypeLock);
    state->iterator = ubrk_clone(prototype, &status);
    pthread_mutex_unlock(&prototypeLock);
    if (U_FAILURE(status) || pthread_setspecific(stateKey, state) != 0) {
        freeThreadState(state);
        return NULL;
    }
    return state;
}

/* The set a text of hash `hash` is remembered in. */
static size_t memoSet(uint64_t hash) {
    return (size_t)(hash >> 40) & (MEMO_SETS - 1);
}

/* A 64-bit hash of the bytes, eight at a time (a multiply and a shift per word): the memo
 * compares the bytes themselves, so a collision costs a miss, never a wrong answer. */
static uint64_t hashBytes(const uint8_t *bytes, int32_t length) {
    uint64_t hash = 0x9E3779B97F4A7C15u ^ (uint64_t)length;
    int32_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * 0xFF51AFD7ED558CCDu;
        hash ^= hash >> 32;
    }
    uint64_t last = 0;
    memcpy(&last, bytes + i, (size_t)(length - i));
    hash = (hash ^ last) * 0xC4CEB9FE1A85EC53u;
    return hash ^ (hash >> 29);
}

/* ICU's breaks strictly inside the text, as UTF-8 offsets, or -1.
 *
 * ICU reads the text as UTF-16: ICU 72's dictionary engines mix code points and code units on
 * a UTF-8 UText (on U+17A0 U+178E they break between the two, which they never do in UTF-16,
 * the form every other caller, PyICU included, hands them). */
static int32_t iterate(UBreakIterator *iterator, const uint8_t *text, int32_t length, int32_t *breaks,
                       int32_t capacity) {
    /* A UTF-8 sequence of n bytes is one UTF-16 unit, or two for n = 4: never more units than bytes. */
    UChar small[MEMO_MAX_LENGTH];
    UChar *utf16 = length <= MEMO_MAX_LENGTH ? small : malloc(sizeof(UChar) * (size_t)length);
    if (!utf16) return -1;
    UErrorCode status = U_ZERO_ERROR;
    int32_t utf16Length = 0;
    u_strFromUTF8(utf16, length, &utf16Length, (const char *)text, length, &status);
    ubrk_setText(iterator, utf16, utf16Length, &status);
    int32_t count = U_FAILURE(status) ? -1 : 0;
    int32_t utf8Offset = 0, utf16Offset = 0;
    for (int32_t boundary = count < 0 ? UBRK_DONE : ubrk_following(iterator, 0);
         boundary != UBRK_DONE && boundary < utf16Length; boundary = ubrk_next(iterator)) {
        while (utf16Offset < boundary) {
            uint8_t lead = text[utf8Offset];
            int bytes = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
            utf8Offset += bytes;
            utf16Offset += bytes == 4 ? 2 : 1;
        }
        if (utf16Offset != boundary) continue; /* inside a surrogate pair: never a boundary */
        if (count == capacity) { count = -1; break; }
        breaks[count++] = utf8Offset;
    }
    /* Let go of the text, which is about to be freed or to leave the stack. */
    static const UChar nothing[1] = { 0 };
    UErrorCode ignored = U_ZERO_ERROR;
    ubrk_setText(iterator, nothing, 0, &ignored);
    if (utf16 != small) free(utf16);
    return count;
}

int32_t cicu_line_breaks(const uint8_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    if (simulatedFailure) return -1;
    if (length == 0) return 0;
    if (!text || length < 0 || capacity < 0 || (capacity > 0 && !breaks)) return -1;
    ThreadState *state = threadState();
    if (!state) return -1;
    if (length > MEMO_MAX_LENGTH) return iterate(state->iterator, text, length, breaks, capacity);

    uint64_t hash = hashBytes(text, length);
    size_t first = memoSet(hash) * MEMO_WAYS;
    uint32_t now = ++state->clock;
    for (size_t index = first; index < first + MEMO_WAYS; index++) {
        if (state->hashes[index] != hash) continue;
        MemoEntry *entry = &state->entries[index];
        if (!entry->data || entry->length != length || memcmp(entry->data, text, (size_t)length) != 0) continue;
        if (entry->count > capacity) return -1;
        uint16_t offset;
        for (int32_t i = 0; i < entry->count; i++) {
            memcpy(&offset, entry->data + length + 2 * i, 2);
            breaks[i] = offset;
        }
        state->lastUsed[index] = now;
        return entry->count;
    }
    /* An empty way, else the one used least recently (ages as differences from now, which
     * the clock's wrapping around leaves right). */
    size_t replace = first;
    for (size_t index = first; index < first + MEMO_WAYS; index++) {
        if (!state->entries[index].data) { replace = index; break; }
        if (now - state->lastUsed[index] > now - state->lastUsed[replace]) replace = index;
    }
    memoMisses++;
    int32_t count = iterate(state->iterator, text, length, breaks, capacity);
    if (count < 0) return count;
    /* Remember the answer, unless the memo is full. */
    MemoEntry *entry = &state->entries[replace];
    size_t size = (size_t)length + 2 * (size_t)count;
    size_t replaced = entry->data ? (size_t)entry->length + 2 * (size_t)entry->count : 0;
    if (state->bytes - replaced + size > MEMO_MAX_BYTES) return count;
    uint8_t *data = malloc(size);
    if (data) {
        state->bytes += size - replaced;
        memcpy(data, text, (size_t)length);
        for (int32_t i = 0; i < count; i++) {
            uint16_t offset = (uint16_t)breaks[i];
            memcpy(data + length + 2 * i, &offset, 2);
        }
        free(entry->data);
        *entry = (MemoEntry){ .data = data, .length = length, .count = count };
        state->hashes[replace] = hash;
        state->lastUsed[replace] = now;
    }
    return count;
}

int64_t cicu_memo_misses(void) {
    return memoMisses;
}

int32_t cicu_memo_set(const uint8_t *text, int32_t length) {
    return (int32_t)memoSet(hashBytes(text, length));
}

void cicu_set_simulated_failure(int32_t fails) {
    simulatedFailure = fails;
}
