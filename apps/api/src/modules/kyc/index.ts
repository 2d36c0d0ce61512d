export { createKycService, type KycService } from './service.ts';
