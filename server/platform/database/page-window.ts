import type { PageQuery } from './records';

interface Pageable<Q> {
  limit(rows: number): Q;
  offset(rows: number): Q;
}

/** The query limited to one page of its rows (`$call(pageWindow(page))`); null: every row. */
export const pageWindow =
  (page: PageQuery | null) =>
  <Q extends Pageable<Q>>(query: Q): Q =>
    page ? query.limit(Math.floor(page.pageSize)).offset(Math.floor((page.pageNum - 1) * page.pageSize)) : query;
