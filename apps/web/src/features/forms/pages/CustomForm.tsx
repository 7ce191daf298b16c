import { EVENT_KIND, FORM_KIND_IDS, FORM_KINDS, type FormKindId, ORDER_KIND, PROJECT_KIND } from '@sk/shared/forms/forms.constants';
import type { TemplateRow } from '@sk/shared/forms/forms.views';
import { Card, Menu, Select, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useApi } from '../../../lib/query';
import { formsContract, idOf, kindOf } from '../api';
import { Designer } from '../designer/Designer';

const PAGE = { pageIndex: 0, pageSize: 100 };

/** The templates of a kind with several (order types, event and project templates). */
function useTemplates(kind: FormKindId): TemplateRow[] {
  const silent = { call: { silent: true } };
  const orders = useApi(formsContract.tempList, PAGE, { ...silent, enabled: kind === ORDER_KIND });
  const events = useApi(formsContract.eventTempList, PAGE, { ...silent, enabled: kind === EVENT_KIND });
  // project templates are listed by the template view (free-locked); the free plan edits the default one
  const projects = useApi(formsContract.tmplList, { ...PAGE, type: PROJECT_KIND }, { ...silent, enabled: kind === PROJECT_KIND });
  const q = kind === ORDER_KIND ? orders : kind === EVENT_KIND ? events : kind === PROJECT_KIND ? projects : null;
  return q?.data?.list ?? [];
}

/** /customForm: field customisation of every form kind, one designer per kind and template. */
export default function CustomForm() {
  const [q, setQ] = useSearchParams();
  const kind = kindOf(q.get('type'), ORDER_KIND) ?? ORDER_KIND;
  const tmpId = idOf(q.get('tmpId'));
  const templates = useTemplates(kind);
  const multi = FORM_KINDS[kind].multi;
  const chosen = tmpId ?? templates.find((t) => t.isDefault)?.id;

  return (
    <Card title="字段自定义" styles={{ body: { display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' } }}>
      <Menu
        aria-label="表单类型"
        style={{ width: 160, flex: '0 0 160px' }}
        mode="inline"
        selectedKeys={[String(kind)]}
        items={FORM_KIND_IDS.map((k) => ({ key: String(k), label: `${FORM_KINDS[k].name}表单` }))}
        onClick={({ key }) => setQ({ type: key })}
      />
      <div style={{ flex: 1, minWidth: 320 }}>
        {multi && templates.length > 0 ? (
          <Space style={{ marginBottom: 12 }}>
            <Typography.Text>{kind === ORDER_KIND ? '工单类型' : '模板'}：</Typography.Text>
            <Select
              aria-label="模板"
              style={{ width: 220 }}
              value={chosen}
              options={templates.map((t) => ({ value: t.id, label: t.enabled ? t.name : `${t.name}（已停用）` }))}
              onChange={(id: number) => setQ({ type: String(kind), tmpId: String(id) })}
            />
          </Space>
        ) : null}
        <Designer key={`${kind}-${tmpId ?? ''}`} kind={kind} tmpId={tmpId} />
      </div>
    </Card>
  );
}
