export { type CheckedImage, checkImage } from './check.ts';
