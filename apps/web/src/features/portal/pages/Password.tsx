// /portal/password: the customer changes his own password (old + new, the staff rules); his other devices are logged out.
import { PASSWORD_HINT } from '@sk/shared/common/password';
import { Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { rulesOf } from '../../../lib/zodRules';
import { P, usePortalWrite } from '../api';
import { PortalPage } from '../PortalPage';

type Values = { oldPassword: string; newPassword: string; confirm: string };
const fields = P.password.body.shape;

export default function Password() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = usePortalWrite(P.password, () => navigate('/portal', { replace: true }));
  return (
    <PortalPage title="修改密码" back="/portal">
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(v) => save.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
        >
          <Form.Item name="oldPassword" label="原密码" rules={rulesOf(fields.oldPassword, { required: '请输入原密码' })}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label="新密码" extra={PASSWORD_HINT} rules={rulesOf(fields.newPassword, { required: '请输入新密码' })}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            确认修改
          </Button>
        </Form>
      </Card>
    </PortalPage>
  );
}
