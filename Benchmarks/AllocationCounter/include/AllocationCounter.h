#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// Starts counting heap allocations in this process (off until called; glibc on Linux only).
void allocation_counter_start(void);

/// Whether allocations are counted here (the counting allocator is linked in and started).
int allocation_counter_is_active(void);

/// The number of heap allocations (malloc, calloc, realloc, aligned allocations) since start.
uint64_t allocation_counter_allocations(void);

/// The bytes those allocations asked for.
uint64_t allocation_counter_bytes(void);

#endif
