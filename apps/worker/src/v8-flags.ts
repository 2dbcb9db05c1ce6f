import { setFlagsFromString } from 'node:v8';

// Imported first by main.ts, so that it runs before the other modules load. `--optimize-for-size` is V8's memory-saving
// mode, not a heap cap (the heap still grows to what the work holds): V8 treats the heap as one to keep small
// (Heap::ShouldOptimizeForMemoryUsage), so the old generation grows by a conservative factor between full collections
// rather than up to 4x, and the young generation stays small. The 1,000,000-row import's garbage is then collected as
// it is made: the worker's peak RSS went from 286-298 MB to 207-210 MB, and its idle from 211-221 to 181-185 MB
// (docs/benchmarks.md "Import", issue 25). It cannot go in NODE_OPTIONS (Node refuses most V8 flags there).
setFlagsFromString('--optimize-for-size');
