import { Card } from 'antd';
import { OrderList } from '../OrderList';

/** 抄送我的: orders copied to me. */
export default function SendMeOrder() {
  return (
    <Card title="抄送我的" size="small">
      <OrderList scope="sendMe" title="抄送我的" />
    </Card>
  );
}
