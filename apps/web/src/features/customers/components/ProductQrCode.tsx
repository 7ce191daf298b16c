import { PrinterOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { toast } from '../../../components';
import { Img } from '../../../lib/Img';
import { qrImageUrl } from '../api';

export interface ProductQrCodeProps {
  id: number;
  name: string;
  serialNumber: string | null;
  /** The web path the code opens (/productManage/qr/<code>). */
  qrLink: string;
  size?: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A printable label: the QR code with the product's name and serial number, in a window of its own. */
function printLabel({ id, name, serialNumber }: ProductQrCodeProps): void {
  const w = window.open('', '_blank', 'width=420,height=520');
  if (!w) return void toast.warning('浏览器阻止了弹出窗口，请允许后重试');
  const src = new URL(qrImageUrl(id, 'svg'), window.location.origin).href;
  w.document.write(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(name)}</title>
    <style>body{font-family:sans-serif;text-align:center;margin:24px}img{width:260px;height:260px}p{margin:6px 0}</style></head>
    <body><img src="${src}" alt="二维码"><p><b>${escapeHtml(name)}</b></p>${serialNumber ? `<p>序列号：${escapeHtml(serialNumber)}</p>` : ''}</body></html>`);
  w.document.close();
  // Printed once the code has loaded; no inline handler, which the Content-Security-Policy forbids.
  const img = w.document.querySelector('img');
  if (img?.complete) w.print();
  else img?.addEventListener('load', () => w.print());
}

/** The installed product's QR code: shown, printable, and the link it opens. */
export function ProductQrCode(props: ProductQrCodeProps) {
  const { id, name, qrLink, size = 160 } = props;
  return (
    <Space orientation="vertical" align="center" className="sk-product-qr" data-testid="product-qr">
      <Img src={qrImageUrl(id)} alt={`${name}二维码`} width={size} height={size} style={{ border: '1px solid #f0f0f0', borderRadius: 4 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        扫码查看设备档案
      </Typography.Text>
      <Space>
        <Button size="small" icon={<PrinterOutlined />} onClick={() => printLabel(props)}>
          打印二维码
        </Button>
        <Link to={qrLink}>打开二维码链接</Link>
      </Space>
    </Space>
  );
}
