/**
 * /sales/quick, keyboard first (document 001 'Quick-sale screen'): the search box has focus on open and
 * filters items from the worker's in-memory index on every key; arrows move, Enter adds or increments,
 * scanner bursts add after the spec's 100 ms lookup; tiles serve mouse and touch users. Keys: keys.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { PARKED_MESSAGES, type ParkedSale } from '../../../commands/parked';
import { READS } from '../../../commands/index';
import { dispatch } from '../../bus';
import { onChanged } from '../../events';
import type { ScreenProps } from '../../screen';
import { ErrorAlert } from '../../ui/fields';
import { NotFoundItem } from '../NotFoundItem';
import { parkKey } from '../parked/park-keys';
import { ParkDialog, ParkedDialog } from '../parked/ParkDialogs';
import { Basket } from './Basket';
import { CheatSheet } from './CheatSheet';
import { createBurstDetector } from './keys';
import type { QuickSale as Store } from './quick-store';
import { heldQuickSale } from './held-store';
import { LastSale, printLastSale } from './LastSale';
import { loadPrinter } from '../../printer/settings';
import { printAfterSale } from '../../printer/after-sale';
import { useSession } from '../../session';
import { Tiles } from './Tiles';
import { OpenDisplayButton } from '../../display/OpenDisplayButton';
import { QuickSaleFeed } from '../../display/QuickSaleFeed';
import { useConfig } from '../../config';
import { defaultVat } from '../../../commands/lib/sale-math';
import { levelKey } from '../levels/level-pricing';
import { LevelSwitch } from '../levels/LevelSwitch';

/** The search box alone re-renders on each key; the rest of the screen does not. */
function SearchBox({ store, inputRef, onKeyDown }: { store: Store; inputRef: RefObject<HTMLInputElement | null>; onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void }) {
  useSignals();
  const active = store.active.value;
  return (
    <input
      id="quick-search"
      ref={inputRef}
      className="quick-search"
      type="search"
      autoComplete="off"
      placeholder="Search or scan an item…"
      role="combobox"
      aria-expanded="true"
      aria-controls="quick-results"
      aria-activedescendant={store.results.value[active] ? `tile-${active}` : undefined}
      value={store.query.value}
      onChange={(e) => void store.search(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

function QuickError({ store }: { store: Store }) {
  useSignals();
  return <ErrorAlert message={store.error.value} />;
}

function QuickNotFound({ store, onRetry }: { store: Store; onRetry: () => void }) {
  useSignals();
  return (
    <NotFoundItem
      code={store.notFound.value}
      onRetry={() => {
        store.notFound.value = null;
        onRetry();
      }}
    />
  );
}

/** The level in use, as a switch (F3 switches it from anywhere on the screen). */
function QuickLevel({ store }: { store: Store }) {
  useSignals();
  return <LevelSwitch levels={store.levels.value} value={store.level.value} onChange={store.setLevel} />;
}

export function QuickSale({ title }: ScreenProps) {
  // The tab's basket for this user, kept while the screen is away (the lock screen, another menu entry): issue 39.
  const user = useSession();
  const store = useMemo(() => heldQuickSale(`${user?.business ?? ''}/${user?.username ?? ''}`), [user?.business, user?.username]);
  const { priceLevels, useVat, vatPercentage, vatType, quickSaleAfter } = useConfig();
  useEffect(() => {
    store.levels.value = priceLevels;
    store.after.value = quickSaleAfter;
  }, [store, priceLevels, quickSaleAfter]);
  // VAT as the sale form charges it (issue 39 item 7): the settings' rate and type.
  useEffect(() => {
    store.vat.value = defaultVat({ useVat, vatPercentage, vatType });
  }, [store, useVat, vatPercentage, vatType]);
  const burst = useMemo(() => createBurstDetector(), []);
  const searchRef = useRef<HTMLInputElement>(null);
  const paidRef = useRef<HTMLInputElement>(null);
  const qtyRefs = useRef<(HTMLInputElement | null)[]>([]);
  const customerRef = useRef<HTMLDivElement>(null);

  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  /** Complete: with 'Next sale' (the default) the screen stays, a fresh basket, and the search has focus again. */
  const complete = async () => {
    if ((await store.complete()) && store.after.value === 'next') focusSearch();
  };
  const [dialog, setDialog] = useState<'park' | 'resume' | null>(null);
  const [blocked, setBlocked] = useState('');

  const park = async (label: string): Promise<string | undefined> => {
    const reply = await dispatch('parked-save', store.parkInput(label));
    if (!reply.ok) return reply.error.message;
    store.clear();
    return undefined;
  };

  const resume = async (p: ParkedSale) => {
    const reply = await dispatch('parked-take', { id: p.id });
    setDialog(null);
    if (!reply.ok) {
      store.error.value = reply.error.message;
      return;
    }
    await store.restore(reply.value);
    focusSearch();
  };

  const openParking = (which: 'park' | 'resume') => {
    if (which === 'park' && !store.basket.value.length) {
      store.error.value = PARKED_MESSAGES.empty;
      return;
    }
    // Resuming replaces the basket on screen, so a basket in progress is parked or completed first.
    setBlocked(which === 'resume' && store.basket.value.length ? PARKED_MESSAGES.busy : '');
    setDialog(which);
  };
  useEffect(() => {
    focusSearch();
    void store.search('');
  }, [store]);
  // Live results: a price or stock changed (here or on another till) is on the tiles at once, and Enter adds it.
  useEffect(() => onChanged(READS['item-search'], () => void store.refresh()), [store]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const empty = store.query.value === '';
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      store.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && !e.ctrlKey) {
      e.preventDefault();
      const text = store.query.value.trim();
      if (text && burst.isBurst(store.query.value.length, e.timeStamp)) void store.scan(text);
      else void store.addHighlighted();
      burst.reset();
      if (text) void store.search('');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      burst.reset();
      void store.search('');
    } else if (empty && (e.key === '+' || e.key === '-')) {
      e.preventDefault();
      const line = store.basket.value[store.selected.value];
      if (line) store.setQuantity(store.selected.value, line.quantity + (e.key === '+' ? 1 : -1));
    } else if (empty && e.key === 'Delete') {
      e.preventDefault();
      if (store.selected.value >= 0) store.remove(store.selected.value);
    } else if (e.key.length === 1) burst.typed(e.timeStamp);
  };

  // Keys that work wherever focus is on this screen.
  const onScreenKey = (e: KeyboardEvent<HTMLElement>) => {
    // The dialogs are portals: their keys bubble here through React and belong to them.
    if (dialog) return;
    const level = levelKey(e, store.levels.value, store.level.value);
    if (level !== undefined) {
      e.preventDefault();
      store.setLevel(level);
      return;
    }
    const parking = parkKey(e);
    if (parking) {
      e.preventDefault();
      openParking(parking);
    } else if (e.key === 'Enter' && e.ctrlKey) {
      e.preventDefault();
      void complete();
    } else if ((e.ctrlKey || e.metaKey) && e.code === 'KeyP' && store.lastSale.value) {
      // The last sale's receipt: on this till's receipt printer when it has one, else the browser's print.
      e.preventDefault();
      if (loadPrinter()) void printAfterSale(store.lastSale.value.id);
      else printLastSale();
    } else if (e.key === 'F9') {
      e.preventDefault();
      paidRef.current?.focus();
      paidRef.current?.select();
    } else if (e.altKey && e.code === 'KeyC' && !e.ctrlKey && !e.metaKey) {
      // The customer: a managed one from the keyboard (the sale goes on her account) or a walk-in's name.
      e.preventDefault();
      customerRef.current?.querySelector('input')?.focus();
    } else if (e.key === 'F4') {
      e.preventDefault();
      const input = qtyRefs.current[store.selected.value];
      input?.focus();
      input?.select();
    } else if (e.key === 'F6') {
      // The selected line in the item's next unit (issue 28): piece → carton → piece.
      e.preventDefault();
      store.nextUnit(store.selected.value);
    } else if (e.key === 'PageUp' || e.key === 'PageDown') {
      e.preventDefault();
      store.selectLine(e.key === 'PageUp' ? -1 : 1);
    } else if (e.key === 'Escape' && e.target !== searchRef.current) {
      e.preventDefault();
      focusSearch();
    }
  };

  return (
    <section className="screen quick-sale" onKeyDown={onScreenKey} data-testid="quick-sale">
      <h1>{title}</h1>
      <QuickSaleFeed store={store} />
      <div className="quick-grid">
        <div className="quick-left">
          <label htmlFor="quick-search" className="visually-hidden">
            Search items
          </label>
          <QuickLevel store={store} />
          <SearchBox store={store} inputRef={searchRef} onKeyDown={onSearchKey} />
          <Tiles store={store} onPick={focusSearch} />
        </div>
        <div className="quick-right">
          <QuickError store={store} />
          <LastSale store={store} />
          <Basket store={store} paidRef={paidRef} qtyRefs={qtyRefs} customerRef={customerRef} onBack={focusSearch} onComplete={() => void complete()} />
          <CheatSheet />
          <OpenDisplayButton />
        </div>
      </div>
      <QuickNotFound store={store} onRetry={focusSearch} />
      <ParkDialog open={dialog === 'park'} onClose={() => setDialog(null)} onPark={park} />
      <ParkedDialog open={dialog === 'resume'} onClose={() => setDialog(null)} onResume={(p) => void resume(p)} blocked={blocked} />
    </section>
  );
}

export type { Store };
