import { z } from 'zod';
import { E } from '../../errors.ts';
import { codeMessage } from '../../validators/messages.ts';

/** A `:id` path segment: a positive whole number. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: codeMessage(E.INVALID_INPUT) })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
});

/** `?page=&pageSize=` of a paged list: page from 1, at most `max` rows a page. */
export const pageQuery = (max = 100, pageSize = 20) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(max).default(pageSize),
  });

/** One page of a list, newest first unless the call says otherwise. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const iso = z.iso.datetime();
