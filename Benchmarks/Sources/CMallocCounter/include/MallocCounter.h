// Counts heap allocations made by this process while counting is on. The executable defines
// malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign; symbols of the executable
// interpose the shared C library's, so every allocation (Swift runtime, C, C++) passes here and
// is forwarded to glibc's own entry points.
#ifndef KINEMA_MALLOC_COUNTER_H
#define KINEMA_MALLOC_COUNTER_H

#include <stdint.h>

/// Starts (1) or stops (0) counting; the count is kept.
void kinema_malloc_counting(int on);
/// Allocations counted so far.
uint64_t kinema_malloc_count(void);
/// Bytes requested by the counted allocations so far.
uint64_t kinema_malloc_bytes(void);
/// Resets both counts to zero.
void kinema_malloc_reset(void);
/// Bytes in use by the allocator (mallinfo2's uordblks).
uint64_t kinema_heap_in_use(void);
/// Bytes in use by the allocator, large blocks included: mallinfo2's uordblks (the heap) plus
/// hblkhd (blocks glibc maps on their own, 128 KiB and up unless its threshold moved).
uint64_t kinema_heap_and_mapped_in_use(void);

#endif
