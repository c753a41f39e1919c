// Asks the processor to start loading memory that will be read soon.
#ifndef CKINEMA_PREFETCH_H
#define CKINEMA_PREFETCH_H

#include <stddef.h>

/// Starts loading every 64-byte cache line of `count` bytes from `start` (a hint: it never
/// faults, whatever the address).
static inline void kinema_prefetch(const void *start, size_t count) {
    const char *p = (const char *)start;
    for (size_t offset = 0; offset < count; offset += 64) __builtin_prefetch(p + offset, 0, 3);
}

#endif
