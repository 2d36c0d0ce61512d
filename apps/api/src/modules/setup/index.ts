export { SETUP_GUIDE } from './guide.ts';
export { createSetupService, type SetupService } from './service.ts';
