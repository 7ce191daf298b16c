import { FilePdfOutlined, MessageOutlined } from '@ant-design/icons';
import { MOBILE, mobile } from '@sk/shared/common/zod';
import { App, Button, Form, Input, Space } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useState } from 'react';
import { callFile } from '../../../lib/api';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { moneyContract as M } from './api';

/** POST /export/orderPdf answers the PDF itself; an envelope means a refusal with its message (shown by the caller). */
async function downloadReport(orderId: number, orderNo: string): Promise<void> {
  const pdf = await callFile(M.orderPdf, { orderId }, { silent: true });
  const url = URL.createObjectURL(pdf);
  const a = document.createElement('a');
  a.href = url;
  a.download = `服务报告-${orderNo}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 服务报告 buttons for the detail page: download the PDF, and text the customer a link to it (completed orders). */
export function ReportButtons({ orderId, orderNo, phone, completed }: { orderId: number; orderNo: string; phone?: string | null; completed: boolean }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const send = useApiMutation(M.pdfSend);
  const download = () => {
    setBusy(true);
    downloadReport(orderId, orderNo)
      .catch((e: Error) => message.error(e.message || '下载失败'))
      .finally(() => setBusy(false));
  };
  return (
    <Space wrap>
      <Button icon={<FilePdfOutlined />} loading={busy} onClick={download}>
        下载服务报告
      </Button>
      {completed ? (
        <Button icon={<MessageOutlined />} onClick={() => setAsking(true)}>
          发送给客户
        </Button>
      ) : null}
      <RecordFormDialog<{ mobile: string }>
        open={asking}
        title="短信发送服务报告"
        okText="发送"
        name="skReportSmsForm"
        initialValues={{ mobile: MOBILE.test(phone ?? '') ? (phone ?? '') : '' }}
        onSubmit={(v) => send.mutateAsync({ orderId, mobile: v.mobile })}
        onClose={() => setAsking(false)}
      >
        <p className="sk-muted">客户将收到一条短信，内含仅此链接可打开的服务报告，7天内有效；再次发送后旧链接失效。</p>
        <Form.Item name="mobile" label="手机号" rules={rulesOf(mobile, { required: '请输入手机号' })}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
