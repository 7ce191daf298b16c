// The tag pages: which code each route manages, and the colours offered.
import { DEFAULT_TAGS } from '@sk/shared/tags/tags.constants';

export interface TagKind {
  code: 1 | 3 | 4;
  path: string;
  title: string;
  /** What these tags are for (shown above the list). */
  purpose: string;
}

export const TAG_KINDS: TagKind[] = [
  {
    code: 1,
    path: '/tagsManage/personTag',
    title: '人员标签',
    purpose: '人员标签即人员的工作状态（如空闲、忙碌），每位人员可在页面右上角选择自己当前的状态。',
  },
  { code: 3, path: '/tagsManage/orderTag', title: '工单标签', purpose: '工单标签用于给工单分类标记，可在工单列表中按标签筛选。' },
  { code: 4, path: '/tagsManage/customerTag', title: '客户标签', purpose: '客户标签用于给客户分类标记，可在客户列表中按标签筛选。' },
];

export const tagKindOf = (pathname: string): TagKind => TAG_KINDS.find((k) => k.path.toLowerCase() === pathname.toLowerCase()) ?? TAG_KINDS[0]!;

/** Colour presets: the default tags' colours, each once. */
export const TAG_COLORS = [...new Set(Object.values(DEFAULT_TAGS).flatMap((list) => list.map((t) => t.color_rgb)))];
