import { CheckCircleOutlined } from '@ant-design/icons';
import { INDUSTRIES, type Industry } from '@sk/shared/auth/plans';
import { type DeployPlan, quickDeployContract } from '@sk/shared/forms/deploy.contract';
import { Alert, Button, Card, Descriptions, Empty, Radio, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../../lib/api';
import { queryClient, useApi } from '../../../lib/query';
import { refreshForms } from '../api';

const KIND_COLORS: Record<number, string> = { 1: 'blue', 6: 'purple', 10: 'cyan' };

/** What a plan (or a finished deploy) holds, template by template, then the dictionaries. */
function PlanList({ plan }: { plan: DeployPlan }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      {plan.templates.map((t) => (
        <Card key={`${t.kind}:${t.name}`} size="small" data-testid="deploy-template">
          <Space wrap style={{ marginBottom: 8 }}>
            <Tag color={KIND_COLORS[t.kind]}>{t.kind === 1 ? '工单类型' : `${t.kindName}模板`}</Tag>
            <Typography.Text strong>{t.name}</Typography.Text>
            {t.exists ? <Tag>已存在，补充缺少的内容</Tag> : <Tag color="green">新建</Tag>}
          </Space>
          <Descriptions size="small" column={1}>
            {t.fields.length ? (
              <Descriptions.Item label={`自定义字段（${t.fields.length}）`}>
                <Space size={[4, 4]} wrap>
                  {t.fields.map((f) => (
                    <Tag key={f}>{f}</Tag>
                  ))}
                </Space>
              </Descriptions.Item>
            ) : null}
            {t.moneyItems.length ? (
              <Descriptions.Item label={`服务项目（${t.moneyItems.length}）`}>
                <Space size={[4, 4]} wrap>
                  {t.moneyItems.map((m) => (
                    <Tag key={m} color="gold">
                      {m}
                    </Tag>
                  ))}
                </Space>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        </Card>
      ))}
      {plan.dict.length ? (
        <Card size="small" title="字典" data-testid="deploy-dict">
          <Descriptions size="small" column={1}>
            {plan.dict.map((d) => (
              <Descriptions.Item key={d.type} label={d.typeName}>
                <Space size={[4, 4]} wrap>
                  {d.names.map((n) => (
                    <Tag key={n}>{n}</Tag>
                  ))}
                </Space>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}
    </Space>
  );
}

const summaryOf = (p: DeployPlan): string => {
  const templates = p.templates.filter((t) => !t.exists).length;
  const fields = p.templates.reduce((n, t) => n + t.fields.length, 0);
  const items = p.templates.reduce((n, t) => n + t.moneyItems.length, 0);
  const values = p.dict.reduce((n, d) => n + d.names.length, 0);
  return `新增模板 ${templates} 个、自定义字段 ${fields} 个、服务项目 ${items} 个、字典值 ${values} 个`;
};

/** /quickDeploy: pick the industry, see what will be added, add it in one go; a second run adds only what is missing. */
export default function QuickDeploy() {
  const [industry, setIndustry] = useState<Industry | undefined>();
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState<DeployPlan | null>(null);
  const plan = useApi(quickDeployContract.plan, industry ? { industry } : {}, { staleTime: 0 });
  // The first answer names the enterprise's own industry: select it.
  useEffect(() => {
    if (!industry && plan.data) setIndustry(plan.data.industry as Industry);
  }, [industry, plan.data]);

  const apply = async () => {
    if (!industry) return;
    setRunning(true);
    try {
      const added = await call(quickDeployContract.apply, { industry }, { successToast: true });
      setDone(added);
      await refreshForms();
      await queryClient.invalidateQueries();
    } catch {
      // The request client has shown the message.
    } finally {
      setRunning(false);
    }
  };

  const p = plan.data;
  return (
    <Card title="快速部署">
      <Space orientation="vertical" style={{ width: '100%' }} size={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          按所在行业一键导入工单模板、服务项目和字典。已有的同名模板、字段、服务项目和字典值会保留，只补充缺少的内容。
        </Typography.Paragraph>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={industry}
          onChange={(e) => {
            setIndustry(e.target.value);
            setDone(null);
          }}
          options={Object.entries(INDUSTRIES).map(([value, label]) => ({ value, label }))}
          aria-label="所在行业"
        />
        {done ? (
          <Result
            status="success"
            title={done.count ? `${done.industryName}模板部署成功` : '已全部部署，无需补充'}
            subTitle={done.count ? summaryOf(done) : '该行业的模板、服务项目和字典都已存在。'}
            extra={[
              <Link key="orders" to="/templateCenter">
                <Button type="primary">查看工单设置</Button>
              </Link>,
              <Link key="dict" to="/dictionarySettings">
                <Button>查看字典设置</Button>
              </Link>,
            ]}
          >
            {done.count ? <PlanList plan={done} /> : null}
          </Result>
        ) : !p || plan.isFetching ? (
          <Spin style={{ display: 'block', margin: 32 }} />
        ) : p.count === 0 ? (
          <Result
            icon={<CheckCircleOutlined />}
            status="success"
            title={`${p.industryName}的内容已全部部署`}
            subTitle="没有需要补充的模板、服务项目或字典值。"
          />
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              title={`将为“${p.industryName}”${summaryOf(p)}`}
              description={p.templates.some((t) => t.exists) || p.dict.length < 3 ? '部分内容已存在，本次只补充缺少的部分。' : undefined}
            />
            <PlanList plan={p} />
            <Space>
              <Button type="primary" size="large" loading={running} onClick={apply}>
                {p.templates.some((t) => t.exists) ? `补充缺少的 ${p.count} 项` : '一键部署'}
              </Button>
            </Space>
          </>
        )}
        {!p && !plan.isPending ? <Empty /> : null}
      </Space>
    </Card>
  );
}
