import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an image (an SVG data URL, which the CSP allows for images), at the
 * highest error correction as the member footer draws it. Nothing shows while `text` is empty.
 */
export function Qr({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    if (!text) return;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return null;
  return <img className="qr" src={src} alt={label} width={size} height={size} />;
}
