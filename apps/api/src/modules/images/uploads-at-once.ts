import { E, UPLOADS_AT_ONCE_PER_ADDRESS, UPLOADS_AT_ONCE_PER_MEMBER } from '@bahtdesk/contract';
import { AppError } from '../../http/app-error.ts';
import { normaliseIp } from '../../plugins/limits/limiter.ts';

/** Counts the uploads in progress in this process per member and per client address. */
export interface UploadsAtOnce {
  /**
   * Runs `upload` while it counts for the member and the address (an IPv6 client is its /64);
   * 50049, and nothing run, when either already has its cap in progress.
   */
  hold<T>(memberId: number, address: string, upload: () => Promise<T>): Promise<T>;
}

/**
 * Caps the uploads one member, and one client address, have in progress at once (decision 0048):
 * however many requests arrive together, each waits in the image queue with its body in memory,
 * so one account or one address could otherwise fill the queue for everyone.
 */
export function uploadsAtOnce(
  perMember = UPLOADS_AT_ONCE_PER_MEMBER,
  perAddress = UPLOADS_AT_ONCE_PER_ADDRESS,
): UploadsAtOnce {
  const members = new Map<number, number>();
  const addresses = new Map<string, number>();
  const change = <K>(counts: Map<K, number>, key: K, by: 1 | -1) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    async hold(memberId, address, upload) {
      const ip = normaliseIp(address);
      if ((members.get(memberId) ?? 0) >= perMember || (addresses.get(ip) ?? 0) >= perAddress) {
        throw new AppError(E.UPLOAD_IN_PROGRESS);
      }
      change(members, memberId, 1);
      change(addresses, ip, 1);
      try {
        return await upload();
      } finally {
        change(members, memberId, -1);
        change(addresses, ip, -1);
      }
    },
  };
}
