import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtimeConfig.ts';

describe('the run-time config a browser reads from /config.json', () => {
  it('takes API_URL without its trailing slashes', () => {
    expect(readRuntimeConfig({ API_URL: 'https://api.bahtdesk.example/' })).toEqual({
      API_URL: 'https://api.bahtdesk.example',
    });
    expect(readRuntimeConfig({ API_URL: 'https://api.bahtdesk.example' }).API_URL).toBe(
      'https://api.bahtdesk.example',
    );
  });

  it('falls back to the same origin for anything it cannot use', () => {
    for (const value of [null, undefined, 42, 'x', [], {}, { API_URL: 7 }, { API_URL: null }]) {
      expect(readRuntimeConfig(value), JSON.stringify(value)).toEqual({ API_URL: '' });
    }
  });
});
