export { type AmloQueue, createAmloQueue } from './amlo.ts';
export { createDailyCloses, type DailyCloses } from './closes.ts';
