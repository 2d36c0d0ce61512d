import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { limitRoomSchema } from '../trade-limits.ts';

/** A member's level (0 until identity is verified) and what they may still buy and sell. */
export const tradeLimitsResultSchema = z.object({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  buy: limitRoomSchema,
  sell: limitRoomSchema,
});
export type TradeLimitsResult = z.infer<typeof tradeLimitsResultSchema>;

/** The member's own limits: not one of the product's fixed calls, so it sits beside them. */
export const limitsEndpoints = {
  getTradeLimits: endpoint({
    method: 'POST',
    path: '/api/external/user/getTradeLimits',
    access: 'member',
    summary:
      "The member's level (0 until identity is verified) and, for buy and sell, the level's daily and monthly THB limits and what is left today and this month (Asia/Bangkok). Orders pending within their deadline, waiting for staff or completed count (decision 0067).",
    result: tradeLimitsResultSchema,
  }),
} as const;
