import { registerJobHandler } from '../../platform/jobs';
import { service } from '../../platform/deps';
import type { SmsSender } from '../../platform/sms';

/** Every subscriber of the planning module: the text that tells a customer his visit's new time. */
export function wirePlanning(): void {
  registerJobHandler('planning.sms', async (job, deps) => {
    await service<SmsSender>(deps, 'sms').send(job.payload.mobile, job.payload.text, '');
  });
}
