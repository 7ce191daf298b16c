import { type ImgHTMLAttributes, useState } from 'react';

/** Shown instead of an image that failed to load. */
export const IMG_PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#f0f0f0"/><path d="M14 46l12-14 9 10 6-7 9 11z" fill="#bfbfbf"/><circle cx="42" cy="22" r="5" fill="#bfbfbf"/></svg>',
  );

/** An <img> that falls back to a placeholder when the picture cannot be loaded. */
export function Img({ src, alt = '', ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={broken ? IMG_PLACEHOLDER : src}
      data-broken={broken ? '1' : undefined}
      onError={(e) => {
        if (!broken) setFailedSrc(String(src));
        rest.onError?.(e);
      }}
    />
  );
}
