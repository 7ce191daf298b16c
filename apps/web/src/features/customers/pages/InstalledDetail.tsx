import { Spin } from 'antd';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { invalidate, useApi } from '../../../lib/query';
import { productContract } from '../api';
import { InstalledView } from '../components/InstalledView';

/** /productManage/detail/:id — one installed product. */
export default function InstalledDetail() {
  const id = Number(useParams().id);
  const detail = useApi(productContract.productionDetail, { customerProductionId: id }, { enabled: id > 0, staleTime: 0 });
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!detail.data) return <EmptyState description="设备不存在或已删除" />;
  return <InstalledView detail={detail.data} onChanged={() => invalidate(productContract.productionDetail)} />;
}
