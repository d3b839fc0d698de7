// One item of a short list the user manages: a title, a muted line under it, and a delete button
// (left out when the list is read-only).
import { HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';

export function RemovableItem({
  title,
  detail,
  deleteLabel,
  onDelete,
  disabled,
}: {
  title: string;
  detail?: string | null;
  deleteLabel: string;
  /** Without it, the item cannot be deleted here. */
  onDelete?: () => void;
  disabled?: boolean;
}) {
  return (
    <HStack as="li" justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="2">
      <Stack gap="0">
        <Text fontWeight="medium">{title}</Text>
        {detail ? (
          <Text fontSize="sm" color="fg.muted">
            {detail}
          </Text>
        ) : null}
      </Stack>
      {onDelete ? (
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={deleteLabel} disabled={disabled} onClick={onDelete}>
          <Trash2 />
        </IconButton>
      ) : null}
    </HStack>
  );
}
