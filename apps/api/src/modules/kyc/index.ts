export { kycStatusOf } from './repository.ts';
export { createKycService, type KycService } from './service.ts';
