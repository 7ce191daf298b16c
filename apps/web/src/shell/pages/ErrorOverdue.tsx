import { errorMessages as messages } from '@sk/shared';
import { GuardPage, useHotline } from './StandalonePage';

/** A paid or trial plan past its service end. */
export default function ErrorOverdue() {
  const phone = useHotline();
  return (
    <GuardPage
      status="warning"
      title="服务已到期"
      subTitle={
        <>
          {messages.SERVICE_EXPIRED}
          {phone && <div>客服热线：{phone}</div>}
        </>
      }
    />
  );
}
