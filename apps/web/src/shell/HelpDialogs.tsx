import { accountContract } from '@sk/shared';
import { Modal, Timeline, Typography } from 'antd';
import { useApi } from '../lib/query';
import { QrCode } from './QrCode';

export function VersionHistory({ onClose }: { onClose: () => void }) {
  const versions = useApi(accountContract.productVersions);
  return (
    <Modal title="版本记录" open onCancel={onClose} footer={null} width={520}>
      <Timeline
        items={(versions.data ?? []).map((v) => ({
          key: v.version,
          content: (
            <>
              <Typography.Text strong>
                {v.version}（{v.date}）
              </Typography.Text>
              <ul className="sk-notes">
                {v.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            </>
          ),
        }))}
      />
    </Modal>
  );
}

export function DownloadApp({ onClose }: { onClose: () => void }) {
  const info = useApi(accountContract.versionInfo);
  const link = info.data ? new URL(info.data.download_link, window.location.origin).href : null;
  return (
    <Modal title="下载手机App" open onCancel={onClose} footer={null} width={360}>
      <div style={{ textAlign: 'center' }}>
        {link && <QrCode text={link} alt="App下载二维码" />}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          使用手机扫描二维码下载服务管家App
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** The help menu's two dialogs, loaded when one is opened. */
export default function HelpDialogs({ which, onClose }: { which: 'versions' | 'app'; onClose: () => void }) {
  return which === 'versions' ? <VersionHistory onClose={onClose} /> : <DownloadApp onClose={onClose} />;
}
