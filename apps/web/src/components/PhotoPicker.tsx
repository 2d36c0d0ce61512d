import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { ApiError, call } from '../lib/api.ts';
import { useT } from '../lib/i18n.ts';
import { PhotoError, shrinkPhoto, toBase64 } from '../lib/shrinkPhoto.ts';
import './photoPicker.css';

export type Photo =
  | { state: 'empty' }
  | { state: 'working'; percent?: number }
  | { state: 'ready'; image: string; preview: string }
  | { state: 'refused'; message: string };

/**
 * How a picked photo reaches the server: it gets the shrunk photo as base64 and a function to
 * report the per cent sent; it resolves once the server accepted the photo, rejects otherwise.
 */
export type PhotoUpload = (image: string, progress: (percent: number) => void) => Promise<unknown>;

/** The default: the server checks the photo (uploadImgFile) and keeps nothing. */
const checkOnly: PhotoUpload = (image) => call('uploadImgFile', { body: { image }, dialog: false });

/**
 * A photo (an identity photo, a slip, a screenshot): picked, shrunk in the browser and sent to the
 * server (`upload`: checked only by default), with the per cent sent while it uploads, then shown;
 * `onChange` gets the base64 image once it passed, '' otherwise. `problem` is a refusal found later
 * (a submission that refused this photo): it shows until another photo is picked. `preparing`
 * names the progress while it is shrunk and checked, `previewAlt` the photo once shown. The
 * browser's own file control says "Choose File" in the browser's language, so it is hidden (still
 * focusable and labelled) behind a button in the page's language.
 */
export function PhotoPicker({
  label,
  hint,
  preparing,
  previewAlt,
  onChange,
  disabled,
  upload = checkOnly,
  problem,
}: {
  label: string;
  hint?: string;
  preparing: string;
  previewAlt: string;
  onChange: (image: string) => void;
  disabled?: boolean;
  upload?: PhotoUpload;
  problem?: string | null;
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
    // Emptied, so the same file chosen again (after a refusal) is a change too.
    event.target.value = '';
    onChange('');
    if (!file) return setPhoto({ state: 'empty' });
    setPhoto({ state: 'working' });
    try {
      const shrunk = await shrinkPhoto(file);
      const image = await toBase64(shrunk);
      await upload(image, (percent) => setPhoto({ state: 'working', percent }));
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

  const shown: Photo = problem && photo.state !== 'working' ? { state: 'refused', message: problem } : photo;
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
        {shown.state === 'empty' ? <p className="field__hint">{account('kyc.pick.noneChosen')}</p> : null}
        {shown.state === 'working' ? <Progress percent={shown.percent} preparing={preparing} /> : null}
        {shown.state === 'ready' ? (
          <img className="photo-preview" src={shown.preview} alt={previewAlt} />
        ) : null}
        {shown.state === 'refused' ? <p className="field__error">{shown.message}</p> : null}
      </div>
    </div>
  );
}

/** Shrinking (no figure yet), then the per cent sent, then the server's check once all is sent. */
function Progress({ percent, preparing }: { percent: number | undefined; preparing: string }) {
  const account = useT('account');
  if (percent === undefined) return <progress aria-label={preparing} />;
  const sent = percent >= 100;
  const text = sent ? account('kyc.checking') : account('kyc.uploading', { percent });
  return (
    <div className="photo-progress">
      {sent ? <progress aria-label={text} /> : <progress aria-label={text} max={100} value={percent} />}
      <span className="photo-progress__text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
