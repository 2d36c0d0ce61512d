import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { ApiError, call } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { PhotoError, shrinkPhoto, toBase64 } from '../../lib/shrinkPhoto.ts';

export type Photo =
  | { state: 'empty' }
  | { state: 'working' }
  | { state: 'ready'; image: string; preview: string }
  | { state: 'refused'; message: string };

/**
 * A slip or screenshot: picked, shrunk in the browser and checked by the server (uploadImgFile),
 * as the identity photos are; `onChange` gets the base64 image once it passed, '' otherwise.
 */
export function PhotoPicker({
  label,
  hint,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  onChange: (image: string) => void;
  disabled?: boolean;
}) {
  const t = useT('transaction');
  const account = useT('account');
  const id = useId();
  const [photo, setPhoto] = useState<Photo>({ state: 'empty' });

  useEffect(
    () => () => {
      if (photo.state === 'ready') URL.revokeObjectURL(photo.preview);
    },
    [photo],
  );

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    onChange('');
    if (!file) return setPhoto({ state: 'empty' });
    setPhoto({ state: 'working' });
    try {
      const shrunk = await shrinkPhoto(file);
      const image = await toBase64(shrunk);
      await call('uploadImgFile', { body: { image }, dialog: false });
      setPhoto({ state: 'ready', image, preview: URL.createObjectURL(shrunk) });
      onChange(image);
    } catch (error) {
      const message =
        error instanceof PhotoError
          ? account(`kyc.problem.${error.problem}`)
          : error instanceof ApiError
            ? error.message
            : account('kyc.problem.unreadable');
      setPhoto({ state: 'refused', message });
    }
  }

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        disabled={disabled}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-state`}
        onChange={(event) => void pick(event)}
      />
      <div id={`${id}-state`} aria-live="polite">
        {photo.state === 'working' ? <progress aria-label={t('pay.preparing')} /> : null}
        {photo.state === 'ready' ? (
          <img className="slip-preview" src={photo.preview} alt={t('pay.slipPreview')} />
        ) : null}
        {photo.state === 'refused' ? <p className="field__error">{photo.message}</p> : null}
      </div>
    </div>
  );
}
