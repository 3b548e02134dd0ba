/**
 * One barcode as SVG, drawn by JsBarcode. The library is imported on first use, so its code arrives with the
 * first label and never with the app's first load.
 */
import { useEffect, useRef } from 'react';
import type { BarcodeKind } from './label-sheet';

type Props = { value: string; format: BarcodeKind; onDrawn?: () => void };

export function Barcode({ value, format, onDrawn }: Props) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    let live = true;
    void import('jsbarcode').then(({ default: JsBarcode }) => {
      if (!live || !ref.current) return;
      JsBarcode(ref.current, value, { format, displayValue: true, margin: 0, height: 40, width: 1.4, fontSize: 13, textMargin: 1 });
      onDrawn?.();
    });
    return () => {
      live = false;
    };
  }, [value, format]);
  return <svg ref={ref} className="label-barcode" data-code={value} data-format={format} role="img" aria-label={`Barcode ${value}`} />;
}
