import { type FreeFeature, freeNotice } from '@sk/shared';
import { Button, notification } from 'antd';

let upgrade: (() => void) | null = null;

/** The shell registers how to open its upgrade dialog; the notice then offers an 升级 link. */
export function setUpgradeHandler(open: (() => void) | null): void {
  upgrade = open;
}

/**
 * The free plan's persistent notice: '免费版不支持{feature}，建议升级为VIP版本，咨询热线：{phone}'.
 * Answers the text shown.
 */
export function showFreeNotice(feature: FreeFeature, phone?: string): string {
  const text = freeNotice(feature, phone || undefined);
  const key = `free-${feature}`;
  const open = upgrade;
  notification.warning({
    key,
    title: '免费版功能受限',
    description: text,
    duration: 0,
    actions: open ? (
      <Button
        type="link"
        size="small"
        onClick={() => {
          notification.destroy(key);
          open();
        }}
      >
        升级VIP
      </Button>
    ) : undefined,
  });
  return text;
}
