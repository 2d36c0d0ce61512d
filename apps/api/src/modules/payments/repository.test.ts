import { describe, expect, it } from 'vitest';
import { compileOnly as db } from '../../../test/compile-only.ts';
import { lockMemberQuery } from '../../db/locks.ts';
import { countPaymentsQuery } from './repository.ts';

describe('the limit of 10 is counted under a lock on the member row', () => {
  it('locks the member row with SELECT ... FOR UPDATE', () => {
    const q = lockMemberQuery(db, 7).compile();
    expect(q.sql).toBe('select "id" from "members" where "id" = $1 for update');
    expect(q.parameters).toEqual([7]);
  });

  it('counts only the member’s own entries of the one kind', () => {
    expect(countPaymentsQuery(db, 'bank', 7).compile().sql).toBe(
      'select count(*) as "n" from "bank_accounts" where "member_id" = $1',
    );
    expect(countPaymentsQuery(db, 'usdt', 7).compile().sql).toBe(
      'select count(*) as "n" from "usdt_addresses" where "member_id" = $1',
    );
  });
});
