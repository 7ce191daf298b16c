import { GoodsOrders } from './GoodsOrders';

export default function SparePartsSalesman() {
  return <GoodsOrders outbound={false} />;
}
