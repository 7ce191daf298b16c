import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of every login-side page: centred card, product name, page title. */
export function AuthCard({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <div className="sk-auth">
      <Card className="sk-auth-card">
        <Typography.Title level={3} className="sk-auth-title">
          服务管家
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {title}
        </Typography.Paragraph>
        {children}
        {extra}
      </Card>
    </div>
  );
}
