export { createPublicReads, type PublicReads } from './public-reads.ts';
