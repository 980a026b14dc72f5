import { useEffect, useId, useRef, useState } from 'react';
import type { NamedRef } from '../api/products';
import { matches } from './rules';

interface Props<T extends NamedRef> {
  legend: string;
  type: 'radio' | 'checkbox';
  items: T[];
  isChecked: (item: T) => boolean;
  onToggle: (item: T, checked: boolean) => void;
  /** Shows a box that filters the list by name. */
  searchLabel?: string;
  /** Height of the scroll box, when the list scrolls. */
  height?: number;
  testId?: string;
}

/** A titled radio or checkbox list of named items, optionally searchable and scrolling. */
export function ChoiceList<T extends NamedRef>(props: Props<T>) {
  const { legend, type, items, isChecked, onToggle, searchLabel, height, testId } = props;
  const [search, setSearch] = useState('');
  const id = useId();
  const shown = search.trim() ? items.filter((i) => matches(i.nombre, search)) : items;
  const style = height ? { maxHeight: `${height}px`, overflowY: 'auto' as const } : undefined;
  const box = useRef<HTMLDivElement>(null);
  const revealed = useRef(false);
  // Once the list has loaded, the choice the form opened with is scrolled into the middle of its
  // box (an edit form would otherwise hide the product's brand far down the list). Only then:
  // choosing later must not move the list under the pointer.
  useEffect(() => {
    if (revealed.current || !height || items.length === 0 || !box.current) return;
    revealed.current = true;
    const row = box.current.querySelector('input:checked')?.closest<HTMLElement>('.form-check');
    if (!row) return;
    const middle = row.offsetTop + row.offsetHeight / 2 - box.current.clientHeight / 2;
    box.current.scrollTop = Math.max(0, middle);
  }, [height, items.length]);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold">{legend}</legend>
      {searchLabel && (
        <input
          type="search"
          className="form-control form-control-sm mb-2"
          placeholder={searchLabel}
          aria-label={searchLabel}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      )}
      <div
        ref={box}
        className={height ? 'border rounded p-2 position-relative' : undefined}
        style={style}
        data-testid={testId}
      >
        {shown.map((item) => (
          <div className="form-check" key={item.id}>
            <input
              className="form-check-input"
              type={type}
              name={type === 'radio' ? id : undefined}
              id={`${id}-${item.id}`}
              checked={isChecked(item)}
              onChange={(e) => onToggle(item, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-${item.id}`}>
              {item.nombre}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
