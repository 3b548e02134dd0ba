import { useState } from 'react';
import type { ScreenProps } from '../screen';
import { emptyForm } from './form-state';
import { PurchaseForm } from './PurchaseForm';

export function NewPurchase({ title }: ScreenProps) {
  const [initial] = useState(() => emptyForm(Date.now()));
  return (
    <section className="screen">
      <h1>{title}</h1>
      <PurchaseForm initial={initial} />
    </section>
  );
}
