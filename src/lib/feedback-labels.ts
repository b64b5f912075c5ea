import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '../../contract/entities/feedback';

export const FEEDBACK_CATEGORY_LABEL: Record<(typeof FEEDBACK_CATEGORIES)[number], string> = {
  bug: 'Something is wrong',
  idea: 'Idea',
  vehicle: 'About a vehicle',
  other: 'Other',
};

export const FEEDBACK_STATUS_LABEL: Record<(typeof FEEDBACK_STATUSES)[number], string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  closed: 'Closed',
};

export const FEEDBACK_STATUS_PALETTE: Record<(typeof FEEDBACK_STATUSES)[number], string> = { new: 'blue', read: 'gray', replied: 'green', closed: 'gray' };
