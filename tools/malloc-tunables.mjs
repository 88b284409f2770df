// glibc malloc settings for the processes that stream object data (the server, the demo cloud).
//
// Node allocates a fresh ~64 KiB buffer for every piece a socket reads and the HTTP client
// copies each body piece again; both are freed a moment later. With glibc's defaults the top
// of the heap is given back to the kernel (brk) as soon as 128 KiB of it are free, so each new
// piece faulted in fresh, zeroed pages: a 1 GiB download through the server cost ~220,000
// minor page faults and 5–7 CPU seconds instead of ~2 (bench/RESULTS.md, issue 11).
// Keeping 16 MiB of free heap when it trims (top_pad) and trimming only above 64 MiB free,
// the pieces reuse memory: ~2,000 faults and ~2 CPU seconds per GiB. (A 16 MiB trim threshold
// alone still faulted ~150,000 times per GiB.) Allocations under 4 MiB come from the heap rather
// than from mmap, so the 1 MiB frames of a chunked upload are reused too; setting any of these
// turns off glibc's own moving of that threshold. Pages freed and kept count in RSS only once
// touched, so this holds at most what the process used at its peak, up to 64 MiB.
// Ignored where the C library is not glibc (musl); an operator's own GLIBC_TUNABLES wins.

export const MALLOC_TUNABLES = [
  `glibc.malloc.trim_threshold=${64 * 1024 * 1024}`,
  `glibc.malloc.top_pad=${16 * 1024 * 1024}`,
  `glibc.malloc.mmap_threshold=${4 * 1024 * 1024}`,
];

// V8 flags for the server process, for the same streams. Each piece read from a socket is a
// fresh Buffer whose memory V8 counts as external; once the server has been idle for a while V8
// shrinks the young generation to 1 MiB, and then a streamed body's external memory, not its
// allocations, sets the pace of garbage collection: a full mark-compact of the whole heap every
// ~150 ms. An upload after a pause cost the server 2.7 CPU seconds per GiB instead of 0.8
// (bench:objects, issue 11). A young generation that keeps 16 MiB semi-spaces (V8's default
// largest on 64-bit, which the server reaches under any load) lets scavenges free the pieces and
// no full collection runs. Not allowed in NODE_OPTIONS: it goes on the command line.
export const SERVER_V8_FLAGS = ['--min-semi-space-size=16'];

/** `env` with our malloc tunables added to GLIBC_TUNABLES, except those the operator set. */
export function withMallocTunables(env) {
  const own = (env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
  const named = new Set(own.map((item) => item.slice(0, item.indexOf('='))));
  const added = MALLOC_TUNABLES.filter((item) => !named.has(item.slice(0, item.indexOf('='))));
  return { ...env, GLIBC_TUNABLES: [...own, ...added].join(':') };
}
