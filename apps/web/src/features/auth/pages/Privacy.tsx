import { Card, Typography } from 'antd';
import { useNavigate } from 'react-router';

const SECTIONS: [string, string][] = [
  ['我们收集的信息', '为提供登录和服务管理功能，我们会收集您的手机号、姓名、所在企业与部门，以及您在使用过程中录入的工单、客户和服务记录。'],
  ['信息的使用', '这些信息仅用于提供和改进服务管家的功能，例如登录验证、派单通知、报表统计。我们不会将您的信息出售给第三方。'],
  ['信息的存储与保护', '数据按企业隔离存储，密码经不可逆加密保存，所有操作留有日志。企业管理员可管理本企业的数据。'],
  ['您的权利', '您可以查看、更正本人的资料，可以联系企业管理员停用账号或删除数据。'],
  ['联系我们', '如对本政策有任何疑问，请拨打客服热线与我们联系。'],
];

export default function Privacy() {
  const navigate = useNavigate();
  return (
    <div className="sk-auth">
      <Card title="隐私政策" style={{ maxWidth: 760, width: '100%' }} extra={<Typography.Link onClick={() => navigate(-1)}>返回</Typography.Link>}>
        {SECTIONS.map(([h, p]) => (
          <section key={h}>
            <Typography.Title level={5}>{h}</Typography.Title>
            <Typography.Paragraph>{p}</Typography.Paragraph>
          </section>
        ))}
      </Card>
    </div>
  );
}
