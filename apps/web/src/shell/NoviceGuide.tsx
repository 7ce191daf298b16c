import { accountContract } from '@sk/shared/account/account.contract';
import { POWERS } from '@sk/shared/auth/powers';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../lib/api';
import { useUser } from '../lib/session';

/** The header's extras start 1 s after mounting, so the first paint stays quick. */
export const MOUNT_DELAY_MS = 1000;

const GuideDialogs = lazy(() => import('./GuideDialogs'));

type Stage = 'idle' | 'deploy' | 'guide' | 'done';

const isGuideDue = () => call(accountContract.isNoviceGuide, undefined, { silent: true }).catch(() => false);

/** The new-user guide until it is finished, preceded by the quick-deploy prompt for holders of 09001 in a fresh enterprise. */
export function NoviceGuide() {
  const user = useUser();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('idle');
  const quickDeploy = user.powers.includes(POWERS.quickDeploy);

  // The prompt belongs to the guide: once the guide is finished neither shows again.
  useEffect(() => {
    let live = true;
    const t = setTimeout(async () => {
      if (!(await isGuideDue()) || !live) return;
      const deploy = quickDeploy && (await call(accountContract.isQuickDeploy, undefined, { silent: true }).catch(() => false));
      if (live) setStage(deploy ? 'deploy' : 'guide');
    }, MOUNT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [quickDeploy]);

  const afterDeploy = () => setStage('guide');
  const finish = () => {
    setStage('done');
    call(accountContract.finishNoviceGuide, undefined, { silent: true, noCancel: true }).catch(() => {});
  };

  if (stage !== 'deploy' && stage !== 'guide') return null;
  return (
    <Suspense fallback={null}>
      <GuideDialogs
        stage={stage}
        onDeploy={() => {
          navigate('/quickDeploy');
          afterDeploy();
        }}
        onSkipDeploy={afterDeploy}
        onFinish={finish}
      />
    </Suspense>
  );
}
