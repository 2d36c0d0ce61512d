export { formatAmount, formatWholeAmount } from './amount.ts';
export { formatDate, formatDateTime } from './dates.ts';
