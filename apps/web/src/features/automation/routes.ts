import type { PageRoute } from '../../lib/route';

/** No page of its own: its settings are panels of 流程设置 (features/forms), which imports them through index.ts. */
export const AUTOMATION_ROUTES: PageRoute[] = [];
