// The antd theme's colours, chosen so that every text colour the app shows reaches WCAG AA contrast (4.5:1) on the
// backgrounds it is shown on (docs/accessibility.md). antd's defaults do not: #1677ff text is 4.1:1 on white, the
// secondary grey rgba(0,0,0,.45) 3.4:1, the red of badges and danger buttons 3.3:1 under white text, and the tag
// colours (green, gold, orange, cyan…) 2–3.5:1 on their light backgrounds. The brand stays blue, a shade darker.

/** Brand blue for text, links and filled buttons (antd's own dark-theme blue): 5.2:1 under white, 4.6:1 on #e6f4ff. */
export const BRAND_BLUE = '#1668dc';

/**
 * Theme tokens (seed, map and alias tokens; antd derives the rest). Tags of a preset colour write their text in the
 * palette's 7th shade on its 1st: those shades are replaced by darker ones of the same hue where they fall short.
 */
export const A11Y_TOKENS = {
  colorPrimary: BRAND_BLUE,
  colorInfo: BRAND_BLUE,
  colorLink: BRAND_BLUE,
  // antd lightens on hover (4.1:1 and less): darken instead, as links and buttons of many products do.
  colorPrimaryHover: '#0958d9',
  colorLinkHover: '#0958d9',
  // A darker red: badge counts and danger buttons carry white text on it, error messages are written in it.
  colorError: '#cf1322',
  // Icons, dots and bars keep the bright green and gold; text in those colours takes a darker shade.
  colorSuccessText: '#237804',
  colorWarningText: '#ad4e00',
  // Secondary text (descriptions, hints, empty states, placeholders): #707070 on white, 4.5:1 still on #f5f5f5.
  colorTextTertiary: 'rgba(0, 0, 0, 0.56)',
  colorTextDescription: 'rgba(0, 0, 0, 0.56)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  // Inactive controls are exempt from the contrast rule (WCAG 1.4.3) and must look inactive; a little darker than antd's.
  colorTextDisabled: 'rgba(0, 0, 0, 0.4)',
  'green-7': '#237804',
  green7: '#237804',
  'cyan-7': '#006d75',
  cyan7: '#006d75',
  'orange-7': '#ad4e00',
  orange7: '#ad4e00',
  'gold-7': '#874d00',
  gold7: '#874d00',
  'volcano-7': '#ad2102',
  volcano7: '#ad2102',
  'lime-7': '#3f6600',
  lime7: '#3f6600',
  'yellow-7': '#876800',
  yellow7: '#876800',
};
