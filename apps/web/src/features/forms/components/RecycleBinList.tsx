import type { FormKindId } from '@sk/shared/forms/forms.constants';
import { useUser } from '../../../lib/session';
import { FreeLocked } from '../../../shell/PageGuard';
import { RecycleTable } from '../designer/RecycleBin';

/** Every deleted field of a kind's templates, on its own tab; the free plan gets the upgrade notice instead. */
export function RecycleBinList({ kind }: { kind: FormKindId }) {
  const user = useUser();
  if (user.isChargeUser === 0) return <FreeLocked feature="recycleBin" phone={user.customServicePhone} />;
  return <RecycleTable kind={kind} />;
}
