/** /sales/new (and /sales/{salesType}): the sale form, or the quick sale when the type asks for it. */
import { useSignals } from '@preact/signals-react/runtime';
import type { ScreenProps } from '../../screen';
import { config, configLoaded } from '../../config';
import { QuickSale } from '../quick/QuickSale';
import { initialState } from './sale-form-state';
import { SaleForm } from './SaleForm';

export function NewSale(props: ScreenProps) {
  useSignals();
  if (props.params.salesType === 'quick') return <QuickSale {...props} />;
  if (!configLoaded.value) return <p>Loading…</p>;
  return (
    <section className="screen">
      <h1>{props.title}</h1>
      <SaleForm cfg={config.value} initial={initialState(config.value)} />
    </section>
  );
}
