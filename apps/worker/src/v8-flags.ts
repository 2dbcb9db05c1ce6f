import { setFlagsFromString } from 'node:v8';

/**
 * Whether the worker runs in V8's memory-saving mode (`WORKER_OPTIMIZE_FOR_SIZE`, default on; `0` or `false` turns it
 * off): docs/deployment.md. Read here from the environment, not through the config, because the flag must be set
 * before the other modules load.
 */
export function optimizeForSize(env: NodeJS.ProcessEnv): boolean {
  const v = env.WORKER_OPTIMIZE_FOR_SIZE?.trim().toLowerCase();
  return v !== '0' && v !== 'false';
}

// Imported first by main.ts, so that it runs before the other modules load. `--optimize-for-size` is V8's memory-saving
// mode, not a heap cap (the heap still grows to what the work holds): V8 treats the heap as one to keep small
// (Heap::ShouldOptimizeForMemoryUsage), so the old generation grows by a conservative factor between full collections
// rather than up to 4x, and the young generation stays small (1-8 MB instead of 64). The 1,000,000-row import's
// garbage is then collected as it is made: 75-100 MB off the worker's peak RSS (250 -> 168-177 MB), for more
// collections (2-3 s of CPU on that import, 0.45-0.46 against 0.54-0.55 of its ratio to raw COPY on a quiet machine;
// docs/benchmarks.md "Import", issue 25). `WORKER_OPTIMIZE_FOR_SIZE=0` trades the memory back for that speed. Not
// settable in NODE_OPTIONS (Node refuses it).
if (optimizeForSize(process.env)) setFlagsFromString('--optimize-for-size');
