// Where a meeting happens, as guests read it. For now every event type meets by video under the
// product's label; the meeting-place work (locations per event type) fills this one component.
import { HStack, Text } from '@chakra-ui/react';
import { Video } from 'lucide-react';

export const MEETING_PLACE_LABEL = 'Video Conference';

export function MeetingPlace() {
  return (
    <HStack gap="2">
      <Video size={16} aria-hidden />
      <Text>{MEETING_PLACE_LABEL}</Text>
    </HStack>
  );
}
