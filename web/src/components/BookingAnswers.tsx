// The guest's answers to the event type's questions, on a booking a host reads (their cards, a team's
// list) or on the guest's own manage page: each under the label it was asked with (the questions may
// have changed since), to read only. Nothing when there are none.
import { List, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { answerText, type StoredAnswer } from '../lib/shared.ts';

export function BookingAnswers({ answers, label }: { answers?: StoredAnswer[] | null; label?: string }) {
  const intl = useIntl();
  if (!answers?.length) return null;
  const words = { yes: intl.formatMessage({ id: 'common.yes' }), no: intl.formatMessage({ id: 'common.no' }) };
  return (
    <List.Root aria-label={label ?? intl.formatMessage({ id: 'booking.answers' })} listStyle="none" gap="1" mt="2">
      {answers.map((answer) => (
        <List.Item key={answer.slug}>
          <Text as="span" color="fg.muted">
            {intl.formatMessage({ id: 'common.labelled' }, { label: answer.label })}
          </Text>{' '}
          {answerText(answer, words)}
        </List.Item>
      ))}
    </List.Root>
  );
}
