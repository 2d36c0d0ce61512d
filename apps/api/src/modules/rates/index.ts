export { createRatesService, type RatesService, rateResultOf } from './service.ts';
