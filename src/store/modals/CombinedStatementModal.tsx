/** Combined Statement: tick items; Open is enabled only with two or more and goes to /store/{id1}--{id2}... */
import { useEffect, useState } from 'react';
import type { ItemHit } from '../../../commands/items';
import { dispatch } from '../../bus';
import { navigate } from '../../router';
import { TextField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { describe } from '../../ui/ItemPicker';

export function CombinedStatementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<ItemHit[]>([]);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    if (open) {
      setQuery('');
      setChosen(new Map());
    }
  }, [open]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void dispatch('item-search', { query, limit: 50 }).then((r) => live && r.ok && setHits(r.value.rows));
    return () => {
      live = false;
    };
  }, [open, query]);
  const toggle = (h: ItemHit) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(h._id)) next.delete(h._id);
      else next.set(h._id, describe(h));
      return next;
    });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Combined Statement"
      testId="combined-modal"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={chosen.size < 2}
            onClick={() => {
              onClose();
              navigate(`/store/${[...chosen.keys()].join('--')}`);
            }}
          >
            Open
          </button>
        </>
      }
    >
      <TextField label="Search items" value={query} onChange={setQuery} type="search" />
      <p>{chosen.size} selected{chosen.size ? `: ${[...chosen.values()].join(', ')}` : ''}</p>
      <ul className="check-list">
        {hits.map((h) => (
          <li key={h._id}>
            <label>
              <input type="checkbox" checked={chosen.has(h._id)} onChange={() => toggle(h)} /> {describe(h)}
            </label>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
