/**
 * Flags staff set on a member (decision 0068). `watch`: orders flow, staff see a banner;
 * `payouts_held`: orders are created and paid, but no staff member can complete one until the hold
 * is lifted; `trading_blocked`: createTransaction refuses the member (50056).
 */
export const MEMBER_FLAGS = ['watch', 'payouts_held', 'trading_blocked'] as const;
export type MemberFlag = (typeof MEMBER_FLAGS)[number];
