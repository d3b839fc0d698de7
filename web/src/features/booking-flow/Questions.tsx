// The host's questions in a booking form, when the event type has any: the fields load on their own
// (QuestionFields.tsx), so a booking page without questions loads nothing more than before.
import { lazy, Suspense } from 'react';
import type { BookingFlow } from './useBookingFlow.ts';

const QuestionFields = lazy(() => import('./QuestionFields.tsx'));

export function Questions({ flow }: { flow: BookingFlow }) {
  if (!flow.answers.questions.length) return null;
  return (
    <Suspense fallback={null}>
      <QuestionFields form={flow.answers} />
    </Suspense>
  );
}
