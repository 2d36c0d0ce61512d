import { describe, expect, it } from 'vitest';
import { visitorCountry } from './country.ts';

describe('visitorCountry', () => {
  it("is 'th' when Thai is the most preferred language, whatever the order", () => {
    expect(visitorCountry({ 'accept-language': 'en;q=0.8, th;q=0.9' }, false)).toBe('th');
  });

  it('is the region of the first preferred entry that has one', () => {
    expect(visitorCountry({ 'accept-language': 'en, de-DE;q=0.5, en-GB;q=0.7' }, false)).toBe('gb');
  });

  it("is '' without Accept-Language or with nothing usable in it", () => {
    expect(visitorCountry({}, false)).toBe('');
    expect(visitorCountry({ 'accept-language': '*, ;;;, 12-34' }, false)).toBe('');
  });

  it('believes a proxy country header only when a proxy is trusted', () => {
    expect(visitorCountry({ 'cf-ipcountry': 'TH' }, false)).toBe('');
    expect(visitorCountry({ 'cf-ipcountry': 'TH' }, true)).toBe('th');
    expect(visitorCountry({ 'x-country': 'sg' }, ['10.0.0.0/8'])).toBe('sg');
    expect(visitorCountry({ 'cf-ipcountry': 'XX', 'accept-language': 'en-US' }, 1)).toBe('us');
  });
});
