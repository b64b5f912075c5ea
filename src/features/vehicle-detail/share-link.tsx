import { Button, Group, Input } from '@chakra-ui/react';
import { showError, showSuccess } from '../../components/toaster';
import { COPY_FAILED, SUCCESS } from '../../lib/messages';

async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showSuccess(SUCCESS.linkCopied);
  } catch {
    // No clipboard (an http page, or permission refused): the link stays selectable in its field.
    showError(COPY_FAILED);
  }
}

/** A share link to read and select, with a copy button. */
export function ShareLink({ link, size = 'sm' }: { link: string; size?: 'xs' | 'sm' }) {
  return (
    <Group attached width="full">
      <Input size={size} readOnly value={link} aria-label="Share link" data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
      <Button size={size} variant="outline" onClick={() => void copyLink(link)}>
        Copy
      </Button>
    </Group>
  );
}
