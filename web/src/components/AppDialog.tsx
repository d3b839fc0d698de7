// The one dialog shell of the app: title, body, footer and close button.
import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/**
 * Every dialog of the app: focus is trapped inside and returned on close (Chakra). Sized to its
 * content: on phones a sheet at the bottom of the screen, as tall as it needs and no taller than
 * leaves the top for a toast (AppToaster), scrolling inside beyond that. A form inside gets an `id`
 * and its submit button in `footer` points at it with `form=`.
 */
export function AppDialog({
  open,
  onClose,
  title,
  subtitle,
  footer,
  children,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}) {
  const intl = useIntl();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', md: size }}
      placement={{ base: 'bottom', md: 'center' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content minH="auto" maxH="calc(100dvh - 8rem)" borderTopRadius="l3">
            <Dialog.Header flexDirection="column" alignItems="start" gap="0">
              <Dialog.Title>{title}</Dialog.Title>
              {subtitle ? (
                <Text color="fg.muted" fontSize="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
