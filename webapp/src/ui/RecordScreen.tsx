import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One fact of a record: its label and its value; false for one the record does not have. */
export type Fact = readonly [label: ReactNode, value: ReactNode] | false;

interface Props {
  /** The list of facts' test id. */
  testId: string;
  /** What the record is, each label beside its value (above it on a phone). */
  facts: readonly Fact[];
  /** The heading ('Conteo #5'). */
  title: ReactNode;
  /** The record's state, beside the heading. */
  badge: ReactNode;
  /** Where 'Volver' goes: the record's list. */
  back: string;
  /** What the screen does with the record, between its facts and 'Volver'. */
  children: ReactNode;
}

/** A record's screen: its heading and state, its facts, what may be done with it, and the way
 * back to its list. */
export function RecordScreen({ testId, facts, title, badge, back, children }: Props) {
  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h2 className="mb-0">{title}</h2>
        {badge}
      </div>
      <dl className="row mb-3" data-testid={testId}>
        {facts.map(
          (fact, i) =>
            fact && (
              <Fragment key={i}>
                <dt className="col-sm-3">{fact[0]}</dt>
                <dd className="col-sm-9">{fact[1]}</dd>
              </Fragment>
            ),
        )}
      </dl>
      {children}
      <Link className="btn btn-secondary mt-3" to={back}>
        Volver
      </Link>
    </section>
  );
}
