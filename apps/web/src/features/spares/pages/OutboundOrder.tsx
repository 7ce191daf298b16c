import { GoodsOrders } from './GoodsOrders';

export default function OutboundOrder() {
  return <GoodsOrders outbound />;
}
