import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E, type ErrorDef } from '../errors.ts';
import {
  emailSchema,
  formatThaiPhone,
  isValidEmail,
  isValidName,
  isValidOtp,
  isValidPassword,
  isValidThaiPhone,
  isValidUsername,
  normaliseThaiPhone,
  otpSchema,
  passwordConfirmationSchema,
  passwordSchema,
  personNameSchema,
  thaiPhoneSchema,
  usernameSchema,
  withPasswordConfirmation,
} from './member.ts';

const codeOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const c = (d: ErrorDef) => String(d.code);

describe('username: at least 4 characters, letters or numbers only', () => {
  it.each(['abcd', 'User1234', '1234', 'a'.repeat(20)])('accepts %j', (u) => {
    expect(isValidUsername(u)).toBe(true);
    expect(usernameSchema.parse(u)).toBe(u);
  });

  it.each([
    ['abc', E.USERNAME_LENGTH],
    ['a'.repeat(21), E.USERNAME_LENGTH],
    ['user_name', E.USERNAME_SPECIAL_CHARS],
    ['user name', E.USERNAME_SPECIAL_CHARS],
    ['ผู้ใช้งาน', E.USERNAME_SPECIAL_CHARS],
    ['', E.REQUIRED],
    [undefined, E.REQUIRED],
  ])('refuses %j with its code', (u, d) => {
    expect(codeOf(usernameSchema, u)).toBe(c(d));
    if (typeof u === 'string') expect(isValidUsername(u)).toBe(false);
  });
});

describe('password: at least 6 characters, A-Z a-z 0-9 only', () => {
  it.each(['abc123', 'ABCDEF', '123456', 'Aa1'.repeat(21)])('accepts %j', (p) => {
    expect(isValidPassword(p)).toBe(true);
    expect(passwordSchema.parse(p)).toBe(p);
  });

  it.each(['abc12', 'abc 123', 'abc123!', 'รหัสผ่าน12', ' abc123', 'a'.repeat(65)])('refuses %j', (p) => {
    expect(isValidPassword(p)).toBe(false);
    expect(codeOf(passwordSchema, p)).toBe(c(E.PASSWORD_INVALID));
  });

  it('asks for a password when it is missing', () => {
    expect(codeOf(passwordSchema, '')).toBe(c(E.REQUIRED));
  });
});

describe('password confirmation', () => {
  const form = withPasswordConfirmation(
    z.object({
      username: usernameSchema,
      password: passwordSchema,
      confirmPassword: passwordConfirmationSchema,
    }),
  );

  it('accepts a matching confirmation', () => {
    expect(form.safeParse({ username: 'abcd', password: 'abc123', confirmPassword: 'abc123' }).success).toBe(
      true,
    );
  });

  it("says 'please confirm password' when the confirmation is empty", () => {
    const r = form.safeParse({ username: 'abcd', password: 'abc123', confirmPassword: '' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['confirmPassword', c(E.PASSWORD_CONFIRM_REQUIRED)],
    ]);
  });

  it("says 'passwords don't match' on the confirmation field, even while other fields are wrong", () => {
    const r = form.safeParse({ username: 'ab!c', password: 'abc123', confirmPassword: 'abc124' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['username', c(E.USERNAME_SPECIAL_CHARS)],
      ['confirmPassword', c(E.PASSWORD_MISMATCH)],
    ]);
  });

  it('checks other field names when told to', () => {
    const change = withPasswordConfirmation(
      z.object({ newPassword: passwordSchema, confirmNewPassword: passwordConfirmationSchema }),
      'newPassword',
      'confirmNewPassword',
    );
    const r = change.safeParse({ newPassword: 'abc123', confirmNewPassword: 'xyz789' });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['confirmNewPassword'],
      message: c(E.PASSWORD_MISMATCH),
    });
  });
});

describe('OTP: exactly 6 digits', () => {
  it('accepts 6 digits, ignoring spaces around a pasted code', () => {
    expect(isValidOtp('012345')).toBe(true);
    expect(otpSchema.parse(' 012345 ')).toBe('012345');
  });

  it.each(['12345', '1234567', '12a456', '12 456', '١٢٣٤٥٦', '๑๒๓๔๕๖'])('refuses %j', (o) => {
    expect(isValidOtp(o)).toBe(false);
    expect(codeOf(otpSchema, o)).toBe(c(E.OTP_FORMAT));
  });
});

