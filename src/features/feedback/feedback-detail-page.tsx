// /other/feedbackDetail/page: one feedback with its screenshot and replies; staff reply (the sender
// gets it by mail and live) and close it.
import { Badge, Box, Button, DataList, Flex, Heading, Image, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/date-format';
import type { FeedbackDetail } from '../../../streams/api/follow-up-calls';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { useHoldsAll } from '../../components/access-gate';
import { FormField } from '../../components/form-field';
import { ResourceView } from '../../components/resource-view';
import { showSuccess } from '../../components/toaster';
import { FEEDBACK_CATEGORY_LABEL, FEEDBACK_STATUS_LABEL, FEEDBACK_STATUS_PALETTE } from '../../lib/feedback-labels';
import { SUCCESS } from '../../lib/messages';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { useValidatedForm } from '../../lib/use-validated-form';
import { isBlank } from '../../../contract/text-rules';

const NOT_FOUND = 'This feedback cannot be found.';

export default function FeedbackDetailPage() {
  const feedbackId = new URLSearchParams(usePinnedSearch()).get('feedbackId');
  if (!feedbackId) return <Text role="alert">{NOT_FOUND}</Text>;
  return <FeedbackView feedbackId={feedbackId} />;
}

function FeedbackView({ feedbackId }: { feedbackId: string }) {
  const { resources } = useFleetConsole();
  const state = useResource(() => resources.feedback.get$(feedbackId), [resources, feedbackId]);
  return (
    <ResourceView state={state} failed={NOT_FOUND}>
      {(feedback) => <FeedbackBody feedback={feedback} />}
    </ResourceView>
  );
}

function FeedbackBody({ feedback }: { feedback: FeedbackDetail }) {
  const { resources } = useFleetConsole();
  const canReply = useHoldsAll([PERMISSIONS.feedbackEdit]);
  return (
    <Stack gap="5" maxWidth="5xl">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="lg">
          {FEEDBACK_CATEGORY_LABEL[feedback.category]}
        </Heading>
        <Badge colorPalette={FEEDBACK_STATUS_PALETTE[feedback.status]} data-testid="feedback-status">
          {FEEDBACK_STATUS_LABEL[feedback.status]}
        </Badge>
        {canReply && feedback.status !== 'closed' && (
          <Button
            ms="auto"
            size="sm"
            variant="outline"
            onClick={() =>
              void resources.setFeedbackStatus(feedback.id, 'closed').then(
                () => showSuccess(SUCCESS.modified),
                () => undefined,
              )
            }
          >
            Close feedback
          </Button>
        )}
      </Flex>
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>From</DataList.ItemLabel>
          <DataList.ItemValue>
            {feedback.userName ?? '--'} {feedback.source === 'app' ? '(drivers’ app)' : '(console)'}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Vehicle</DataList.ItemLabel>
          <DataList.ItemValue>{feedback.vehicleName ?? '--'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Received</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(feedback.createdAt)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="feedback-message">
        {feedback.message}
      </Text>
      {feedback.screenshot && <Image src={feedback.screenshot} alt="Screenshot sent with the feedback" maxWidth="lg" borderWidth="1px" borderRadius="md" />}
      <Box>
        <Heading as="h3" size="sm" mb="2">
          Replies
        </Heading>
        {feedback.replies.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            No reply yet.
          </Text>
        )}
        <Stack as="ol" gap="2" data-testid="feedback-replies">
          {feedback.replies.map((reply) => (
            <Box as="li" key={reply.id} listStyleType="none" borderStartWidth="2px" borderColor="green.500" ps="3" py="1">
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(reply.at)} · {reply.author ?? '--'}
              </Text>
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {reply.message}
              </Text>
            </Box>
          ))}
        </Stack>
      </Box>
      {canReply && <ReplyForm key={feedback.replies.length} feedbackId={feedback.id} />}
    </Stack>
  );
}

function ReplyForm({ feedbackId }: { feedbackId: string }) {
  const { resources } = useFleetConsole();
  const form = useValidatedForm<'message'>(
    { message: '' },
    (values) => (isBlank(values.message) ? { message: 'Please enter the reply!' } : {}),
    async (values) => {
      await resources.replyToFeedback(feedbackId, values.message.trim());
      showSuccess(SUCCESS.added);
    },
  );
  return (
    <form onSubmit={form.submit} noValidate aria-label="Reply">
      <Stack gap="3">
        <FormField label="Reply" error={form.errors.message} required>
          <Textarea rows={3} value={form.values.message} onChange={(event) => form.update('message', event.currentTarget.value)} />
        </FormField>
        <Button type="submit" alignSelf="flex-start" colorPalette="blue" loading={form.busy} disabled={form.busy}>
          Send reply
        </Button>
      </Stack>
    </form>
  );
}
