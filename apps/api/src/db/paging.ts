/** A page of a list as the contract asks for it (`page` from 1) and what it answers with. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> extends PageRequest {
  items: T[];
  total: number;
}

/** The rows a page covers: LIMIT and OFFSET. */
export function pageWindow({ page, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
