import { describe, expect, it } from 'vitest';
import { compileOnly as db } from '../../../test/compile-only.ts';
import { claimLiveTriesQuery, consumeOtpQuery, consumeTicketQuery } from './repository.ts';

const now = new Date('2026-11-22T03:00:00Z');

describe('an OTP and a reset ticket are used up by a conditional UPDATE, so one racing request wins', () => {
  it('an OTP is used up only while unused, returning a row to the one request that did', () => {
    const q = consumeOtpQuery(db, 5, now).compile();
    expect(q.sql).toBe(
      'update "otp_codes" set "used_at" = $1 where "id" = $2 and "used_at" is null returning "channel"',
    );
    expect(q.parameters).toEqual([now, 5]);
  });

  it('a reset ticket is used up only while unused and unexpired', () => {
    const q = consumeTicketQuery(db, 'hash', now).compile();
    expect(q.sql).toBe(
      'update "otp_codes" set "used_at" = $1 where ("code_hash" = $2 and "purpose" = $3 and "used_at" is null and "expires_at" > $4) returning "member_id"',
    );
    expect(q.parameters).toEqual([now, 'hash', 'reset_ticket', now]);
  });

  it('a try is claimed on every live OTP of the member in the same UPDATE that checks each is unused, unexpired and has tries left', () => {
    const q = claimLiveTriesQuery(db, 7, now, 5).compile();
    expect(q.sql).toBe(
      'update "otp_codes" set "attempts" = "attempts" + $1 where "member_id" = $2 and "purpose" = $3 and "used_at" is null and "expires_at" > $4 and "attempts" < $5 returning "id", "code_hash", "attempts"',
    );
    expect(q.parameters).toEqual([1, 7, 'password_reset', now, 5]);
  });
});
