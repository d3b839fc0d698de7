// The handle input of the profile form, with its availability check.
import { HStack, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { FormField } from '../../components/FormField.tsx';
import { sanitizeHandle } from '../../lib/shared.ts';
import type { HandleStatus } from './hooks.ts';

const LOOK: Record<Exclude<HandleStatus, 'idle'>, { color: string; icon: React.ReactNode }> = {
  checking: { color: 'fg.muted', icon: <Spinner size="xs" /> },
  available: { color: 'green.fg', icon: <CircleCheck size={14} aria-hidden /> },
  unavailable: { color: 'red.fg', icon: <CircleX size={14} aria-hidden /> },
  error: { color: 'red.fg', icon: <CircleAlert size={14} aria-hidden /> },
};

/** Lowercases and strips other characters as you type; shows the debounced availability check. */
export function HandleField({
  value,
  onChange,
  status,
  message,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  status: HandleStatus;
  message: string;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <FormField
      label={intl.formatMessage({ id: 'profile.handle' })}
      error={error}
      helper={
        status === 'idle' ? (
          intl.formatMessage({ id: 'profile.handleHelp' })
        ) : (
          <HStack as="span" gap="1" color={LOOK[status].color} role="status" data-status={status}>
            {LOOK[status].icon}
            <Text as="span">{message}</Text>
          </HStack>
        )
      }
    >
      <InputGroup startAddon="@">
        <Input
          value={value}
          maxLength={30}
          onChange={(event) => onChange(sanitizeHandle(event.target.value))}
          placeholder={intl.formatMessage({ id: 'profile.handlePlaceholder' })}
          autoComplete="off"
        />
      </InputGroup>
    </FormField>
  );
}
