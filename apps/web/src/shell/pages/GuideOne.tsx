import { accountContract, FREE, menuContract, PLANS, type PlanId } from '@sk/shared';
import { Button, Card, Col, Descriptions, Empty, List, Progress, Row, Typography } from 'antd';
import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { displayDate } from '../../lib/format';
import { SHELL_COUNT, useApi } from '../../lib/query';
import { useCan, useUser } from '../../lib/session';
import { slot } from '../../lib/slots';
import { allEntries, useMenu } from '../menu';
import { openUpgrade } from '../upgrade';
import { EntryCards } from './EntryCards';

const QUICK_ENTRIES = 8;
/** The director (role 10) sees his key figures: the homeFigures slot (features/reports, their own chunk). */
const DIRECTOR = 10;

export function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 9) return '早上好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

function PackageCard() {
  const pkg = useApi(accountContract.packageDetail, undefined, { call: { silent: true } });
  const user = useUser();
  const d = pkg.data;
  if (!d) return null;
  const used = d.buy_person_num ? Math.round((d.userNum / d.buy_person_num) * 100) : 0;
  return (
    <Card
      title="套餐信息"
      size="small"
      extra={
        d.is_charge_user !== 1 && (
          <Button type="link" onClick={() => openUpgrade()}>
            升级VIP
          </Button>
        )
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label="当前版本">{d.packageName || PLANS[d.is_charge_user as PlanId]}</Descriptions.Item>
        <Descriptions.Item label="已用人数">
          {d.userNum} / {d.buy_person_num}
        </Descriptions.Item>
        <Descriptions.Item label="到期时间">
          {d.epServiceExpireTime ? displayDate(d.epServiceExpireTime) : d.is_charge_user === FREE ? '长期有效' : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="客服热线">{user.customServicePhone}</Descriptions.Item>
      </Descriptions>
      <Progress percent={Math.min(used, 100)} status={used > 100 ? 'exception' : 'normal'} size="small" aria-label="已用人数占比" />
    </Card>
  );
}

function TodoCard() {
  const user = useUser();
  const todo = useApi(menuContract.waitToDoList, undefined, { enabled: user.isChargeUser !== FREE, call: { silent: true }, meta: SHELL_COUNT });
  const navigate = useNavigate();
  return (
    <Card title="待办事项" size="small">
      {todo.data?.length ? (
        <List
          size="small"
          dataSource={todo.data}
          renderItem={(t) => (
            <List.Item
              actions={[
                <Typography.Text key="n" strong>
                  {t.count}
                </Typography.Text>,
              ]}
            >
              <Typography.Link onClick={() => navigate(t.path)}>{t.name}</Typography.Link>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
      )}
    </Card>
  );
}

/** Home: greeting, quick entries from the user's menu, to-do counts, and the package for administrators. */
export default function GuideOne() {
  const user = useUser();
  const can = useCan();
  const menu = useMenu();
  const navigate = useNavigate();
  const director = user.sysrole === DIRECTOR && user.isChargeUser !== FREE && can('chart_manage');
  const DirectorFigures = slot('homeFigures');
  const quick = allEntries(menu)
    .filter((e) => !e.disabled && e.form_type !== 0)
    .slice(0, QUICK_ENTRIES);
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {greeting(new Date().getHours())}，{user.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {user.enterpriseName} · {user.roleName || '未分配角色'} · {PLANS[user.isChargeUser as PlanId] ?? ''}
          </Typography.Text>
        </Card>
      </Col>
      {director && (
        <Col span={24}>
          <Suspense fallback={null}>
            <DirectorFigures />
          </Suspense>
        </Col>
      )}
      <Col xs={24} lg={16}>
        <Card
          title="常用功能"
          size="small"
          extra={
            <Button type="link" onClick={() => navigate('/personIndex')}>
              全部功能
            </Button>
          }
        >
          {quick.length ? <EntryCards entries={quick} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可用功能" />}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Row gutter={[12, 12]}>
          <Col span={24}>
            <TodoCard />
          </Col>
          {user.admin && (
            <Col span={24}>
              <PackageCard />
            </Col>
          )}
        </Row>
      </Col>
    </Row>
  );
}
