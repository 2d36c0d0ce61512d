import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderConsole } from '../../test/app.tsx';
import signInTh from '../locales/th/signIn.json';

const INVISIBLE = /[\u200b\u2060]/;

// The console's JSX goes through the kit's Thai runtime, as the member app's does (decisions 0034, 0072).
describe('Thai compounds in the console are kept whole on a line and read as written', () => {
  it('draws each compound of the Thai sign-in in a nowrap span, and names the heading and fields exactly', async () => {
    localStorage.setItem('adminLanguage', 'th');
    mockApi({});
    await renderConsole('/sign-in');
    const heading = await screen.findByRole('heading', { level: 1, name: signInTh.password.title });
    // เข้าสู่ระบบเจ้าหน้าที่: two terms, each in its own span, the text one child of the heading.
    expect([...heading.querySelectorAll('.thai-term')].map((span) => span.textContent)).toEqual([
      'เข้าสู่ระบบ',
      'เจ้าหน้าที่',
    ]);
    expect(heading.children).toHaveLength(1);
    expect(screen.getByLabelText(signInTh.password.username).tagName).toBe('INPUT');
    expect(screen.getByLabelText(signInTh.password.password).tagName).toBe('INPUT');
    expect(INVISIBLE.test(document.body.textContent ?? '')).toBe(false);
  });
});
