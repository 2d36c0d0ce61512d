import { describe, expect, it } from 'vitest';
import { E, errorByCode, messageFor, parseLang } from './errors.ts';

const defs = Object.values(E);
const codes = defs.map((d) => d.code);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('error catalogue', () => {
  it('gives every code once', () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has a non-empty English and Thai message for every code', () => {
    for (const d of defs) {
      expect(d.en.trim(), `en of ${d.code}`).not.toBe('');
      expect(d.th.trim(), `th of ${d.code}`).not.toBe('');
      expect(d.th, `th of ${d.code} is Thai`).toMatch(/[\u0E00-\u0E7F]/);
      for (const [name, words] of Object.entries(('variants' in d && d.variants) || {})) {
        expect(words.en.trim(), `en of ${d.code}:${name}`).not.toBe('');
        expect(words.th, `th of ${d.code}:${name} is Thai`).toMatch(/[\u0E00-\u0E7F]/);
      }
    }
  });

  it('gives each code within a range its own message', () => {
    const en = defs.filter((d) => d.code >= 10000).map((d) => d.en);
    const th = defs.filter((d) => d.code >= 10000).map((d) => d.th);
    expect(new Set(en).size).toBe(en.length);
    expect(new Set(th).size).toBe(th.length);
  });

  it('uses an HTTP status that is a real status for every code', () => {
    for (const d of defs) expect(d.status >= 200 && d.status <= 599, `status of ${d.code}`).toBe(true);
  });

  it.each([
    ['10001-10036', range(10001, 10036)],
    ['30001-30026', range(30001, 30026)],
    ['40001-40010', range(40001, 40010)],
    ['50001-50017', range(50001, 50017)],
    ['50021-50025', range(50021, 50025)],
  ])('covers every code of the spec range %s', (_name, list) => {
    for (const code of list) expect(errorByCode(code), `code ${code}`).toBeDefined();
  });

  it('covers every single code the product names', () => {
    for (const code of [
      0, 403, 500, 501, 502, 504, 505, 506, 997, 998, 999, 10052, 20001, 20002, 50036, 60001, 70001, 4290060,
    ]) {
      expect(errorByCode(code), `code ${code}`).toBeDefined();
    }
  });

  it('keeps the spec wording where the spec gives it', () => {
    expect(E.PHONE_NOT_FOUND.en).toBe('No user found with this phone number.');
    expect(E.EMAIL_NOT_FOUND.en).toBe('Email address not found');
    expect(E.OTP_INCORRECT.en).toBe('OTP incorrect');
    expect(E.CURRENT_PASSWORD_INCORRECT.en).toBe('Incorrect password');
    expect(E.PASSWORD_MISMATCH.en).toBe("Passwords don't match");
    expect(E.TRANSACTION_EXPIRED.en).toBe(
      "Sorry!, transaction time has expired. You can't make a transaction.",
    );
    expect(E.USDT_ADDRESS_INVALID.variants.evm.en).toBe('Invalid USDT Address (ERC-20)');
    expect(E.IP_BANNED.en).toBe('Your IP has been banned for 60 minutes due to exceeding the limit.');
    expect(E.WEEKDAY_REQUIRED.en).toBe(
      'Please select a business day that does not fall on Saturday or Sunday.',
    );
  });
});

describe('messageFor', () => {
  it('answers in the asked language', () => {
    expect(messageFor(10012, 'en')).toBe('OTP incorrect');
    expect(messageFor(10012, 'th')).toBe('รหัส OTP ไม่ถูกต้อง');
  });

  it('gives an empty message for an unknown code', () => {
    expect(messageFor(123456, 'en')).toBe('');
    expect(messageFor(-1, 'th')).toBe('');
  });
});

describe('parseLang', () => {
  it('reads Thai from Accept-Language and defaults to English', () => {
    expect(parseLang('th-TH,th;q=0.9')).toBe('th');
    expect(parseLang('en-US')).toBe('en');
    expect(parseLang(undefined)).toBe('en');
  });
});

describe('Thai wording', () => {
  it('calls an order รายการ and a chat แชท, as the apps do', () => {
    const texts = Object.values(E).flatMap((d) => [
      d.th,
      ...Object.values(d.variants ?? {}).map((v) => v.th),
    ]);
    expect(texts.filter((th) => /คำสั่ง|ออเดอร์|แชต|แช็ต/.test(th))).toEqual([]);
  });
});
