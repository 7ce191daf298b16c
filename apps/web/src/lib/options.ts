/**
 * Select and radio options of a constants table ({ 1: '待审核', 2: '已通过' }): the keys as numbers, since the API and the
 * form values take numbers, in the table's order (integer keys ascending).
 */
export const labelOptions = (labels: Record<number | string, string>): { value: number; label: string }[] =>
  Object.entries(labels).map(([v, label]) => ({ value: Number(v), label }));
