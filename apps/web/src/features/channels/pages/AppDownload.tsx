import { Button, Steps, Typography } from 'antd';
import { Link } from 'react-router';
import { AuthCard } from '../../auth';
import { QrCode } from '../../../shell/QrCode';
import { isAppShell, isChatClient } from '../../../lib/env';

const isPhone = () => /android|iphone|ipad|mobile/i.test(navigator.userAgent) || window.innerWidth < 600;

/**
 * The help menu's "下载手机App" QR code opens this page (GET /version/info download_link). The mobile app is this web
 * app at phone width: the page opens it on the phone, says how to keep it on the home screen, and, inside a chat
 * client, how to open it in the system browser.
 */
export default function AppDownload() {
  const home = `${window.location.origin}/?client=app`;
  const phone = isPhone();
  return (
    <AuthCard title="服务管家手机App">
      <div style={{ textAlign: 'center' }}>
        {!phone && (
          <>
            <QrCode text={window.location.href} alt="手机扫码打开服务管家" size={180} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              使用手机扫描二维码，在手机上打开服务管家
            </Typography.Paragraph>
          </>
        )}
        {phone && (
          <Button type="primary" size="large" block href={home} style={{ marginBottom: 16 }}>
            打开服务管家
          </Button>
        )}
      </div>
      <Typography.Title level={5}>添加到手机桌面</Typography.Title>
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        items={[
          { title: '用手机浏览器打开本页，点击“打开服务管家”并登录' },
          { title: 'iPhone：点击底部“分享”按钮，选择“添加到主屏幕”' },
          { title: '安卓：点击浏览器菜单，选择“添加到桌面”或“安装应用”' },
        ]}
      />
      {(isChatClient() || isAppShell()) && (
        <Typography.Paragraph type="secondary">
          在企业微信或钉钉中打开时，可点击右上角“…”选择“在浏览器打开”。<Link to="/linkhelp">查看说明</Link>
        </Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/login">电脑端登录</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
