import { describe, expect, it } from 'vitest';
import { parseEvents } from './eventStream.ts';

describe('reading the live event stream', () => {
  it('passes on each complete event by name and keeps an unfinished one for the next chunk', () => {
    const seen: string[] = [];
    let rest = parseEvents(
      ': keep-alive\n\nevent: rates.changed\ndata: {"name":"rates.changed","data":{}}\n\nevent: news.ch',
      (name) => seen.push(name),
    );
    expect(seen).toEqual(['rates.changed']);
    rest = parseEvents(`${rest}anged\ndata: {}\n\n`, (name) => seen.push(name));
    expect(seen).toEqual(['rates.changed', 'news.changed']);
    expect(rest).toBe('');
  });

  it('reads events separated by CRLF', () => {
    const seen: string[] = [];
    parseEvents('event: settings.changed\r\ndata: {}\r\n\r\n', (name) => seen.push(name));
    expect(seen).toEqual(['settings.changed']);
  });
});
