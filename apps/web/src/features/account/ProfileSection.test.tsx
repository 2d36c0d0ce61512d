import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountServer, PROFILE } from '../../../test/account.ts';
import { fail, type Handler, mockApi, ok, publicServer, renderApp } from '../../../test/app.tsx';

const EDIT = '/api/external/user/editProfile';

async function openProfileForm(editProfile: Handler) {
  localStorage.setItem('token', 'member-token');
  const api = mockApi({ ...publicServer(), ...accountServer, profile: () => ok(PROFILE), editProfile });
  await renderApp('/account');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return api;
}

/** The profile form (the password section below has a 'Current password' field of its own). */
const form = () => within(screen.getByRole('form', { name: 'Edit profile' }));

async function retype(label: string, text: string) {
  const input = form().getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const saved = (r: { body: unknown }) => ok({ ...PROFILE, ...(r.body as object) });

describe('profile edit', () => {
  it('changes names alone without asking for the password', async () => {
    const { requests } = await openProfileForm(saved);
    await retype('Last name', 'Rakdee');
    await retype('Phone number', '+66 81 234 5678');
    expect(form().queryByLabelText('Current password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    const body = requests.find((r) => r.path === EDIT)?.body;
    expect(body).toMatchObject({ lastName: 'Rakdee' });
    expect(body).not.toHaveProperty('currentPassword');
  });

  it('asks for the current password, with the reason, once the email changes, and sends it', async () => {
    const { requests } = await openProfileForm(saved);
    await retype('Email', 'new@example.com');
    const password = form().getByLabelText('Current password');
    expect(form().getByText(/changing them needs your current password/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(form().getByText('This field is required.')).toBeTruthy();
    expect(requests.some((r) => r.path === EDIT)).toBe(false);

    await userEvent.type(password, 'abc123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(requests.find((r) => r.path === EDIT)?.body).toMatchObject({
      email: 'new@example.com',
      currentPassword: 'abc123',
    });
  });

  it('shows a wrong current password (10017) from the server on the password field', async () => {
    await openProfileForm(() => fail(10017));
    await retype('Phone number', '0898765432');
    const password = form().getByLabelText('Current password');
    await userEvent.type(password, 'wrong1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(form().getByText('Incorrect password')).toBeTruthy();
    expect(document.activeElement).toBe(password);
  });
});
