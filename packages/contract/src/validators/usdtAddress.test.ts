import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, bech32, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { E } from '../errors.ts';
import { validationMessage } from './messages.ts';
import {
  canReceiveFunds,
  custodySchema,
  exchangeUidSchema,
  isValidBep2Address,
  isValidEvmAddress,
  isValidSolanaAddress,
  isValidTronAddress,
  isValidUsdtAddress,
  isWalletPublicKey,
  networkIdSchema,
  toChecksumAddress,
  usdtAddressSchema,
  withUsdtAddressCheck,
} from './usdtAddress.ts';

// EIP-55 specification test vectors.
const EIP55 = {
  allCaps: ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'],
  allLower: ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'],
  normal: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ],
};

describe('BEP20 and Tether (ERC-20) addresses: 0x + 40 hex, EIP-55 when mixed case', () => {
  it.each([...EIP55.allCaps, ...EIP55.allLower, ...EIP55.normal])('accepts the EIP-55 vector %s', (a) => {
    expect(isValidEvmAddress(a)).toBe(true);
    expect(isValidUsdtAddress('BEP20', a)).toBe(true);
    expect(isValidUsdtAddress('TETHER', a)).toBe(true);
  });

  it.each(EIP55.normal)('computes the EIP-55 checksum of %s', (a) => {
    expect(toChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('refuses a mixed-case address whose checksum does not hold', () => {
    // One letter of an EIP-55 vector with its case flipped.
    expect(isValidEvmAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidEvmAddress('0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDB')).toBe(false);
  });

  it.each([
    '',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg',
  ])('refuses the malformed address %j', (a) => {
    expect(isValidEvmAddress(a)).toBe(false);
  });
});

describe('BEP20 and Tether (ERC-20): addresses no one can spend from are refused', () => {
  it.each([
    ['the zero address', '0x0000000000000000000000000000000000000000'],
    ['0x...dEaD', '0x000000000000000000000000000000000000dEaD'],
    ['a precompile', '0x0000000000000000000000000000000000000001'],
    ['another small number', '0x000000000000000000000000000000000000ffff'],
    ['the 0xdead...42069 burn address', '0xdEAD000000000000000042069420694206942069'],
    ['all ones', '0xffffffffffffffffffffffffffffffffffffffff'],
    ['the native-coin placeholder', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'],
    ['the USDT contract on Ethereum', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
    ['the USDT contract on BNB Smart Chain', '0x55d398326f99059fF775485246999027B3197955'],
  ])('refuses %s (%s) on both networks', (_what, a) => {
    expect(isValidEvmAddress(a)).toBe(true);
    expect(canReceiveFunds('evm', a)).toBe(false);
    expect(canReceiveFunds('evm', a.toLowerCase())).toBe(false);
    expect(isValidUsdtAddress('BEP20', a)).toBe(false);
    expect(isValidUsdtAddress('TETHER', a)).toBe(false);
  });

  it('accepts an address with 17 leading zero bytes (a vanity address someone holds the key of)', () => {
    expect(isValidUsdtAddress('BEP20', '0x0000000000000000000000000000000000010000')).toBe(true);
  });
});

// BIP-173 checksum test vectors.
const BIP173_VALID = [
  'A12UEL5L',
  'a12uel5l',
  'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
  'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
  '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
  'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
  '?1ezyfcl',
];
const BIP173_INVALID = [
  '\x201nwldj5',
  '\x7f1axkwrx',
  '\x801eym55h',
  'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx',
  'pzry9x0s0muk',
  '1pzry9x0s0muk',
  'x1b4n0q5v',
  'li1dgmt3',
  'de1lg7wt\xff',
  'A1G7SGD8',
  '10a06t8',
  '1qzzfhee',
];
// Real BNB Beacon Chain addresses (Binance documentation and Binance's deposit address).
const BNB_VALID = [
  'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2',
  'bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23',
];

describe('BEP2 addresses: bech32 with the bnb prefix', () => {
  it.each(BIP173_VALID)('the bech32 decoder the BEP2 check uses accepts the BIP-173 vector %j', (s) => {
    expect(() => bech32.decode(s as `${string}1${string}`)).not.toThrow();
  });

  it.each(BIP173_INVALID)('the bech32 decoder rejects the BIP-173 invalid vector %j', (s) => {
    expect(() => bech32.decode(s as `${string}1${string}`)).toThrow();
    expect(isValidBep2Address(s)).toBe(false);
  });

  it.each(BIP173_VALID)('refuses the valid bech32 string %j whose prefix is not bnb', (s) => {
    expect(isValidBep2Address(s)).toBe(false);
  });

  it.each(BNB_VALID)('accepts the bnb address %s, in lower or upper case', (a) => {
    expect(isValidBep2Address(a)).toBe(true);
    expect(isValidBep2Address(a.toUpperCase())).toBe(true);
    expect(isValidUsdtAddress('BEP2', a)).toBe(true);
  });

  it('refuses mixed case, a changed character, a testnet prefix and a wrong payload length', () => {
    const a = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
    expect(isValidBep2Address(`bnb1Grpf${a.slice(8)}`)).toBe(false);
    expect(isValidBep2Address(`${a.slice(0, -1)}3`)).toBe(false);
    expect(isValidBep2Address(bech32.encode('tbnb', bech32.toWords(new Uint8Array(20))))).toBe(false);
    expect(isValidBep2Address(bech32.encode('bnb', bech32.toWords(new Uint8Array(32))))).toBe(false);
    expect(isValidBep2Address(bech32.encode('bnb', bech32.toWords(new Uint8Array(20))))).toBe(true);
  });

  it('refuses an address whose first 18 bytes are zero (no key hashes to it)', () => {
    const zero = bech32.encode('bnb', bech32.toWords(new Uint8Array(20)));
    const low = new Uint8Array(20);
    low[19] = 1;
    expect(isValidUsdtAddress('BEP2', zero)).toBe(false);
    expect(isValidUsdtAddress('BEP2', zero.toUpperCase())).toBe(false);
    expect(isValidUsdtAddress('BEP2', bech32.encode('bnb', bech32.toWords(low)))).toBe(false);
  });
});

/** A wallet's address: the base58 public key of an ed25519 key pair made from `seed`. */
const walletAddress = (seed: string) => base58.encode(ed25519.getPublicKey(sha256(utf8ToBytes(seed))));
const WALLETS = ['member wallet 1', 'member wallet 2', 'member wallet 3', 'member wallet 4'].map(
  walletAddress,
);
const onCurve = (bytes: Uint8Array) => {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The first one-character change of `address` that still decodes to 32 bytes but leaves the curve. */
function offCurveTypo(address: string): string {
  for (let i = address.length - 1; i >= 0; i--) {
    for (const c of BASE58_ALPHABET) {
      const typo = address.slice(0, i) + c + address.slice(i + 1);
      if (typo !== address && base58.decode(typo).length === 32 && !onCurve(base58.decode(typo))) return typo;
    }
  }
  throw new Error('no off-curve change found');
}
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A program-derived address (Solana's findProgramAddress): the first bump whose hash is off the curve. */
function programDerivedAddress(seeds: Uint8Array[], programId: Uint8Array): string {
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(
      concatBytes(...seeds, Uint8Array.of(bump), programId, utf8ToBytes('ProgramDerivedAddress')),
    );
    if (!onCurve(hash)) return base58.encode(hash);
  }
  throw new Error('no bump');
}

describe('Solana addresses: base58 of 32 bytes that are a wallet public key', () => {
  it.each(WALLETS)('accepts the wallet address %s', (a) => {
    expect(isValidSolanaAddress(a)).toBe(true);
    expect(isWalletPublicKey(base58.decode(a))).toBe(true);
    expect(isValidUsdtAddress('SOLANA', a)).toBe(true);
  });

  it.each(WALLETS)('refuses %s with one character changed so that it leaves the curve', (a) => {
    const typo = offCurveTypo(a);
    expect(typo).toHaveLength(a.length);
    expect(() => ed25519.Point.fromBytes(base58.decode(typo))).toThrow();
    expect(isValidSolanaAddress(typo)).toBe(true); // base58 alone has no checksum
    expect(isValidUsdtAddress('SOLANA', typo)).toBe(false);
  });

  it.each([
    ['the system program', '11111111111111111111111111111111'],
    ['the incinerator', '1nc1nerator11111111111111111111111111111111'],
    ['the wrapped SOL mint', 'So11111111111111111111111111111111111111112'],
    ['the USDT mint', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
    ['the USDC mint', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['the token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['the token-2022 program', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'],
    ['the associated token account program', 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'],
  ])('refuses %s (%s), which is no member wallet', (_what, a) => {
    expect(isValidSolanaAddress(a)).toBe(true);
    expect(canReceiveFunds('solana', a)).toBe(false);
    expect(isValidUsdtAddress('SOLANA', a)).toBe(false);
  });

  it("refuses a program-derived address, such as the member's own USDT token account", () => {
    const [wallet] = WALLETS as [string];
    const tokenAccount = programDerivedAddress(
      [
        base58.decode(wallet),
        base58.decode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
        base58.decode('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
      ],
      base58.decode('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    );
    expect(isValidSolanaAddress(tokenAccount)).toBe(true);
    expect(isValidUsdtAddress('SOLANA', tokenAccount)).toBe(false);
    expect(isValidUsdtAddress('SOLANA', wallet)).toBe(true);
  });

  it('refuses points of small order, for which no signature is accepted', () => {
    const identity = new Uint8Array(32);
    identity[0] = 1; // (0, 1)
    const orderTwo = hex.decode('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'); // (0, -1)
    const orderFour = new Uint8Array(32); // (sqrt(-1), 0): also the system program's address
    for (const bytes of [identity, orderTwo, orderFour]) {
      expect(onCurve(bytes)).toBe(true);
      expect(isWalletPublicKey(bytes)).toBe(false);
      expect(isValidUsdtAddress('SOLANA', base58.encode(bytes))).toBe(false);
    }
  });

  it.each([
    ['empty', ''],
    ['31 bytes', '1111111111111111111111111111111'],
    ['a character outside base58 (0)', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0'],
    ['a character outside base58 (l)', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5Dl'],
    ['too long', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYBEs'],
    ['an EVM address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('refuses %s', (_what, a) => {
    expect(isValidSolanaAddress(a)).toBe(false);
    expect(canReceiveFunds('solana', a)).toBe(false);
  });
});

describe('address for the chosen network', () => {
  it('refuses an address of another network and an unknown network', () => {
    expect(isValidUsdtAddress('SOLANA', EIP55.normal[0] as string)).toBe(false);
    expect(isValidUsdtAddress('BEP20', BNB_VALID[0] as string)).toBe(false);
    expect(isValidUsdtAddress('TRON', EIP55.normal[0] as string)).toBe(false);
    expect(isValidUsdtAddress('POLYGON', EIP55.normal[0] as string)).toBe(false);
  });

  const form = withUsdtAddressCheck(z.object({ network: networkIdSchema, address: usdtAddressSchema }));

  it('puts the invalid-address code on the address field, in the words of the network', () => {
    const r = form.safeParse({ network: 'BEP2', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['address'], message: `${E.USDT_ADDRESS_INVALID.code}:bep2` }),
    ]);
  });

  it("says 'Invalid USDT Address (ERC-20)' for BEP20 and Tether (the product's wording), and names BEP2 and Solana", () => {
    const wording = (network: string, lang: 'en' | 'th') =>
      validationMessage(
        form.safeParse({ network, address: 'not-an-address' }).error?.issues[0]?.message,
        lang,
      );
    expect(wording('BEP20', 'en')).toBe('Invalid USDT Address (ERC-20)');
    expect(wording('TETHER', 'en')).toBe('Invalid USDT Address (ERC-20)');
    expect(wording('BEP2', 'en')).toBe('Invalid USDT Address (BEP2)');
    expect(wording('SOLANA', 'en')).toBe('Invalid USDT Address (Solana)');
    expect(wording('SOLANA', 'th')).toBe('ที่อยู่ USDT ไม่ถูกต้อง (Solana)');
  });

  it('trims a pasted address and accepts it', () => {
    expect(form.parse({ network: 'SOLANA', address: ` ${WALLETS[0]}\n` })).toEqual({
      network: 'SOLANA',
      address: WALLETS[0],
    });
  });

  it('stores a BEP2 address in lower case, however it was written', () => {
    const a = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
    expect(form.parse({ network: 'BEP2', address: a.toUpperCase() })).toEqual({
      network: 'BEP2',
      address: a,
    });
    expect(form.parse({ network: 'BEP2', address: a })).toEqual({ network: 'BEP2', address: a });
    expect(form.safeParse({ network: 'BEP2', address: `bnb1Grpf${a.slice(8)}` }).success).toBe(false);
  });

  it('leaves an EVM address as it was written', () => {
    const a = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(form.parse({ network: 'BEP20', address: a })).toEqual({ network: 'BEP20', address: a });
  });

  it.each([
    ['BEP20', '0x0000000000000000000000000000000000000000', 'evm'],
    ['TETHER', '0x000000000000000000000000000000000000dEaD', 'evm'],
    ['BEP2', 'bnb1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq38lnxn', 'bep2'],
    ['SOLANA', '1nc1nerator11111111111111111111111111111111', 'solana'],
  ])('answers %s burn address %s with the network wording of 10021', (network, address, variant) => {
    const r = form.safeParse({ network, address });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['address'], message: `${E.USDT_ADDRESS_INVALID.code}:${variant}` }),
    ]);
  });

  it('answers network-not-found for an unknown network and required for an empty address', () => {
    const r = form.safeParse({ network: 'POLYGON', address: '' });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['network', String(E.NETWORK_NOT_FOUND.code)],
      ['address', String(E.REQUIRED.code)],
    ]);
  });
});

describe('TRON (TRC-20) addresses: base58check with version byte 0x41 (decision 0060)', () => {
  const form = withUsdtAddressCheck(z.object({ network: networkIdSchema, address: usdtAddressSchema }));
  const VALID = ['TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9'];

  it.each(VALID)('takes %s', (a) => {
    expect(isValidTronAddress(a)).toBe(true);
    expect(isValidUsdtAddress('TRON', a)).toBe(true);
    expect(isValidUsdtAddress('TRON', ` ${a} `)).toBe(true);
  });

  it.each([
    ['one character changed (checksum)', 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSj'],
    ['case changed (base58 is case-sensitive)', 'tV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi'],
    ['version byte 0x42 with a right checksum', 'TtRxtTpxUX44epi1ChyFjzVa39kcYLmRjj'],
    ['version byte 0x40 with a right checksum', 'T5kkvFEP4A8K1xRq9sJcmjwzn9Ej6SJ9cQ'],
    ['22 bytes with a right checksum', '2zVRjeu5oqaFKuvt7YgHXEYAZc1syY5JzS2o'],
    ['the hex form', '41d3682962027e721c5247a9faf7865fe4a71d5438'],
    ['an EVM address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['characters outside base58', 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiu0I'],
  ])('refuses %s', (_what, a) => {
    expect(isValidTronAddress(a)).toBe(false);
    expect(isValidUsdtAddress('TRON', a)).toBe(false);
  });

  it('refuses the zero account and the USDT token contract, which no one can spend from', () => {
    for (const a of ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']) {
      expect(isValidTronAddress(a)).toBe(true);
      expect(canReceiveFunds('tron', a)).toBe(false);
      expect(form.safeParse({ network: 'TRON', address: a }).error?.issues[0]?.message).toBe(
        `${E.USDT_ADDRESS_INVALID.code}:tron`,
      );
    }
  });
});

describe('an exchange address needs its UID, a personal wallet has none (decision 0031)', () => {
  const entry = withUsdtAddressCheck(
    z.object({
      network: networkIdSchema,
      address: usdtAddressSchema,
      custody: custodySchema,
      uid: exchangeUidSchema.nullish(),
    }),
  );
  const address = 'TV6MuMXfmLbBqPZvBHdwFsDnQeVfnmiuSi';

  it('asks for the UID of an exchange address, and reads a missing custody as an exchange', () => {
    for (const body of [{ custody: 'exchange' }, {}, { custody: 'exchange', uid: null }]) {
      const r = entry.safeParse({ network: 'TRON', address, ...body });
      expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['uid', String(E.REQUIRED.code)]]);
    }
    expect(entry.parse({ network: 'TRON', address, uid: ' 12345678 ' })).toMatchObject({
      custody: 'exchange',
      uid: '12345678',
    });
  });

  it('takes a personal wallet without a UID and keeps none even when one is sent', () => {
    expect(entry.parse({ network: 'TRON', address, custody: 'wallet' })).toMatchObject({ uid: null });
    expect(entry.parse({ network: 'TRON', address, custody: 'wallet', uid: '12345678' }).uid).toBeNull();
    expect(entry.safeParse({ network: 'TRON', address, custody: 'bank' }).success).toBe(false);
  });
});
