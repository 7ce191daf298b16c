import { z } from 'zod';

/** A record's state log as its detail shows it: the state-change helper's log rows, timed in the viewer's zone. */
export const stateLogEntrySchema = z.object({
  action: z.string(),
  fromState: z.number().nullable(),
  toState: z.number(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  time: z.string(),
});
export type StateLogView = z.infer<typeof stateLogEntrySchema>;

/** The same row with its time named `create_time`, as the settle, commerce and cycle details answer it. */
export const stateLogRowSchema = stateLogEntrySchema.omit({ time: true }).extend({ create_time: z.string() });
export type StateLogRowView = z.infer<typeof stateLogRowSchema>;
