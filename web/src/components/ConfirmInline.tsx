// A question asked where the action was started, before something that cannot be taken back.
import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/**
 * An inline alertdialog: the question, a red "yes" (focused, so Enter answers it and a screen reader
 * reads the question) and a way to keep things as they are.
 */
export function ConfirmInline({
  label,
  children,
  confirmLabel,
  keepLabel,
  busy = false,
  onConfirm,
  onKeep,
}: {
  label: string;
  children: ReactNode;
  confirmLabel: string;
  keepLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const intl = useIntl();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <Box role="alertdialog" aria-label={label} borderWidth="1px" borderColor="red.muted" bg="red.subtle" p="3" borderRadius="md">
      <Text mb="3">{children}</Text>
      <HStack wrap="wrap">
        <Button ref={yes} size="sm" colorPalette="red" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" variant="outline" onClick={onKeep}>
          {keepLabel ?? intl.formatMessage({ id: 'common.keep' })}
        </Button>
      </HStack>
    </Box>
  );
}
