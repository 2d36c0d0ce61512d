export { activeFlagOf, activeFlagsOf, hasActiveFlag } from './repository.ts';
export { createFlagsService, type FlagsService } from './service.ts';
