// A titled card, the frame of each section of a page.
import type { ReactNode } from 'react';
import { Card, Heading, Text, type CardRootProps } from '@chakra-ui/react';

/** A card with an h2 title (and an optional muted line under it) above its body. */
export function SectionCard({
  title,
  description,
  headingSize = 'lg',
  bodyGap,
  children,
  ...root
}: Omit<CardRootProps, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  headingSize?: 'md' | 'lg';
  bodyGap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root {...root}>
      <Card.Header>
        <Heading as="h2" size={headingSize}>
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body gap={bodyGap}>{children}</Card.Body>
    </Card.Root>
  );
}
