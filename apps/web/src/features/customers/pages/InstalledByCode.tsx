import { Spin } from 'antd';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { invalidate, useApi } from '../../../lib/query';
import { productContract } from '../api';
import { InstalledView } from '../components/InstalledView';

/** /productManage/qr/:code — where a scanned QR code lands: the product with that code in the user's enterprise. */
export default function InstalledByCode() {
  const code = useParams().code ?? '';
  const detail = useApi(productContract.productionByCode, { code }, { enabled: !!code, staleTime: 0 });
  if (detail.isPending && code) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!detail.data) return <EmptyState description="二维码对应的设备不存在" />;
  return <InstalledView detail={detail.data} onChanged={() => invalidate(productContract.productionByCode)} />;
}
