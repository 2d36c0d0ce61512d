export { bankAccountsOf, usdtAddressesOf, usdtAddressSavedOf } from './repository.ts';
export { createPaymentsService, type PaymentsService } from './service.ts';
