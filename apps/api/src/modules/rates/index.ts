export { createRatesService, type RatesService } from './service.ts';
