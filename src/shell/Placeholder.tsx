/** A screen that a later issue fills: shows its title so routes and navigation can be used and tested now. */
import type { ScreenProps } from '../screen';

export function Placeholder({ title }: ScreenProps) {
  return (
    <section className="screen">
      <h1>{title}</h1>
    </section>
  );
}
