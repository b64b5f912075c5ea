// Success toasts of spec section 8, in its words.
export const SUCCESS = {
  added: 'Added successfully',
  modified: 'Modified successfully',
  saved: 'Saved successfully',
  deleted: 'Deleted successfully',
  unbind: 'Unbound successfully',
  assigned: 'Assigned successfully',
  shared: 'Shared successfully',
  transferred: 'Transferred successfully',
  topPlaced: 'Placed on top successfully',
  topCancelled: 'Top placement cancelled',
  registered: 'Registered successfully',
  codeSent: 'Verification code sent',
  passwordReset: 'Password reset successfully',
  passwordChanged: 'Password changed successfully',
  linkCopied: 'Link copied',
  acknowledged: 'Acknowledged successfully',
} as const;

export const SUCCESS_TOAST_MS = 2000;
/** The spec's copy-fail message (its wording is not shown there). */
export const COPY_FAILED = 'Copy failed, please select the link and copy it by hand';
export const NOT_FOUND_TEXT = 'Unable to find webpage!';
