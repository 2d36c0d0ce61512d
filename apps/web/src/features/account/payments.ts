import type { AddPaymentBody, DeletePaymentBody, Payments, UpdatePaymentBody } from '@bahtdesk/contract';
import { call } from '../../lib/api.ts';
import { getState, setState } from '../../lib/store.ts';

/** The member's saved payment details after a change, put into the profile in the client state. */
function keep(result: Payments): void {
  const { profile } = getState();
  if (profile) {
    setState({
      profile: { ...profile, bankAccounts: result.bankAccounts, usdtAddresses: result.usdtAddresses },
    });
  }
}

export async function addPayment(body: AddPaymentBody): Promise<void> {
  keep(await call('addPayment', { body, dialog: false }));
}

export async function updatePayment(body: UpdatePaymentBody): Promise<void> {
  keep(await call('updatePayment', { body, dialog: false }));
}

export async function deletePayment(body: DeletePaymentBody): Promise<void> {
  keep(await call('deletePayment', { body, dialog: false }));
}
