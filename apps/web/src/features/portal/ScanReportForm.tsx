// 扫码报修's form (docs/portal.md): the reporter's mobile proved by an SMS code, a name, the fault and up to three photos,
// sent in one call; the answer is the order number and the link that follows it.
import { SCAN_MAX_PHOTOS } from '@sk/shared/portal/scan.contract';
import { Button, Card, Form, Input, Result, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { SendCodeButton } from '../auth';
import { toast } from '../../components/toast';
import type { ApiError } from '../../lib/api';
import { rulesOf } from '../../lib/zodRules';
import { portalCall, S, shrinkImage } from './api';
import { PhotoPicker } from './PhotoPicker';

const R = S.report.body.shape;

interface Values {
  mobile: string;
  smsCode: string;
  name?: string;
  description: string;
}

export function ScanReportForm({ code }: { code: string }) {
  const [form] = Form.useForm<Values>();
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ orderNo: string; token: string } | null>(null);

  const add = async (files: FileList | null) => {
    try {
      for (const f of [...(files ?? [])].slice(0, SCAN_MAX_PHOTOS - photos.length)) {
        const data = await shrinkImage(f);
        setPhotos((list) => [...list, data].slice(0, SCAN_MAX_PHOTOS));
      }
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      setDone(await portalCall(S.report, { code, ...v, photos }));
    } catch (e) {
      // The client has shown the server's message; a spent code is asked again.
      if ((e as ApiError).code === 'CODE_INVALID') form.setFieldValue('smsCode', '');
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <Result
        status="success"
        title="报修成功"
        subTitle={`工单号：${done.orderNo}。查看进度的链接已通过短信发送到您的手机。`}
        extra={
          <Link to={`/portal/track?token=${done.token}`} className="ant-btn ant-btn-primary ant-btn-lg">
            查看进度
          </Link>
        }
      />
    );
  return (
    <Card size="small" className="portal-card" title="报修">
      <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark>
        <Form.Item name="mobile" label="手机号" rules={rulesOf(R.mobile, { required: '请输入11位手机号' })}>
          <Input inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="smsCode" noStyle rules={rulesOf(R.smsCode)}>
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label="验证码" />
            </Form.Item>
            <SendCodeButton getMobile={() => form.getFieldValue('mobile')} send={(mobile) => portalCall(S.sendCode, { code, mobile })} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="name" label="联系人">
          <Input maxLength={50} placeholder="您的称呼，如：李女士" autoComplete="name" />
        </Form.Item>
        <Form.Item name="description" label="故障描述" rules={rulesOf(R.description, { required: '请描述故障现象' })}>
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="请描述故障现象，如：空调不制冷、有异响" />
        </Form.Item>
        <Form.Item label={`照片（最多${SCAN_MAX_PHOTOS}张）`}>
          <PhotoPicker
            photos={photos.map((src, i) => ({ key: String(i), src }))}
            max={SCAN_MAX_PHOTOS}
            testId="scan-photo-input"
            onPick={add}
            onRemove={(key) => setPhotos((list) => list.filter((_, j) => String(j) !== key))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          提交报修
        </Button>
      </Form>
    </Card>
  );
}
