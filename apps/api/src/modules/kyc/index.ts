export { kycReviewOf, kycStatusOf } from './repository.ts';
export { createKycService, type KycService, kycReview } from './service.ts';
