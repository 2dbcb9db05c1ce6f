import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, so that it runs before the other modules load. `--optimize-for-size` is V8's memory-saving
// mode, not a heap cap (the heap still grows to what the work holds): V8 treats the heap as one to keep small
// (Heap::ShouldOptimizeForMemoryUsage), so the old generation grows by a conservative factor between full collections
// rather than up to 4x, and the young generation stays small (1-8 MB instead of 64). The 1,000,000-row import's
// garbage is then collected as it is made: 75-100 MB off the worker's peak RSS (250 -> 168 MB), for more collections
// (2-3 s of CPU on that import, 0.05-0.09 of its ratio to raw COPY on a quiet machine; docs/benchmarks.md "Import",
// issue 25). Removing this line trades the memory back for that speed. Not settable in NODE_OPTIONS (Node refuses it).
setFlagsFromString('--optimize-for-size');
