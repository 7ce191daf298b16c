import { FloatButton } from 'antd';

export const BACK_TOP_AFTER_PX = 400;
export const BACK_TOP_DURATION_MS = 1000;

/** Back-to-top button: appears after 400 px of scrolling and scrolls up over 1000 ms. */
export function BackTop({ target }: { target?: () => HTMLElement | Window }) {
  return <FloatButton.BackTop visibilityHeight={BACK_TOP_AFTER_PX} duration={BACK_TOP_DURATION_MS} target={target} tooltip="回到顶部" />;
}
