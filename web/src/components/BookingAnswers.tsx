// The guest's answers to the event type's questions, on a booking a host reads: each under the label it
// was asked with (the questions may have changed since). Nothing when there are none.
import { List, Text } from '@chakra-ui/react';
import { answerText, type StoredAnswer } from '../lib/shared.ts';

export function BookingAnswers({ answers }: { answers?: StoredAnswer[] | null }) {
  if (!answers?.length) return null;
  return (
    <List.Root aria-label="Answers" listStyle="none" gap="1" mt="2">
      {answers.map((answer) => (
        <List.Item key={answer.slug}>
          <Text as="span" color="fg.muted">
            {answer.label}:
          </Text>{' '}
          {answerText(answer)}
        </List.Item>
      ))}
    </List.Root>
  );
}
