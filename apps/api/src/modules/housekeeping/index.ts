export { pruneExpired, schedulePruning } from './prune.ts';
