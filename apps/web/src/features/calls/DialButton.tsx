// Click-to-call (外呼): shown to users with an enabled seat, beside a customer's or an order's phone. The server dials
// through the enterprise's telephony provider and answers '已发起呼叫' (docs/calls.md).
import { PhoneOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useApi, useApiMutation } from '../../lib/query';
import { CC } from './api';

export function DialButton({
  number,
  customerId,
  contactId,
  orderId,
}: {
  number: string;
  customerId?: number | null;
  contactId?: number | null;
  orderId?: number | null;
}) {
  const seat = useApi(CC.seatDetails, {}, { staleTime: 60_000 });
  const dial = useApiMutation(CC.dial);
  if (seat.data?.enableState !== 1) return null;
  return (
    <Tooltip title={`呼叫 ${number}`}>
      <Button
        size="small"
        type="link"
        icon={<PhoneOutlined />}
        aria-label={`呼叫 ${number}`}
        loading={dial.isPending}
        onClick={() => dial.mutate({ number, customerId: customerId ?? undefined, contactId: contactId ?? undefined, orderId: orderId ?? undefined })}
      >
        呼叫
      </Button>
    </Tooltip>
  );
}
