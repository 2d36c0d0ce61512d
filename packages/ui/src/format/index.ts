export { formatAmount, formatWholeAmount } from './amount.ts';
export { formatDate, formatDateTime } from './dates.ts';
export { Keep, keepWhole } from './keep.tsx';
