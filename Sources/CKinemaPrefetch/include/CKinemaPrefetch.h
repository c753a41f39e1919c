// Asks the processor to start loading memory that will be read soon.
#ifndef CKINEMA_PREFETCH_H
#define CKINEMA_PREFETCH_H

#include <stddef.h>
#include <stdint.h>

/// Starts loading every 64-byte cache line that holds any of the `count` bytes from `start` (a
/// hint: it never faults, whatever the address). The lines are counted from the one `start` is
/// in: an object that malloc aligns to 16 bytes spans one line more than its size in lines
/// whenever it does not begin a line.
static inline void kinema_prefetch(const void *start, size_t count) {
    uintptr_t line = (uintptr_t)start & ~(uintptr_t)63;
    uintptr_t end = (uintptr_t)start + count;
    for (; line < end; line += 64) __builtin_prefetch((const void *)line, 0, 3);
}

#endif
