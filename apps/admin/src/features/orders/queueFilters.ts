import {
  MEMBER_FLAGS,
  type MemberFlag,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from '@bahtdesk/contract';

/** The queue's sort orders besides the server's default ('' : awaiting staff first, oldest first). */
export const QUEUE_SORTS = ['appointment'] as const;

/** The queue's filters as the address keeps them ('' is "not filtered": no status means the open orders). */
export interface QueueFilters {
  status: TransactionStatus | '';
  type: TransactionType | '';
  from: string;
  to: string;
  q: string;
  sort: (typeof QUEUE_SORTS)[number] | '';
  /** Only this member's orders (their number), and only members with this flag (decision 0068). */
  memberId: string;
  flag: MemberFlag | '';
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';

export function readFilters(params: URLSearchParams): QueueFilters {
  return {
    status: oneOf(TRANSACTION_STATUSES, params.get('status')),
    type: oneOf(TRANSACTION_TYPES, params.get('type')),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    q: params.get('q') ?? '',
    sort: oneOf(QUEUE_SORTS, params.get('sort')),
    memberId: /^[1-9][0-9]{0,14}$/.test(params.get('memberId') ?? '')
      ? (params.get('memberId') as string)
      : '',
    flag: oneOf(MEMBER_FLAGS, params.get('flag')),
  };
}

/** The filters that are set, for the address and the query (blank ones are left out). */
export function setFilters(filters: QueueFilters): {
  [K in keyof QueueFilters]?: Exclude<QueueFilters[K], ''>;
} {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([k, v]) => [k, v.trim()])
      .filter(([, v]) => v !== ''),
  );
}
