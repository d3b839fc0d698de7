// The code that embeds a booking page in another site, inline or as a pop-up, with a copy button.
import { useState } from 'react';
import { Button, HStack, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Copy, ExternalLink } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { FormField } from '../../components/FormField.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { embedSnippet, type EmbedMode, type EmbedTarget } from './protocol.ts';
import { useSay } from '../../i18n/useSay.ts';

const DEFAULT_THEME = '#2563eb';

/** The tag a host pastes into their site for a booking page, inline or as a pop-up button, to copy. */
export function EmbedCode({ target }: { target: EmbedTarget }) {
  const [mode, setMode] = useState<EmbedMode>('inline');
  const [color, setColor] = useState(DEFAULT_THEME);
  const origin = window.location.origin;
  const snippet = embedSnippet(origin, target, mode, color === DEFAULT_THEME ? undefined : color);
  const preview = `${origin}/embed/${target.kind === 'team' ? `team/${target.slug}` : target.id}`;
  const say = useSay();
  const copyText = useCopyText();
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="embedCode.help" values={{ event: <code>kairos:booking-created</code> }} />
      </Text>
      <FormField label={say('embedCode.show')}>
        <NativeSelect.Root>
          <NativeSelect.Field value={mode} onChange={(e) => setMode(e.target.value as EmbedMode)}>
            <option value="inline">{say('embedCode.inline')}</option>
            <option value="popup">{say('embedCode.popup')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label={say('embedCode.color')}>
        <Input type="color" value={color} onChange={(e) => setColor(e.target.value)} w="20" p="1" />
      </FormField>
      <Textarea readOnly value={snippet} aria-label={say('embedCode.code')} fontFamily="mono" fontSize="sm" rows={3} onFocus={(e) => e.target.select()} />
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" size="sm" onClick={() => void copyText(snippet, say('embedCode.copied'))}>
          <Copy aria-hidden /> {say('embedCode.copy')}
        </Button>
        <Link href={preview} target="_blank" rel="noopener" fontSize="sm">
          <ExternalLink size={14} aria-hidden /> {say('embedCode.preview')}
        </Link>
      </HStack>
    </Stack>
  );
}
