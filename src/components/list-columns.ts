import type { ReactNode } from 'react';
import type { ExportColumn } from '../lib/export-rows';
import type { RowLinkTarget } from './row-link';

/** One column of a list page: what it shows, what it exports, and whether the server sorts by it. */
export interface ListColumn<Row> extends ExportColumn<Row> {
  /** The sort key sent to the server (`sort=<id>` or `sort=-<id>`) and the column's id. */
  id: string;
  /** The cell; the exported value when left out. */
  cell?: (row: Row) => ReactNode;
  /**
   * Makes the cell a real link to the row's page. A cell drawn by `cell` is the link whole; a cell
   * that holds more than the link (an icon beside it) draws it itself with `rowLink`.
   */
  link?: (row: Row) => RowLinkTarget;
  sortable?: boolean;
  /** CSS width, e.g. '8rem'; the rest share what is left. */
  width?: string;
  align?: 'start' | 'end';
  /** Left out of exports (row actions). */
  exported?: false;
}

export type SortDirection = 'asc' | 'desc';

/** `name` ⇄ [{ id: 'name', desc: false }], `-name` ⇄ desc; the URL and the server use the string. */
export function parseSort(sort: string): { id: string; desc: boolean } | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { id: sort.slice(1), desc: true } : { id: sort, desc: false };
}

export function sortString(sort: { id: string; desc: boolean } | null | undefined): string {
  if (!sort) return '';
  return sort.desc ? `-${sort.id}` : sort.id;
}
