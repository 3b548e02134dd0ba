/**
 * The printed page of an invoice, receipt or Z-report: ./page-size.ts's @page rule. A roll (58, 80, 105 mm) with
 * no height set in the settings is cut to what it prints: the page is as long as the printed element measures
 * (followed as it changes), plus a little feed, never an A4 length.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { PaperSize } from '../../../commands/config';
import { isRoll, pageRule, pxToMm } from './page-size';

/** Paper fed past the last line, so the cutter does not cut through it. */
const FEED_MM = 8;

export function PageRule({ size, height, printed }: { size: PaperSize; height: string; printed: RefObject<HTMLElement | null> }) {
  const [measured, setMeasured] = useState('');
  const fits = isRoll(size) && !height.trim();
  // After the commit (refs attached): the printed element is a later sibling.
  useEffect(() => {
    const el = printed.current;
    if (!fits || !el) return setMeasured('');
    const measure = () => setMeasured(`${pxToMm(el.getBoundingClientRect().height) + FEED_MM}mm`);
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [fits, printed]);
  return <style>{pageRule(size, fits ? measured : height)}</style>;
}