describe('first and last name: Thai or English letters, with a hyphen or apostrophe inside a word as on a passport', () => {
  it.each([
    ['Somchai', 'Somchai'],
    ['สมชาย', 'สมชาย'],
    ['ณัฐพล', 'ณัฐพล'],
    ['กิ่งแก้ว', 'กิ่งแก้ว'],
    ['Mary Jane', 'Mary Jane'],
    ['  Mary   Jane ', 'Mary Jane'],
    ['Doe-Smith', 'Doe-Smith'],
    ['Anne-Marie', 'Anne-Marie'],
    ["O'Brien", "O'Brien"],
    ['O’Brien', "O'Brien"],
    ["Jean-Luc D'Arcy", "Jean-Luc D'Arcy"],
  ])('accepts %j as %j', (raw, out) => {
    expect(isValidName(raw)).toBe(true);
    expect(personNameSchema.parse(raw)).toBe(out);
  });

  it.each([
    'John3',
    '-Smith',
    'Smith-',
    "O''Brien",
    'Doe--Smith',
    "Doe-'Smith",
    'Doe - Smith',
    "'",
    'Doe_Smith',
    'Doe.Smith',
    'สมชาย๑',
    'ราคา฿',
    'Jörg',
    '李雷',
    'a'.repeat(101),
  ])('refuses %j', (n) => {
    expect(isValidName(n)).toBe(false);
    expect(codeOf(personNameSchema, n)).toBe(c(E.NAME_INVALID));
  });

  it('requires a name', () => {
    expect(codeOf(personNameSchema, '   ')).toBe(c(E.REQUIRED));
    expect(codeOf(personNameSchema, undefined)).toBe(c(E.REQUIRED));
  });
});

describe('email: required and valid', () => {
  it('accepts a valid address, trimmed and lower-cased', () => {
    expect(isValidEmail('Somchai@Example.co.th')).toBe(true);
    expect(emailSchema.parse(' Somchai@Example.co.th ')).toBe('somchai@example.co.th');
  });

  it.each([
    'somchai',
    'somchai@',
    '@example.com',
    'som chai@example.com',
    'a@b',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
    expect(codeOf(emailSchema, e)).toBe(c(E.EMAIL_INVALID));
  });

  it('requires an email', () => {
    expect(codeOf(emailSchema, '')).toBe(c(E.REQUIRED));
  });
});

describe('phone: a complete Thai mobile number', () => {
  it.each([
    ['0812345678', '0812345678'],
    ['061-234-5678', '0612345678'],
    ['095 123 4567', '0951234567'],
    ['+66812345678', '0812345678'],
    ['+66 81 234 5678', '0812345678'],
    ['66812345678', '0812345678'],
    ['+66 0812345678', '0812345678'],
    ['0066812345678', '0812345678'],
  ])('accepts %j as %j', (raw, out) => {
    expect(normaliseThaiPhone(raw)).toBe(out);
    expect(thaiPhoneSchema.parse(raw)).toBe(out);
  });

  it.each([
    ['a landline', '021234567'],
    ['a provincial landline', '053123456'],
    ['an incomplete number', '081234567'],
    ['too many digits', '08123456789'],
    ['a number not starting 06/08/09', '0712345678'],
    ['a foreign number', '+14155552671'],
    ['letters', '08l2345678'],
  ])('refuses %s', (_what, raw) => {
    expect(isValidThaiPhone(raw)).toBe(false);
    expect(codeOf(thaiPhoneSchema, raw)).toBe(c(E.PHONE_INVALID));
  });

  it('requires a phone number', () => {
    expect(codeOf(thaiPhoneSchema, '')).toBe(c(E.REQUIRED));
  });
});

describe('phone numbers as Thais write them', () => {
  it('groups a stored mobile number 3-3-4', () => {
    expect(formatThaiPhone('0812345678')).toBe('081-234-5678');
  });

  it('leaves anything that is not a stored mobile number as it is', () => {
    expect(formatThaiPhone('021234567')).toBe('021234567');
  });
});
