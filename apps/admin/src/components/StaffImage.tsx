import { fillPath } from '@bahtdesk/contract';
import { apiBase } from '@bahtdesk/ui/api';
import { Modal } from '@bahtdesk/ui/components';
import { useEffect, useState } from 'react';
import { api } from '../lib/endpoints.ts';
import { useT } from '../lib/i18n.ts';
import { getState } from '../lib/store.ts';

/**
 * A stored image read with the staff session (`staffFile`: the bearer token cannot ride on an
 * <img src>), shown from an object URL that is freed when the image goes away; never cached.
 */
function useStaffImage(fileId: number): { url?: string; failed: boolean } {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    (async () => {
      const response = await fetch(`${await apiBase()}${fillPath(api.staffFile.path, { id: fileId })}`, {
        headers: { Authorization: `Bearer ${getState().token ?? ''}` },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !/^image\//.test(response.headers.get('content-type') ?? ''))
        throw new Error('no image');
      objectUrl = URL.createObjectURL(await response.blob());
      setUrl(objectUrl);
    })().catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  return { url, failed };
}

const ZOOMS = [1, 1.5, 2, 3] as const;

/** A stored image (an identity document, a slip): a thumbnail that opens larger, with zoom and rotate. */
export function StaffImage({ fileId, caption }: { fileId: number; caption: string }) {
  const t = useT('common');
  const { url, failed } = useStaffImage(fileId);
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  return (
    <figure className="staff-image">
      {failed ? (
        <p className="state state--error">{t('image.failed')}</p>
      ) : url ? (
        <button type="button" className="staff-image__open" onClick={() => setOpen(true)}>
          <img src={url} alt={caption} />
          <span className="visually-hidden">{t('image.enlarge')}</span>
        </button>
      ) : (
        <p className="state" role="status">
          {t('image.loading')}
        </p>
      )}
      <figcaption>{caption}</figcaption>
      {open && url ? (
        <Modal
          open
          wide
          onClose={() => setOpen(false)}
          title={caption}
          actions={
            <>
              <button type="button" className="button" onClick={() => setZoom((z) => Math.max(0, z - 1))}>
                {t('image.zoomOut')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              >
                {t('image.zoomIn')}
              </button>
              <button type="button" className="button" onClick={() => setTurns((n) => (n + 1) % 4)}>
                {t('image.rotate')}
              </button>
              <button type="button" className="button button--primary" onClick={() => setOpen(false)}>
                {t('image.close')}
              </button>
            </>
          }
        >
          <p className="muted" aria-live="polite">
            {t('image.view', { zoom: ZOOMS[zoom] ?? 1, degrees: turns * 90 })}
          </p>
          <div className="image-viewer">
            <img
              src={url}
              alt={caption}
              style={{ transform: `scale(${ZOOMS[zoom] ?? 1}) rotate(${turns * 90}deg)` }}
            />
          </div>
        </Modal>
      ) : null}
    </figure>
  );
}
