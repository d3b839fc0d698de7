// Renders the toasts `lib/toaster.ts` raises, in the product's two looks.
import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from '../lib/toaster.ts';

/** Default look for successes, destructive (red) look for errors: docs/product/constants.md. */
export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
