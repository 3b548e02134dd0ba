/**
 * /preferences/invoice/upload: the header image and the footer image of image mode, re-encoded in the browser
 * (src/store/image.ts: only pixels, at most 1600 × 600, within MAX_HEADER_IMAGE_CHARS), with the printed size,
 * and Save. The worker refuses anything that is not an image or is past the cap.
 */
import { useState } from 'react';
import { MAX_HEADER_IMAGE_CHARS } from '../../../commands/invoice-header';
import { dispatch } from '../../bus';
import { useLive } from '../../live';
import { navigate } from '../../router';
import type { ScreenProps } from '../../screen';
import { encodeImage } from '../../store/image';
import { ErrorAlert, TextField } from '../../ui/fields';

const LIMITS = { maxWidth: 1600, maxHeight: 600, maxChars: MAX_HEADER_IMAGE_CHARS };

function ImagePick({ label, value, onPick }: { label: string; value: string; onPick: (file: File) => void }) {
  const id = `upload-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(e) => e.target.files?.[0] && onPick(e.target.files[0])} />
      {value && <img className="image-preview" src={value} alt={`${label} preview`} />}
    </div>
  );
}

export function HeaderUpload({ title }: ScreenProps) {
  const current = useLive('invoice-header-get', {});
  const stored = current.data;
  const [header, setHeader] = useState<string | undefined>();
  const [footer, setFooter] = useState<string | undefined>();
  const [width, setWidth] = useState<string | undefined>();
  const [height, setHeight] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = (set: (v: string) => void) => async (file: File) => {
    setError('');
    try {
      set(await encodeImage(file, LIMITS));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const h = header ?? stored?.header ?? '';
    if (!h) return setError('Choose a header image');
    setBusy(true);
    const reply = await dispatch('invoice-header-set', {
      img: true,
      header: h,
      footer: footer ?? stored?.footer ?? '',
      size: { width: width ?? stored?.size?.width ?? '', height: height ?? stored?.size?.height ?? '' },
    });
    setBusy(false);
    if (!reply.ok) return setError(reply.error.message);
    navigate('/preferences/invoice');
  };

  return (
    <section className="screen" data-testid="invoice-upload">
      <h1>{title}</h1>
      <form className="card" onSubmit={save} noValidate>
        <ErrorAlert message={error} />
        <ImagePick label="Header image" value={header ?? stored?.header ?? ''} onPick={pick(setHeader)} />
        <ImagePick label="Footer image" value={footer ?? stored?.footer ?? ''} onPick={pick(setFooter)} />
        <div className="row-fields">
          <TextField label="Printed width" hint="For example 180mm or 100%; empty: the paper's width" value={width ?? stored?.size?.width ?? ''} onChange={setWidth} />
          <TextField label="Printed height" hint="For example 30mm; empty: in proportion" value={height ?? stored?.size?.height ?? ''} onChange={setHeight} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save
        </button>
      </form>
    </section>
  );
}
