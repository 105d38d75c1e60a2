// The web app's Mantine theme and the CSS variables it overrides. Text meets WCAG AA contrast
// (4.5:1) in light and dark, which packages/web/test/a11y.browser.test.ts checks with axe-core:
// filled buttons and badges use shade 8 and pick black or white text by luminance; dimmed text
// is darker (light) or lighter (dark) than Mantine's; and where Mantine's "light" variant text
// (shade 9 on shade 1) falls short, as for yellow, orange, green and teal, it is darkened.
// `themeIn` names what Mantine leaves unnamed, a modal's or notification's close button, in the current language.
// Components are themed by name, not with Component.extend: importing Modal or Menu here would
// pull them into the first page load.
import { createTheme, darken, luminance, mergeThemeOverrides } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // White text passes 4.5:1 on colours below 0.183, black above 0.175: the threshold between.
  luminanceThreshold: 0.18,
  defaultRadius: 'md',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  components: {
    // Without the focus placeholder (a focusable element with no role inside role="menu"), a
    // menu holds only its items, and opening it focuses the first, as the ARIA menu pattern says.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A tooltip shows for the keyboard's focus as for the mouse (a disabled control's reason).
    Tooltip: { defaultProps: { events: { hover: true, focus: true, touch: false } } },
  },
});

/** The theme with the labels it gives Mantine's components, in the current language. */
export function themeIn(labels: { close: string }): MantineThemeOverride {
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      },
    }),
  );
}

const contrast = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `text`, darkened in steps until it reads at 4.5:1 on `background`. */
function readableOn(text: string, background: string): string {
  let color = text;
  for (let amount = 0.05; contrast(color, background) < 4.5 && amount < 1; amount += 0.05) color = darken(text, amount);
  return color;
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const lightColors: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    if (contrast(shades[9], shades[1]) < 4.5) lightColors[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return {
    variables: {},
    // Field errors (the message and the invalid input's text) in red that reads at 4.5:1 on inputs.
    light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-error': readableOn(resolved.colors.red[6], '#ffffff'), ...lightColors },
    dark: { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-error': resolved.colors.red[4] },
  };
};
