import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { imageBase64Schema } from '../validators/image.ts';
import { IMAGE_BODY_LIMIT, KYC_BODY_LIMIT } from './uploads.ts';

/**
 * Identity verification (design section 4): a member is `unverified` until they submit the four
 * images, `waiting` while staff review them, then `verified` or `failed` (a failed member may
 * submit again).
 */
export const KYC_STATUSES = ['unverified', 'waiting', 'verified', 'failed'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The four identity-verification images (design section 4). */
export const uploadKycBodySchema = z.object({
  passportImage: imageBase64Schema,
  holdingPassportImage: imageBase64Schema,
  screenshot1Image: imageBase64Schema,
  screenshot2Image: imageBase64Schema,
});

export const kycEndpoints = {
  uploadKyc: endpoint({
    method: 'POST',
    path: '/api/external/user/uploadKyc',
    access: 'member',
    summary:
      'Submits the four identity-verification images in one request; the member becomes waiting. Allowed when unverified or failed.',
    body: uploadKycBodySchema,
    bodyLimit: KYC_BODY_LIMIT,
    result: z.object({ kycStatus: z.enum(KYC_STATUSES) }),
  }),
  uploadImgFile: endpoint({
    method: 'POST',
    path: '/api/external/user/uploadImgFile',
    access: 'member',
    summary:
      'Checks one image (JPG or PNG, decodable, at most 2 MB) without storing it, so a form can flag a bad slip or photo before submitting.',
    body: z.object({ image: imageBase64Schema }),
    bodyLimit: IMAGE_BODY_LIMIT,
    result: z.object({
      mime: z.enum(['image/jpeg', 'image/png']),
      size: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
    }),
  }),
} as const;
