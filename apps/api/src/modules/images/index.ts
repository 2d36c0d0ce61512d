export { type CheckedImage, checkImage } from './check.ts';
export { readSlipQr } from './slip-qr.ts';
export { storeImage } from './store.ts';
