export { DateField, type DateFieldProps } from './DateField.tsx';
export { TimeField, type TimeFieldProps } from './TimeField.tsx';
export { formatTypedDate, parseTypedDate, parseTypedTime } from './typed.ts';
