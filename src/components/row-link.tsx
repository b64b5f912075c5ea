// The link of a row (a list's name cell, a history entry): a real `<a href>` to the row's page, so
// a middle click, "open in new tab" and "copy link address" work; a plain click stays in the tab.
import type { ReactNode } from 'react';
import { linkProps } from '../lib/navigation';

/** Where a row leads: its page's address, and what a plain click does first in this tab. */
export interface RowLinkTarget {
  href: string;
  /** Session values the page reads when opened in this tab (the address carries its id). */
  beforeOpen?: () => void;
}

/**
 * How a row link looks, set once on the table rather than per cell: text of the row (not a blue,
 * underlined link) in the row's weight for names, underlined under the pointer, ringed on focus.
 */
export const ROW_LINK_CSS = {
  '& .row-link': {
    color: 'fg',
    fontWeight: 'semibold',
    textDecoration: 'none',
    borderRadius: 'sm',
    _hover: { textDecoration: 'underline', textUnderlineOffset: '3px' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' },
  },
  '& tbody tr:has(.row-link):hover': { bg: 'bg.subtle' },
} as const;

/** A plain element, so that long virtualised lists stay light to draw. */
export function rowLink(target: RowLinkTarget, content: ReactNode): ReactNode {
  return (
    <a className="row-link" {...linkProps(target.href, target.beforeOpen)}>
      {content}
    </a>
  );
}
