import { Empty } from 'antd';

export const EMPTY_TEXT = '暂无数据';

/** The empty-state label shown for a 'no data' answer. */
export function EmptyState({ description = EMPTY_TEXT }: { description?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
