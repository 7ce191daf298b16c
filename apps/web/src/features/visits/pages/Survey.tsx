// The customer's survey page (/returnVisitSurvey?token=…): opens without login from the SMS link, shows the
// order's summary and takes the scores and a comment once. Made for a phone's width.
import { visitsContract as V } from '@sk/shared/visits/visits.contract';
import { Button, Card, Form, Input, Rate, Result, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { useSearchParams } from 'react-router';
import { type ApiError, callEnvelope } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { dimensionLabel } from '../options';

/** A dimension's score as surveySubmit checks it; the server asks for every one (请为每一项打分). */
const score = (d: number) => (V.surveySubmit.body.shape.scores.unwrap().shape as Record<string, z.ZodType>)[String(d)] as z.ZodType;

export default function Survey() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const page = useApi(V.survey, { token }, { retry: false, call: { silent: true, noRedirect: true } });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async (v: { scores: Record<string, number>; comment?: string }) => {
    setSending(true);
    try {
      const r = await callEnvelope(V.surveySubmit, { token, scores: v.scores ?? {}, comment: v.comment ?? null }, { silent: true, noRedirect: true });
      setDone(r.message);
    } catch (e) {
      // A second answer is told politely that the first one counted.
      if ((e as ApiError).code === 'SURVEY_USED') setDone((e as ApiError).message);
      else setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };
  const wrap = (child: ReactNode) => <div style={{ maxWidth: 480, margin: '0 auto', padding: 12 }}>{child}</div>;
  if (page.isLoading) return wrap(<Spin />);
  if (!page.data) return wrap(<Result status="warning" title={page.error?.message ?? '链接无效或已过期，如需帮助请联系客服'} />);
  const p = page.data;
  if (done || p.answered) return wrap(<Result status="success" title={done ?? '您已提交过评价，感谢您的反馈'} subTitle={p.enterpriseName} />);
  return wrap(
    <Card title={`${p.enterpriseName} · 服务评价`} size="small">
      <Typography.Paragraph>
        工单 {p.orderNo}：{p.title}
        <br />
        {p.engineerName ? `服务人员：${p.engineerName}` : null}
        {p.finishTime ? ` · 完成时间：${p.finishTime}` : null}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={send}>
        {p.dimensions.map((d) => (
          <Form.Item key={d} name={['scores', String(d)]} label={dimensionLabel(d)} rules={rulesOf(score(d), { required: `请为“${dimensionLabel(d)}”打分` })}>
            <Rate aria-label={dimensionLabel(d)} style={{ fontSize: 28 }} />
          </Form.Item>
        ))}
        <Form.Item name="comment" label="您的意见或建议">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
        <Button type="primary" htmlType="submit" block size="large" loading={sending}>
          提交评价
        </Button>
      </Form>
    </Card>,
  );
}
