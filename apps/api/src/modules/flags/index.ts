export { activeFlagsOf, hasActiveFlag } from './repository.ts';
export { createFlagsService, type FlagsService } from './service.ts';
