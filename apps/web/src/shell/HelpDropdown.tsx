import { QuestionCircleOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';

const HelpDialogs = lazy(() => import('./HelpDialogs'));

/** Help: help centre, discover the product, version history, the mobile app's QR code. */
export function HelpDropdown() {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'versions' | 'app' | null>(null);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'help', label: '帮助中心' },
            { key: 'discover', label: '发现产品' },
            { key: 'versions', label: '版本记录' },
            { key: 'app', label: '下载手机App' },
          ],
          onClick: ({ key }) => {
            if (key === 'help') navigate('/help');
            else if (key === 'discover') navigate('/navigation');
            else setDialog(key as 'versions' | 'app');
          },
        }}
      >
        <button type="button" className="sk-header-btn" aria-label="帮助">
          <QuestionCircleOutlined />
        </button>
      </Dropdown>
      {dialog && (
        <Suspense fallback={null}>
          <HelpDialogs which={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
