import { Button, Card, Col, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { entryPath, useMenu } from '../menu';

const FEATURES: { title: string; text: string; router: string }[] = [
  { title: '工单全流程', text: '受理、派单、接单、预约、服务、完工、审核到归档，每一步留痕可追溯。', router: 'AllOrder' },
  { title: '事件与服务台', text: '客户来电、来访统一登记为事件，分配处理人并跟踪到关闭。', router: 'ServiceCounter' },
  { title: '客户与产品档案', text: '客户、联系人、地址和已安装产品一处管理，保修到期自动提醒。', router: 'AllCustomer' },
  { title: '服务项目', text: '把大型服务拆成任务，按进度审批，项目进度一目了然。', router: 'AllProject' },
  { title: '备件与库存', text: '领用、调拨、盘点、旧件返还，库存预警防止缺件误工。', router: 'SpareList' },
  { title: '结算与费用', text: '外包结算、平台结算、奖惩和费用审批，账目清楚。', router: 'SettleAccountsList' },
  { title: '回访与评价', text: '完工后按计划回访，收集客户评价，持续改进服务质量。', router: 'ReturnVisitOrder' },
  { title: '运营报表', text: '工单统计、超时统计和运营报表，帮助管理者掌握全局。', router: 'StatusStatistics' },
];

/** Explore: what the product offers, with a way in where the user may open it. */
export default function Navigation() {
  const menu = useMenu();
  const navigate = useNavigate();
  const entries = menu?.groups.flatMap((g) => g.children) ?? [];
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        探索服务管家
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {FEATURES.map((f) => {
          const e = entries.find((x) => x.routerName === f.router);
          return (
            <Col key={f.title} xs={24} sm={12} xl={6}>
              <Card
                title={f.title}
                size="small"
                style={{ height: '100%' }}
                extra={
                  e &&
                  !e.locked &&
                  !e.disabled && (
                    <Button type="link" size="small" onClick={() => navigate(entryPath(e))}>
                      去使用
                    </Button>
                  )
                }
              >
                {f.text}
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );
}
