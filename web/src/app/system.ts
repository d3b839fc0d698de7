// The Chakra UI systems: the default theme with only the recipes of the components Kairos uses; the
// open pages' system first, the signed-in screens' (AppLayout.tsx) once they load.
import { useSyncExternalStore } from 'react';
import { createSystem, defaultBaseConfig, mergeConfigs, type SystemConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

// WCAG 2.1 AA (1.4.3): Chakra lightens a solid button on hover (its colour at 90% over the page), and
// white on a hovered blue.600 is 4.31:1. A hovered button moves away from its text's colour instead:
// darker under white text, lighter under black (an embed's light brand colour), mixed with the
// opposite of the text colour.
const solidHover = {
  bg: 'color-mix(in srgb, {colors.colorPalette.solid} 88%, rgb(from {colors.colorPalette.contrast} calc(255 - r) calc(255 - g) calc(255 - b)))',
};
const button = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: {
      ...buttonRecipe.variants?.variant,
      solid: { ...buttonRecipe.variants?.variant?.solid, _hover: solidHover, _expanded: solidHover },
    },
  },
};

// WCAG 2.4.7: Tab moves through a date or time input's parts (month, day, year) in Chromium, and the
// input then matches neither :focus nor :focus-visible (its part has the focus), so Chakra's ring never
// showed around it. These inputs draw the same ring on :focus-within.
const input = {
  ...inputRecipe,
  base: {
    ...inputRecipe.base,
    '&:is([type=date], [type=time], [type=datetime-local]):focus-within': {
      outlineOffset: '0px',
      outlineWidth: 'var(--focus-ring-width, 1px)',
      outlineStyle: 'solid',
      outlineColor: 'var(--focus-color)',
      borderColor: 'var(--focus-color)',
    },
  },
};

// WCAG 2.3.3 (and the guest's own setting): with reduced motion asked for, nothing slides, fades or
// spins; dialogs, toasts and skeletons appear in their final state at once. A spinner stays as a still
// ring, which still says "loading" with its label.
const globalStyles = {
  ...globalCss,
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

// The colours the screens name (a badge's status, a toast's kind, a button) and Chakra's plain ones:
// every token costs each page's start (createSystem), and teal, cyan and pink are never shown.
const KEPT_COLORS = new Set(['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'bg', 'fg', 'border',
  'gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple']);
const usedColors = <T extends object>(colors: T | undefined) =>
  Object.fromEntries(Object.entries(colors ?? {}).filter(([name]) => KEPT_COLORS.has(name))) as Partial<T>;

type TokenTree = { [key: string]: unknown };

/**
 * Semantic tokens with their light values alone. Kairos has no dark mode (nothing sets Chakra's `dark`
 * class), and the dark values were a quarter of the work of making the system at every page's start.
 */
function lightOnly(tree: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (typeof node !== 'object' || node === null) return [key, node];
      const token = node as { value?: unknown };
      if (typeof token.value === 'object' && token.value !== null && '_dark' in token.value) {
        const { _dark: _, _light: light, ...others } = token.value as Record<string, unknown>;
        return [key, { ...token, value: light ?? others.base }];
      }
      return [key, lightOnly(node as TokenTree)];
    }),
  );
}

/**
 * Chakra's default theme with only the recipes of the components the open pages use: the full
 * default system carries every component's styles in the first download, and a guest's page would
 * carry the signed-in screens' (drawer, menu, switch, table, tabs).
 */
export const publicConfig: SystemConfig = mergeConfigs(defaultBaseConfig, {
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss: globalStyles,
    theme: {
      breakpoints,
      keyframes,
      tokens: { ...tokens, colors: usedColors(tokens.colors) },
      semanticTokens: lightOnly({
        ...semanticTokens,
        colors: {
          ...usedColors(semanticTokens.colors),
          // WCAG 2.1 AA: white on Chakra's green.600 is 3.29:1 (Confirm buttons, success toasts); on green.700 it is 5.0:1.
          green: { ...semanticTokens.colors?.green, solid: { value: '{colors.green.700}' } },
          // WCAG 2.1 AA (1.4.11, 3:1): an input's focus ring in Chakra's gray.400 is 2.56:1 on white; gray.500 is 4.83:1.
          gray: { ...semanticTokens.colors?.gray, focusRing: { value: '{colors.gray.500}' } },
        },
      }),
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button,
        checkmark: checkmarkRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input,
        inputAddon: inputAddonRecipe,
        link: linkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        avatar: avatarSlotRecipe,
        card: cardSlotRecipe,
        checkbox: checkboxSlotRecipe,
        dialog: dialogSlotRecipe,
        field: fieldSlotRecipe,
        fieldset: fieldsetSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        radioGroup: radioGroupSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
});

// Made at first render, not as the module loads: the entry's requests start before this work.
let current: SystemContext | undefined;
const listeners = new Set<() => void>();

/** The signed-in screens' system replaces the open pages' when they load (a superset: nothing shown changes). */
export function switchSystem(config: SystemConfig): void {
  current = createSystem(config);
  listeners.forEach((listener) => listener());
}

/** The system in use, for the Chakra provider. */
export function useSystem(): SystemContext {
  const system = () => (current ??= createSystem(publicConfig));
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    system,
    system,
  );
}
