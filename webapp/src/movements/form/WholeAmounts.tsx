/** An amount of money as formatPesos writes it ('$ 1.234,56', '-$ 0,30'). */
const AMOUNT = /(-?\$ [\d.,]+)/;

/** A sentence with amounts of money in it, each amount kept on one line: on a phone the sentence
 * wraps between its words, never between '$' and its figure. */
export function WholeAmounts({ text }: { text: string }) {
  return (
    <>
      {text.split(AMOUNT).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="text-nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
