// See MallocCounter.h. Single-threaded use; the counters are updated with relaxed atomics so a
// stray runtime thread cannot corrupt them. Build with `-Xcc -DKINEMA_NO_MALLOC_COUNTER` to leave
// the C library's allocator alone (the counts then stay zero and the harness says so).
#define _GNU_SOURCE
#include "MallocCounter.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static int counting;
static uint64_t count;
static uint64_t bytes;

static inline void note(size_t size) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
    }
}

#ifndef KINEMA_NO_MALLOC_COUNTER
void *malloc(size_t size) {
    note(size);
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    note(n * size);
    return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
    note(size);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    note(size);
    void *p = __libc_memalign(alignment, size);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

#endif

void kinema_malloc_counting(int on) { __atomic_store_n(&counting, on, __ATOMIC_RELAXED); }
uint64_t kinema_malloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }
uint64_t kinema_malloc_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }

void kinema_malloc_reset(void) {
    __atomic_store_n(&count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&bytes, 0, __ATOMIC_RELAXED);
}

uint64_t kinema_heap_in_use(void) { return mallinfo2().uordblks; }

uint64_t kinema_heap_and_mapped_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
