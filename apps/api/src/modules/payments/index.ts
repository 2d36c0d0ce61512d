export { bankAccountsOf, usdtAddressesOf } from './repository.ts';
export { createPaymentsService, type PaymentsService } from './service.ts';
