/** A number array as one PostgreSQL array literal parameter (drizzle's sql`` would spread a JS array into a list). */
export const pgArray = (xs: readonly number[]): string => `{${xs.map((x) => Math.trunc(Number(x))).join(',')}}`;
