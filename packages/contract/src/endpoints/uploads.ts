import { KYC_MAX_UPLOAD_BYTES } from '../limits.ts';

/**
 * Body limits of the calls that carry images as base64 in JSON (decision 0004): base64 makes
 * 4 bytes of 3, plus room for the other fields.
 */
const base64Bytes = (images: number) => Math.ceil((images * KYC_MAX_UPLOAD_BYTES * 4) / 3) + 64 * 1024;

/** One image (uploadImgFile). */
export const IMAGE_BODY_LIMIT = base64Bytes(1);
/** A slip or transfer screenshot with the order's payment details (confrimTransaction). */
export const SLIP_BODY_LIMIT = base64Bytes(1);
/** The four identity-verification images (uploadKyc): about 11 MB. */
export const KYC_BODY_LIMIT = base64Bytes(4);
