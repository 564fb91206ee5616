// Counts the dynamic exclusive-access checks of a run by where they are made: preloaded with
// LD_PRELOAD by `Scripts/bench.sh exclusivity` into each of the builds it compares, it wraps
// the Swift runtime's swift_beginAccess, counts its calls by return address, and at exit writes
// one line per calling site, "<calls> <object file> <offset in it>", to $GESTURE_ACCESS_COUNTS
// (the script turns the offsets into source lines with addr2line). Not linked into anything the
// project ships; single-threaded use only (the benchmark replays on one thread).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void (*begin_access_fn)(void *, void *, uintptr_t, void *);

enum { table_size = 1 << 16 };
static void *sites[table_size];
static uint64_t calls[table_size];

void swift_beginAccess(void *pointer, void *buffer, uintptr_t flags, void *pc) {
  static begin_access_fn next;
  if (!next) next = (begin_access_fn)dlsym(RTLD_NEXT, "swift_beginAccess");
  void *site = __builtin_return_address(0);
  // Open addressing; a full table stops counting new sites rather than loop.
  uintptr_t slot = ((uintptr_t)site >> 2) & (table_size - 1);
  for (int probes = 0; probes < table_size; probes++, slot = (slot + 1) & (table_size - 1)) {
    if (sites[slot] == site || sites[slot] == NULL) {
      sites[slot] = site;
      calls[slot]++;
      break;
    }
  }
  next(pointer, buffer, flags, pc);
}

__attribute__((destructor)) static void write_counts(void) {
  const char *path = getenv("GESTURE_ACCESS_COUNTS");
  if (!path) return;
  FILE *out = fopen(path, "w");
  if (!out) return;
  for (int slot = 0; slot < table_size; slot++) {
    if (!sites[slot]) continue;
    Dl_info info;
    if (!dladdr(sites[slot], &info) || !info.dli_fname) continue;
    fprintf(out, "%llu %s 0x%lx\n", (unsigned long long)calls[slot], info.dli_fname,
            (unsigned long)((char *)sites[slot] - (char *)info.dli_fbase));
  }
  fclose(out);
}
