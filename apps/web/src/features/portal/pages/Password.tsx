// /portal/password: the customer changes his own password (old + new, the staff rules); his other devices are logged out.
import { Button, Card, Form } from 'antd';
import { useNavigate } from 'react-router';
import { PasswordChangeFields, type PasswordChangeValues } from '../../../components/PasswordChangeFields';
import { P, usePortalWrite } from '../api';
import { PortalPage } from '../PortalPage';

type Values = PasswordChangeValues;

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
          <PasswordChangeFields fields={P.password.body.shape} />
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            确认修改
          </Button>
        </Form>
      </Card>
    </PortalPage>
  );
}
