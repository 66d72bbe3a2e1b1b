// The memory settings production runs with: `npm start` and `npm run start:prod` (on their command
// lines in package.json), the Docker image (CMD's command line and ENV in docker/Dockerfile: Node refuses
// --min-semi-space-size in NODE_OPTIONS; test/deployment-files.e2e-spec.ts keeps the three equal) and, by
// default, the benchmark's service. Why these: docs/decisions/0008-memory-settings.md.

// V8's heap. A 32 MB semi-space lets a large answer's rows die young: with 16 MB, C (200 bookings with
// every expansion, 8 at a time) promoted them and spent twice the CPU per request. It is fixed (min =
// max): V8 otherwise shrinks the young generation while small requests run, and the first large
// answers after that are promoted again (C cost 6.5-6.9 ms a request after A and B, 5.1 with it fixed).
// The old-space cap bounds the heap; at 224-256 MB V8 collects the old space so often that C costs more.
export const HEAP_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32', '--max-old-space-size=512'];

// glibc's allocator, read when the process starts (so they cannot be set from inside it). Node's
// buffers (sockets, the answers' bytes) are allocated outside V8's heap: by default glibc keeps up to
// 16 arenas on 2 cores and raises its mmap threshold after freeing a large block, so freed memory
// stays in the process. Together these take 10-25 MB off the service's peak RSS.
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
