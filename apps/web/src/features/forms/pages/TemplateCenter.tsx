import { ORDER_KIND } from '@sk/shared/forms/forms.constants';
import { Button, Card, Tabs } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../../lib/session';
import { POWERS } from '@sk/shared/auth/powers';
import { formsContract } from '../api';
import { RecycleBinList } from '../components/RecycleBinList';
import { type TemplateKind, TemplateTypes } from '../components/TemplateTypes';

const TABS = [
  { key: 'orderType', label: '工单类型' },
  { key: 'recycleBin', label: '字段回收站' },
];

export const beta = (t: { id: number; name: string }) =>
  `/templateCenter/processSetting/customFormbeta?tmpId=${t.id}&type=${ORDER_KIND}&tmpName=${encodeURIComponent(t.name)}`;
export const processSetting = (t: { id: number; name: string }) =>
  `/templateCenter/processSetting?id=${t.id}&templateName=${encodeURIComponent(t.name)}&orderType=${t.id}&sys_code=order`;

const ORDER_TYPES: TemplateKind = { kind: ORDER_KIND, noun: '工单类型', list: formsContract.tempList, fieldsPath: beta, processPath: processSetting };

/** /templateCenter/:type?: order settings; `type` is the tab. */
export default function TemplateCenter() {
  const { type } = useParams();
  const navigate = useNavigate();
  const tab = TABS.some((t) => t.key === type) ? (type as string) : 'orderType';
  const can = useCan();
  return (
    <Card
      title="工单设置"
      extra={
        can(POWERS.quickDeploy) ? (
          <Link to="/quickDeploy">
            <Button>按行业快速部署</Button>
          </Link>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'orderType' ? '/templateCenter' : `/templateCenter/${k}`)}
        items={TABS.map((t) => ({ ...t, children: t.key === 'orderType' ? <TemplateTypes {...ORDER_TYPES} /> : <RecycleBinList kind={ORDER_KIND} /> }))}
        destroyOnHidden
      />
    </Card>
  );
}
