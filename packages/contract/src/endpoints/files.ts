import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { idParams } from './admin/common.ts';

/**
 * Stored images (kept in the database with the row that uses them, decision 0004) are read back only through calls that check the reader: the
 * member who uploaded one here, operators and admins through `adminEndpoints.staffFile`. Anyone
 * else gets 50040, the same answer as for an id that does not exist.
 */
export const fileEndpoints = {
  memberFile: endpoint({
    method: 'GET',
    path: '/api/files/:id',
    access: 'member',
    response: 'file',
    summary:
      "One of the member's own uploaded images (KYC photos, slips), as stored after re-encoding: inline, never cached, never sniffed. 50040 for any other id.",
    params: idParams,
    result: z.string(),
  }),
} as const;
