// The code that embeds a booking page in another site, inline or as a pop-up, with a copy button.
import { useState } from 'react';
import { Button, HStack, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Copy, ExternalLink } from 'lucide-react';
import { FormField } from '../../components/FormField.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { embedSnippet, type EmbedMode, type EmbedTarget } from './protocol.ts';

const DEFAULT_THEME = '#2563eb';

/** The tag a host pastes into their site for a booking page, inline or as a pop-up button, to copy. */
export function EmbedCode({ target }: { target: EmbedTarget }) {
  const [mode, setMode] = useState<EmbedMode>('inline');
  const [color, setColor] = useState(DEFAULT_THEME);
  const origin = window.location.origin;
  const snippet = embedSnippet(origin, target, mode, color === DEFAULT_THEME ? undefined : color);
  const preview = `${origin}/embed/${target.kind === 'team' ? `team/${target.slug}` : target.id}`;
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Paste this tag into your website where the booking page should appear. Visitors book without leaving your site; your page hears
        each booking as a <code>kairos:booking-created</code> event.
      </Text>
      <FormField label="Show it">
        <NativeSelect.Root>
          <NativeSelect.Field value={mode} onChange={(e) => setMode(e.target.value as EmbedMode)}>
            <option value="inline">In the page</option>
            <option value="popup">As a pop-up from a button</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Theme colour">
        <Input type="color" value={color} onChange={(e) => setColor(e.target.value)} w="20" p="1" />
      </FormField>
      <Textarea readOnly value={snippet} aria-label="Embed code" fontFamily="mono" fontSize="sm" rows={3} onFocus={(e) => e.target.select()} />
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => void copyText(snippet, 'Embed code copied')}>
          <Copy aria-hidden /> Copy code
        </Button>
        <Link href={preview} target="_blank" rel="noopener" fontSize="sm">
          <ExternalLink size={14} aria-hidden /> Preview
        </Link>
      </HStack>
    </Stack>
  );
}
