import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** A QR code image drawn by the `qrcode` package, loaded only when one is shown. */
export function QrCode({ text, size = 160, alt }: { text: string; size?: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((q) => q.toDataURL(text, { width: size, margin: 1 }))
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!src) return <Spin style={{ width: size, height: size, display: 'grid', placeItems: 'center' }} />;
  return <img src={src} width={size} height={size} alt={alt} />;
}
