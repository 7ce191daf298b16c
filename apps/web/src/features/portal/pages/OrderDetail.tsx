// /portal/orders/:id: the order's state, engineer, appointment and timeline; its quotations, the service report and
// the rating once it is completed.
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Rate, Spin, Timeline, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { QuoteStateTag } from '../../commerce';
import { rulesOf } from '../../../lib/zodRules';
import { P, usePortal, usePortalWrite, yuan } from '../api';
import { PortalPage } from '../PortalPage';
import { OrderState, Row } from './bits';

export default function OrderDetail() {
  const id = Number(useParams().id);
  const d = usePortal(P.order, { id }, { enabled: id > 0 });
  const rate = usePortalWrite(P.rate);
  const o = d.data;
  return (
    <PortalPage title="工单详情" back="/portal/orders">
      {d.isPending ? <Spin /> : null}
      {d.error ? <Typography.Text type="danger">{d.error.message}</Typography.Text> : null}
      {o ? (
        <>
          <Card size="small" className="portal-card" title={o.title} extra={<OrderState state={o.state} />}>
            <Row label="工单编号">{o.orderNo}</Row>
            <Row label="设备">{o.productName}</Row>
            <Row label="序列号">{o.serialNumber}</Row>
            <Row label="服务地址">{o.address}</Row>
            <Row label="服务工程师">
              <span data-testid="portal-engineer">{o.engineerName ?? '待派单'}</span>
            </Row>
            {o.engineerPhone ? (
              <Row label="工程师电话">
                <a href={`tel:${o.engineerPhone}`}>{o.engineerPhone}</a>
              </Row>
            ) : null}
            <Row label="预约时间">{o.appointment}</Row>
            {o.finishTime ? <Row label="完成时间">{o.finishTime}</Row> : null}
            {o.receivableCents > 0 ? <Row label="应收金额">{yuan(o.receivableCents)}</Row> : null}
            {o.detailDesc ? <Typography.Paragraph style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>{o.detailDesc}</Typography.Paragraph> : null}
          </Card>
          {o.quotations.length ? (
            <Card size="small" className="portal-card" title="报价单">
              {o.quotations.map((q) => (
                <Link key={q.id} to={`/portal/quotes/${q.id}`} className="portal-row" style={{ minHeight: 44, alignItems: 'center' }}>
                  <span>{q.quoteNo}</span>
                  <span>
                    {yuan(q.totalCents)} <QuoteStateTag state={q.state} />
                  </span>
                </Link>
              ))}
            </Card>
          ) : null}
          {o.hasReport ? (
            <Button size="large" block icon={<DownloadOutlined />} href={`/api${P.report.path}?id=${o.id}`} style={{ marginBottom: 12 }}>
              下载服务报告
            </Button>
          ) : null}
          {o.canRate ? (
            <Card size="small" className="portal-card" title="服务评价">
              <Form
                layout="vertical"
                size="large"
                onFinish={(v: { stars: number; comment?: string }) => rate.mutate({ orderId: o.id, stars: v.stars, comment: v.comment ?? null })}
              >
                <Form.Item name="stars" label="满意度" rules={rulesOf(P.rate.body.shape.stars, { required: '请选择评分' })}>
                  <Rate aria-label="满意度" style={{ fontSize: 32 }} />
                </Form.Item>
                <Form.Item name="comment" label="您的意见或建议">
                  <Input.TextArea rows={3} maxLength={500} />
                </Form.Item>
                <Button type="primary" htmlType="submit" block loading={rate.isPending}>
                  提交评价
                </Button>
              </Form>
            </Card>
          ) : null}
          {o.rating ? (
            <Card size="small" className="portal-card" title="我的评价">
              <Rate disabled value={o.rating.stars} aria-label="评分" />
              {o.rating.comment ? <Typography.Paragraph style={{ marginTop: 8 }}>{o.rating.comment}</Typography.Paragraph> : null}
              <Typography.Text type="secondary">{o.rating.create_time}</Typography.Text>
            </Card>
          ) : null}
          <Card size="small" className="portal-card" title="进度">
            <Timeline
              items={o.timeline.map((l) => ({
                children: (
                  <>
                    <Typography.Text strong>{l.label}</Typography.Text>
                    <div style={{ color: '#595959', fontSize: 13 }}>{l.create_time}</div>
                  </>
                ),
              }))}
            />
          </Card>
        </>
      ) : null}
    </PortalPage>
  );
}
