/** The one-field dialogs of the store toolbar: New warehouse, Create category, Create item variation. */
import { useEffect, useState } from 'react';
import { useConfig } from '../../config';
import { ErrorAlert, SelectField, TextField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { useCommand } from '../../ui/useCommand';
import { useLive } from '../../live';

type Base = { open: boolean; onClose: () => void };

function SaveFooter({ busy, onCancel, label = 'Save' }: { busy: boolean; onCancel: () => void; label?: string }) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" form="store-modal-form" className="btn btn-primary" disabled={busy}>
        {label}
      </button>
    </>
  );
}

export function WarehouseModal({ open, onClose }: Base) {
  const [location, setLocation] = useState('');
  const { error, setError, busy, run } = useCommand();
  useEffect(() => {
    if (open) {
      setLocation('');
      setError('');
    }
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} title="New warehouse" testId="warehouse-modal" footer={<SaveFooter busy={busy} onCancel={onClose} />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if ((await run('warehouse-create', { location })).ok) onClose();
        }}
      >
        <ErrorAlert message={error} />
        <TextField label="Location" value={location} onChange={setLocation} />
      </form>
    </Modal>
  );
}

/** Create category; when `choose` is set (New item with variations on) an existing one may be picked instead. */
/**
 * `choose` (New item with variations on, as the spec opens it): pick or create the item's category, or `onPlain`
 * for an item without variants (yoghurt): variations apply only to the items that have them.
 */
export function CategoryModal({
  open,
  onClose,
  onDone,
  choose,
  onPlain,
  title = 'Create category',
}: Base & { onDone?: (group: { id: string; name: string }) => void; choose?: boolean; onPlain?: () => void; title?: string }) {
  const [value, setValue] = useState('');
  const [existing, setExisting] = useState('');
  const { error, setError, busy, run } = useCommand();
  const categories = useLive('category-list', {}, { enabled: open });
  useEffect(() => {
    if (open) {
      setValue('');
      setExisting('');
      setError('');
    }
  }, [open]);
  const options = (categories.data ?? []).map((c) => ({ value: c._id, label: c.value }));
  return (
    <Modal open={open} onClose={onClose} title={title} testId="category-modal" footer={<SaveFooter busy={busy} onCancel={onClose} label={choose ? 'Continue' : 'Save'} />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (choose && existing) {
            const c = categories.data?.find((x) => x._id === existing);
            if (c) onDone?.({ id: c._id, name: c.value });
            return;
          }
          const r = await run('category-create', { value });
          if (r.ok) onDone ? onDone({ id: r.value.id, name: value.trim() }) : onClose();
        }}
      >
        <ErrorAlert message={error} />
        {choose && options.length > 0 && (
          <SelectField label="Existing category" value={existing} onChange={setExisting} options={options} placeholder="— New category —" />
        )}
        {!existing && <TextField label="Category" value={value} onChange={setValue} />}
        {choose && onPlain && (
          <button type="button" className="btn" onClick={onPlain} data-testid="plain-item">
            No category: a plain item
          </button>
        )}
      </form>
    </Modal>
  );
}

export function VariationModal({ open, onClose }: Base) {
  const cfg = useConfig();
  const [type, setType] = useState('');
  const [value, setValue] = useState('');
  const { error, setError, busy, run } = useCommand();
  useEffect(() => {
    if (open) {
      setType(cfg.variationFields[0] ?? '');
      setValue('');
      setError('');
    }
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} title="Create item variation" testId="variation-modal" footer={<SaveFooter busy={busy} onCancel={onClose} />}>
      <form
        noValidate
        id="store-modal-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if ((await run('variation-create', { type, value })).ok) onClose();
        }}
      >
        <ErrorAlert message={error} />
        {cfg.variationFields.length ? (
          <SelectField label="Type" value={type} onChange={setType} options={cfg.variationFields.map((f) => ({ value: f, label: f }))} />
        ) : (
          <TextField label="Type" value={type} onChange={setType} />
        )}
        <TextField label="Value" value={value} onChange={setValue} />
      </form>
    </Modal>
  );
}

export { SaveFooter };
