export { type CheckedImage, checkImage } from './check.ts';
export {
  IMAGE_JOBS_AT_ONCE,
  IMAGE_JOBS_WAITING_MAX,
  imageQueueState,
  imageWork,
  imageWorkWhenIdle,
} from './queue.ts';
export { readSlipQr } from './slip-qr.ts';
export { checkStaged, claimStagedImage, spendUpload, stageImage } from './staging.ts';
export { storeImage } from './store.ts';
export { type UploadsAtOnce, uploadsAtOnce } from './uploads-at-once.ts';
