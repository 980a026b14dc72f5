import { useEffect, type ReactNode } from 'react';
import { alert } from '../app/alerts';

interface Props {
  /** The screen's heading, kept over the failure. */
  heading: string;
  /** The error alert's title. */
  title: string;
  message: string;
  /** The way back. */
  children: ReactNode;
}

/** An edit screen whose record could not be read: says why in an error alert and on the page,
 * under the screen's heading, with the way back. */
export function ReadFailed({ heading, title, message, children }: Props) {
  useEffect(() => {
    void alert('error', title, message);
  }, [title, message]);
  return (
    <section>
      <h2 className="mb-3">{heading}</h2>
      <p className="alert alert-danger">{message}</p>
      {children}
    </section>
  );
}
