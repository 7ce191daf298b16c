import { EVENT_PRIORITIES, EVENT_STATES, type EventFilters } from '@sk/shared';
import { type ExportUser, keysetPages, registerExport } from '../../platform/exports';
import { countForExport, type EventListKind, eventsBefore } from './events.repo';
import type { Actor } from '../../platform/actor';

export const EVENT_EXPORT = 'events';

type Params = Partial<EventFilters> & { ids?: number[]; list?: EventListKind };

// Exports run as the user without a session: staff by role (administrators hold role 3).
const viewer = (u: ExportUser): Actor => u;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExport(): void {
  /** An event list through the download centre, with the list's filters and the viewer's scope. */
  registerExport<Params>(EVENT_EXPORT, {
    title: '事件列表',
    columns: [
      { key: 'eventNo', header: '事件编号', width: 20 },
      { key: 'title', header: '事件标题', width: 28 },
      { key: 'state', header: '状态' },
      { key: 'priority', header: '优先级' },
      { key: 'customName', header: '客户', width: 28 },
      { key: 'customLinkperson', header: '联系人' },
      { key: 'customPhone', header: '联系电话' },
      { key: 'address', header: '地址', width: 40 },
      { key: 'principalName', header: '负责人' },
      { key: 'templateName', header: '事件模板' },
      { key: 'tags', header: '事件标签' },
      { key: 'creatorName', header: '创建人' },
      { key: 'create_time', header: '创建时间', width: 20 },
    ],
    count: (ex, user, p) => countForExport(ex, viewer(user), p.list ?? 'mine', p),
    rows: async function* (ex, user, p) {
      const v = viewer(user);
      for await (const page of keysetPages((before, limit) => eventsBefore(ex, v, p.list ?? 'mine', p, before, limit))) {
        yield page.map((r) => ({
          ...r,
          state: EVENT_STATES[r.state as keyof typeof EVENT_STATES]?.label ?? '',
          priority: EVENT_PRIORITIES[r.priority as keyof typeof EVENT_PRIORITIES] ?? '',
          tags: r.tags.map((t) => t.name).join('、'),
        }));
      }
    },
  });
}
