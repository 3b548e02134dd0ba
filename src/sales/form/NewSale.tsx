/**
 * /sales/new (and /sales/{salesType}): the sale form, or the quick sale when the type asks for it. Only the
 * spec's sales types ('quick', 'default') are pages: any other /sales/{word} is not found, not a plain sale.
 */
import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CONFIG_CHOICES } from '../../../commands/config';
import type { ScreenProps } from '../../screen';
import { config, configLoaded } from '../../config';
import { notFound } from '../../router';
import { QuickSale } from '../quick/QuickSale';
import { initialState } from './sale-form-state';
import { SaleForm } from './SaleForm';

export function NewSale(props: ScreenProps) {
  useSignals();
  const type = props.params.salesType;
  const unknown = type !== undefined && !(CONFIG_CHOICES.salesType ?? []).includes(type);
  useEffect(() => {
    if (unknown) notFound();
  }, [unknown]);
  if (unknown) return null;
  if (type === 'quick') return <QuickSale {...props} />;
  if (!configLoaded.value) return <p>Loading…</p>;
  return (
    <section className="screen">
      <h1>{props.title}</h1>
      <SaleForm cfg={config.value} initial={initialState(config.value)} />
    </section>
  );
}
