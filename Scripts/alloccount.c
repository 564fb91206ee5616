// Counts heap allocations for `gesturectl bench`: preloaded with LD_PRELOAD by Scripts/bench.sh,
// it wraps the allocation functions and exposes the count as `gesture_alloc_count`, which the
// benchmark reads through dlsym. Not linked into anything the project ships.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static _Thread_local uint64_t count;
static uint64_t total;

uint64_t gesture_alloc_count(void) { return total + count; }

void *malloc(size_t n) { count++; return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count++; return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count++; return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { count++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  count++;
  void *p = __libc_memalign(a, n);
  if (!p) return 12;
  *out = p;
  return 0;
}
