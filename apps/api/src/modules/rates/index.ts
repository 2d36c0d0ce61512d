export { createRatesService, type RatesService, rateResultOf, ratesInForce } from './service.ts';
