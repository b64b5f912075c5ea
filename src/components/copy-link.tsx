import { Button, Group, Input } from '@chakra-ui/react';
import { COPY_FAILED, SUCCESS } from '../lib/messages';
import { showError, showSuccess } from './toaster';

/** Puts the link on the clipboard and says whether that worked. */
export async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showSuccess(SUCCESS.linkCopied);
  } catch {
    // No clipboard (an http page, or permission refused): the link stays selectable in its field.
    showError(COPY_FAILED);
  }
}

/** A link to read and select, with a copy button (a share link, a wall's display link). */
export function CopyLink({ link, label, testId, size = 'sm' }: { link: string; label: string; testId: string; size?: 'xs' | 'sm' }) {
  return (
    <Group attached width="full">
      <Input size={size} readOnly value={link} aria-label={label} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
      <Button size={size} variant="outline" onClick={() => void copyLink(link)}>
        Copy
      </Button>
    </Group>
  );
}
