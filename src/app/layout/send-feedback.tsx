// "Send feedback" in the header: a category, the text and an optional screenshot (images only,
// size-limited, checked here before anything is sent and again by the server).
import { useRef, useState } from 'react';
import { Button, Dialog, IconButton, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { MessageSquarePlus } from 'lucide-react';
import { FEEDBACK_CATEGORIES, SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '../../../contract/entities/feedback';
import { FormField } from '../../components/form-field';
import { showSuccess } from '../../components/toaster';
import { FEEDBACK_CATEGORY_LABEL } from '../../lib/feedback-labels';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useValidatedForm } from '../../lib/use-validated-form';
import { readDataUrl } from '../../lib/read-data-url';
import { isBlank } from '../../../contract/text-rules';
import { HeaderTip } from './header-tip';
import type { FeedbackCreate } from '../../../streams/api/entity-writes';

type Field = 'category' | 'message' | 'screenshot';
const MESSAGE_MAX = 2000;
const IMAGE_ONLY = 'Only PNG, JPEG, GIF or WebP images can be attached!';
const TOO_LARGE = `The screenshot must be at most ${SCREENSHOT_MAX_BYTES / 1024} KB!`;

export function SendFeedback() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <HeaderTip label="Send feedback">
        <IconButton aria-label="Send feedback" variant="ghost" size="sm" onClick={() => setOpen(true)}>
          <MessageSquarePlus />
        </IconButton>
      </HeaderTip>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>{open && <SendFeedbackForm onClose={() => setOpen(false)} />}</Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function SendFeedbackForm(props: { onClose: () => void }) {
  const { resources } = useFleetConsole();
  // A ref, not state: the check runs within the change that picks the file and must see that file.
  const file = useRef<File | null>(null);
  const form = useValidatedForm<Field>(
    { category: '', message: '', screenshot: '' },
    (values) => {
      const errors: Partial<Record<Field, string>> = {};
      if (!values.category) errors.category = 'Please select the category!';
      if (isBlank(values.message)) errors.message = 'Please enter your feedback!';
      else if (values.message.length > MESSAGE_MAX) errors.message = `At most ${MESSAGE_MAX} characters!`;
      const picked = file.current;
      if (picked && !(SCREENSHOT_TYPES as readonly string[]).includes(picked.type)) errors.screenshot = IMAGE_ONLY;
      else if (picked && picked.size > SCREENSHOT_MAX_BYTES) errors.screenshot = TOO_LARGE;
      return errors;
    },
    async (values) => {
      const picked = file.current;
      await resources.feedback.create({
        category: values.category as FeedbackCreate['category'],
        message: values.message.trim(),
        ...(picked ? { screenshot: await readDataUrl(picked) } : {}),
      });
      showSuccess(SUCCESS.added);
      props.onClose();
    },
  );
  const { values, errors, update } = form;
  return (
    <form onSubmit={form.submit} noValidate aria-label="Send feedback">
      <Dialog.Header>
        <Dialog.Title>Send feedback</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Category" error={errors.category} required>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.category} onChange={(event) => update('category', event.currentTarget.value)}>
                <option value="">Please select</option>
                {FEEDBACK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {FEEDBACK_CATEGORY_LABEL[c]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Feedback" error={errors.message} required>
            <Textarea rows={5} value={values.message} onChange={(event) => update('message', event.currentTarget.value)} />
          </FormField>
          <FormField label="Screenshot" error={errors.screenshot}>
            <Input
              type="file"
              accept={SCREENSHOT_TYPES.join(',')}
              p="1"
              onChange={(event) => {
                file.current = event.currentTarget.files?.[0] ?? null;
                update('screenshot', event.currentTarget.value);
              }}
            />
          </FormField>
          <Text fontSize="xs" color="fg.muted">
            Optional: a PNG, JPEG, GIF or WebP image of up to {SCREENSHOT_MAX_BYTES / 1024} KB.
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={form.busy} loadingText="Sending" disabled={form.busy}>
          Send
        </Button>
      </Dialog.Footer>
    </form>
  );
}
