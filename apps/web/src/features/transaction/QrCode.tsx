import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** `value` as a QR code at the highest error correction (H), drawn as an image with `alt`. */
export function QrCode({ value, alt }: { value: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 }).then(
      (s) => live && setSvg(s),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <div className="qr qr--loading" />;
  return <img className="qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} alt={alt} />;
}
