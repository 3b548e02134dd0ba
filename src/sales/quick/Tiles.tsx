/** The result tiles: optional image, name, price and available count; a click adds (mouse and touch users). */
import { inPacks } from '../../../commands/lib/units';
import { memo, useCallback } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney } from '../../../commands/lib/money';
import { describeLine } from '../../../commands/purchases';
import type { ItemHit } from '../../../commands/items';
import { useConfig } from '../../config';
import type { QuickSale } from './quick-store';
import { levelPriceOf } from '../../../commands/lib/price-levels';

/** `price`: the hit's price at the level in use (retail when it has none there), as a line of one would be. */
type TileProps = { hit: ItemHit; price: number; index: number; active: boolean; symbol: string; onAdd: (hit: ItemHit) => void };

/** Every answer arrives as new objects (structured clone): compare what a tile shows, not identity. */
function sameTile(a: TileProps, b: TileProps): boolean {
  return (
    a.index === b.index && a.active === b.active && a.symbol === b.symbol && a.onAdd === b.onAdd &&
    a.hit._id === b.hit._id && a.hit.name === b.hit.name && a.price === b.price && a.hit.balance === b.hit.balance && a.hit.image === b.hit.image &&
    JSON.stringify(a.hit.variation) === JSON.stringify(b.hit.variation)
  );
}

const Tile = memo(function Tile({ hit, price, index, active, symbol, onAdd }: TileProps) {
  return (
    <li
      id={`tile-${index}`}
      role="option"
      aria-selected={active}
      className={`tile${active ? ' tile-active' : ''}${hit.balance < 1 ? ' tile-out' : ''}`}
      onClick={() => onAdd(hit)}
    >
      {hit.image ? <img src={hit.image} alt="" className="tile-image" /> : <span className="tile-image tile-blank" aria-hidden="true" />}
      <span className="tile-name" title={describeLine(hit.name, hit.variation)}>
        {describeLine(hit.name, hit.variation)}
      </span>
      <span className="tile-price">{formatMoney(price, symbol)}</span>
      {/* An item with packs counts its stock in them too: '8 cartons 19 pieces left' (issue 28). */}
      <span className="tile-left">{hit.units?.length ? inPacks(hit.balance, hit) : hit.balance} left</span>
    </li>
  );
}, sameTile);

export function Tiles({ store, onPick }: { store: QuickSale; onPick: () => void }) {
  useSignals();
  const cfg = useConfig();
  const results = store.results.value;
  const active = store.active.value;
  const level = store.level.value;
  const onAdd = useCallback(
    (hit: ItemHit) => {
      store.add(hit);
      onPick();
    },
    [store, onPick],
  );
  return (
    <>
      <ul id="quick-results" role="listbox" aria-label="Items" className="tiles" data-testid="quick-results" data-query={store.resultsFor.value}>
        {/* Keyed by place: a new answer rewrites the text of the tiles already there instead of replacing them. */}
        {results.map((hit, i) => (
          <Tile key={i} hit={hit} price={(level ? levelPriceOf(hit, level) : undefined) ?? hit.price} index={i} active={i === active} symbol={cfg.currency} onAdd={onAdd} />
        ))}
      </ul>
      {!results.length && <p className="muted">No item matches.</p>}
      {store.matches.value > results.length && (
        <p className="muted">
          Showing {results.length} of {store.matches.value}: keep typing to narrow.
        </p>
      )}
    </>
  );
}
