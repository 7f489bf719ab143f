// A counting allocator for the benchmarks: it wraps glibc's allocator and, once started, counts every
// allocation and the bytes asked for. Elsewhere it compiles to counters that stay at zero.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static int counting;
static uint64_t allocations;
static uint64_t bytes;

static inline void count(size_t size) {
    if (__atomic_load_n(&counting, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    count(number * size);
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void allocation_counter_start(void) { __atomic_store_n(&counting, 1, __ATOMIC_RELAXED); }
int allocation_counter_is_active(void) { return __atomic_load_n(&counting, __ATOMIC_RELAXED); }
uint64_t allocation_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
uint64_t allocation_counter_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }
#else
void allocation_counter_start(void) {}
int allocation_counter_is_active(void) { return 0; }
uint64_t allocation_counter_allocations(void) { return 0; }
uint64_t allocation_counter_bytes(void) { return 0; }
#endif
