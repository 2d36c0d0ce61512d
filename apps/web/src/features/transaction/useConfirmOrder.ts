import { type BodyOf, E, type memberEndpoints, type Transaction } from '@bahtdesk/contract';
import { useRef, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';

export type ConfirmBody = BodyOf<(typeof memberEndpoints)['confrimTransaction']>;

/**
 * Confirms a pending order (buy or sell) with one idempotency key for the life of the payment
 * screen, so a retry after a lost answer cannot confirm twice. `confirm` hands the moved-on order
 * to `onConfirmed`; a refusal ends up in `problem`, the text to show, and `problemCode`, its code (a
 * form shows a field's refusal next to the field), both cleared on the next try.
 * Past the deadline (50013) the form can never succeed, so `onExpired` lets the page read the order
 * again and show it expired instead of the form.
 */
export function useConfirmOrder(onConfirmed: (order: Transaction) => void, onExpired: () => void) {
  const key = useRef(crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const [problemCode, setProblemCode] = useState<number | null>(null);

  async function confirm(body: ConfirmBody) {
    setProblem(null);
    setProblemCode(null);
    try {
      onConfirmed(
        await call('confrimTransaction', {
          body,
          dialog: false,
          headers: { 'Idempotency-Key': key.current },
        }),
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setProblemCode(error instanceof ApiError ? error.code : null);
      if (error instanceof ApiError && error.code === E.TRANSACTION_EXPIRED.code) onExpired();
    }
  }

  return { confirm, problem, problemCode };
}
