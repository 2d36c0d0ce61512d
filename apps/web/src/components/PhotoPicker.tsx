import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { ApiError, call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { PhotoError, shrinkPhoto, toBase64 } from '../lib/shrinkPhoto.ts';
import './photoPicker.css';

export type Photo =
  | { state: 'empty' }
  | { state: 'working' }
  | { state: 'ready'; image: string; preview: string }
  | { state: 'refused'; message: string };

/**
 * A photo (an identity photo, a slip, a screenshot): picked, shrunk in the browser and checked by
 * the server (uploadImgFile), then shown; `onChange` gets the base64 image once it passed, ''
 * otherwise. `preparing` names the progress while it is shrunk and checked, `previewAlt` the
 * photo once shown. The browser's own file control says "Choose File" in the browser's language,
 * so it is hidden (still focusable and labelled) behind a button in the page's language.
 */
export function PhotoPicker({
  label,
  hint,
  preparing,
  previewAlt,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  preparing: string;
  previewAlt: string;
  onChange: (image: string) => void;
  disabled?: boolean;
}) {
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
      <div className={`photo-pick${disabled ? ' photo-pick--disabled' : ''}`}>
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png"
          disabled={disabled}
          aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-state`}
          onChange={(event) => void pick(event)}
        />
        {/* Its face: the input is what keyboards and screen readers use, named by the label above. */}
        <label htmlFor={id} className="button button--outline photo-pick__button" aria-hidden="true">
          {account(photo.state === 'ready' ? 'kyc.pick.chooseAgain' : 'kyc.pick.choose')}
        </label>
      </div>
      <div id={`${id}-state`} className="photo-pick__state" aria-live="polite">
        {photo.state === 'empty' ? <p className="field__hint">{account('kyc.pick.noneChosen')}</p> : null}
        {photo.state === 'working' ? <progress aria-label={preparing} /> : null}
        {photo.state === 'ready' ? (
          <img className="photo-preview" src={photo.preview} alt={previewAlt} />
        ) : null}
        {photo.state === 'refused' ? <p className="field__error">{photo.message}</p> : null}
      </div>
    </div>
  );
}
