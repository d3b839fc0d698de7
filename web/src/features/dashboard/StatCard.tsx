// One number of the dashboard, with its change against the previous period.
import type { ComponentType } from 'react';
import { Card, HStack, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';

export function StatCard({
  title,
  value,
  subtitle,
  icon: IconComponent,
  color,
  loading,
}: {
  title: string;
  /** One line, or several (revenue per currency). */
  value: string | string[];
  subtitle: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  color: string;
  loading: boolean;
}) {
  return (
    <Card.Root size="sm" as="section" aria-label={title}>
      <Card.Body>
        <HStack justify="space-between" align="start">
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted">
              {title}
            </Text>
            {loading ? (
              <Skeleton height="8" width="20" data-testid="stat-skeleton" />
            ) : (
              [value].flat().map((line) => (
                <Text key={line} fontSize="2xl" fontWeight="bold">
                  {line}
                </Text>
              ))
            )}
            {loading ? (
              <Skeleton height="4" width="28" />
            ) : (
              <Text fontSize="xs" color="fg.muted">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Icon boxSize="10" p="2" borderRadius="lg" bg={`${color}.subtle`} color={`${color}.fg`}>
            <IconComponent aria-hidden />
          </Icon>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
