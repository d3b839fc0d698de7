// Tabs whose panels mount only while shown.
import type { ReactNode } from 'react';
import { Tabs, type TabsListProps, type TabsRootProps } from '@chakra-ui/react';

/** Tabs over a list of choices whose panels mount only while shown, so a panel fetches when its tab opens. */
export function LazyTabs<Tab extends { value: string; label: string }>({
  tabs,
  value,
  onChange,
  panel,
  list,
  ...root
}: Omit<TabsRootProps, 'value' | 'onValueChange' | 'onChange' | 'children'> & {
  tabs: readonly Tab[];
  value: Tab['value'];
  onChange: (value: Tab['value']) => void;
  panel: (tab: Tab) => ReactNode;
  list?: TabsListProps;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(details) => onChange(details.value as Tab['value'])} lazyMount unmountOnExit {...root}>
      <Tabs.List {...list}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {panel(tab)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
