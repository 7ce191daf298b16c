import type { UserFilters } from '@sk/shared';

/** What a user export (用户导出) takes: the user list's filters, or the rows ticked. */
export type UserExportParams = UserFilters & { ids?: number[] };
