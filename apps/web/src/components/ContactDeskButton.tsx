import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';

const ContactDialog = lazy(() => withChunkReload(() => import('./ContactDialog.tsx')));

/** A button that opens the desk's contact dialog (its code loads on the first tap). */
export function ContactDeskButton({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--outline"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
