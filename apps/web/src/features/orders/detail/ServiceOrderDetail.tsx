import { useSearchParams } from 'react-router';
import { OrderDetailView } from './OrderDetail';

/** 服务单详情 (/serviceOrderDetail?id, the provider's console): the order detail itself — SLA clocks, parts and old parts, the provider's fee. */
export default function ServiceOrderDetail() {
  const [search] = useSearchParams();
  return <OrderDetailView orderId={Number(search.get('id'))} />;
}
