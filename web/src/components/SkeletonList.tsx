// Placeholder rows while a list loads.
import { Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder rows while a list loads; the stack is marked busy and named for screen readers. */
export function SkeletonList({ count, height, label, testId }: { count: number; height: string; label: string; testId: string }) {
  return (
    <Stack gap="3" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} h={height} borderRadius="lg" data-testid={testId} />
      ))}
    </Stack>
  );
}
