// The contract's route registry in a chunk of its own: lib/api-client.ts imports this file with import(), so the
// registry's schemas load with the first api call, not before the sign-in page renders.
export { ROUTES } from '@tracker/contract';
