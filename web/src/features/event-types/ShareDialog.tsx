// Share an event type: its booking link, and the code that embeds its booking page.
import { Button, HStack, Input, Stack, Tabs } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { AppDialog } from '../../components/AppDialog.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { markLinkShared } from '../../lib/linkShared.ts';
import type { EventType } from '../../lib/types.ts';
import { EmbedCode } from '../embed/index.ts';
import { useSay } from '../../i18n/useSay.ts';

export const bookingLink = (eventType: EventType) => `${window.location.origin}/book/${eventType.id}`;

/** Share: the booking link, and the code that embeds the booking page in another site. */
export function ShareDialog({ eventType, onClose }: { eventType: EventType | null; onClose: () => void }) {
  const say = useSay();
  const copyText = useCopyText();
  return (
    <AppDialog open={eventType !== null} onClose={onClose} title={say('eventTypes.share')} subtitle={eventType?.title} size="lg">
      {eventType ? (
        <Tabs.Root defaultValue="link" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="link">{say('eventType.share.link')}</Tabs.Trigger>
            <Tabs.Trigger value="embed">{say('eventType.share.embed')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="link">
            <Stack gap="2">
              <HStack>
                <Input readOnly value={bookingLink(eventType)} aria-label={say('eventType.share.bookingLink')} />
                <Button
                  variant="outline"
                  onClick={() => void copyText(bookingLink(eventType), say('eventType.share.copied')).then((copied) => copied && eventType.user_id && markLinkShared(eventType.user_id))}
                >
                  <Copy aria-hidden /> {say('calendars.feed.copy')}
                </Button>
              </HStack>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="embed">
            <EmbedCode target={{ kind: 'event-type', id: eventType.id }} />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </AppDialog>
  );
}
